/**
 * Demo photo gifts: the page is the print area (a mug's wrap, a canvas's face), one picture filling
 * it, and on two of them a text. Mugs sit on the page; canvases are drawn lifted off it.
 */
import type { Template } from '../../../engine/template.ts';
import { font, imagePart, onePage, photo, textOf, userText } from './helpers.ts';

const MUG_WRAP = { width: 200, height: 85 };

export function photoMug(): Template {
  return onePage({
    slug: 'gift-photo-mug',
    name: { en_GB: 'Photo mug', nb_NO: 'Fotokrus', da_DK: 'Fotokrus' },
    type: 'PHOTOGIFT',
    categories: ['MUG'],
    product: 'mug',
    dimensions: MUG_WRAP,
    separateFromBackground: false,
    resources: [photo('photo')],
    parts: [imagePart('photo', { x: 0, y: 0, w: 200, h: 85 })],
  });
}

/** The picture shows when the mug is hot; a name sits beside it. */
export function magicMug(): Template {
  const name = userText('name', font('Graduate', 22, '#222222', { text: 'Best dad' }));
  return onePage({
    slug: 'gift-magic-mug',
    name: { en_GB: 'Magic mug with a name', nb_NO: 'Magisk krus med navn', da_DK: 'Magisk krus med navn' },
    type: 'PHOTOGIFT',
    categories: ['MUG'],
    product: 'magic-mug',
    dimensions: MUG_WRAP,
    separateFromBackground: false,
    resources: [photo('photo'), name],
    parts: [imagePart('photo', { x: 0, y: 0, w: 135, h: 85 }), textOf(name, { x: 140, y: 20, w: 56, h: 45 })],
  });
}

export function canvas30x40(): Template {
  return onePage({
    slug: 'gift-canvas-30x40',
    name: { en_GB: 'Canvas 30x40', nb_NO: 'Lerret 30x40', da_DK: 'Lærred 30x40' },
    type: 'PHOTOGIFT',
    categories: ['CANVAS'],
    product: 'canvas-30x40',
    dimensions: { width: 300, height: 400 },
    separateFromBackground: true,
    resources: [photo('photo')],
    parts: [imagePart('photo', { x: 0, y: 0, w: 300, h: 400 })],
  });
}

/** A square canvas with an optional caption along the bottom (empty prints nothing). */
export function canvas40x40(): Template {
  const caption = userText('caption', font('Tourney', 36, '#FFFFFF', { text: '' }));
  return onePage({
    slug: 'gift-canvas-40x40',
    name: {
      en_GB: 'Canvas 40x40 with caption',
      nb_NO: 'Lerret 40x40 med tekst',
      da_DK: 'Lærred 40x40 med tekst',
    },
    type: 'PHOTOGIFT',
    categories: ['CANVAS'],
    product: 'canvas-40x40',
    dimensions: { width: 400, height: 400 },
    separateFromBackground: true,
    resources: [photo('photo'), caption],
    parts: [
      imagePart('photo', { x: 0, y: 0, w: 400, h: 400 }),
      textOf(caption, { x: 20, y: 340, w: 360, h: 40 }),
    ],
  });
}

export const demoGifts = (): Template[] => [photoMug(), magicMug(), canvas30x40(), canvas40x40()];
