/**
 * Demo cards. The 10x15 cards are flat, landscape, one-sided: the page is 148x105 mm. The square
 * cards are 150x150 mm. Every card is drawn lifted off the page (separateFromBackground).
 */
import type { Template } from '../../../engine/template.ts';
import {
  art,
  type Box,
  fixedText,
  font,
  imagePart,
  onePage,
  photo,
  rotated,
  textOf,
  userText,
} from './helpers.ts';

const LANDSCAPE = { width: 148, height: 105 };
const SQUARE = { width: 150, height: 150 };
const fullPage = (d: { width: number; height: number }): Box => ({ x: 0, y: 0, w: d.width, h: d.height });

/** Balloons: one tilted picture, a fixed heading and the shopper's greeting. Version 2 changed the greeting font. */
export function balloonParty(version: 1 | 2 = 2): Template {
  const heading = fixedText('heading', font('Lobster', 26, '#C52B2B', { text: 'Happy birthday!' }));
  const greeting = userText(
    'greeting',
    version === 1
      ? font('Roboto', 12, '#333333', { text: 'Have a wonderful day' })
      : font('Pacifico', 14, '#333333', { text: 'Have a wonderful day' }),
  );
  const photoBox = { x: 8, y: 10, w: 78, h: 85 };
  return onePage({
    slug: 'card-balloon-party',
    version,
    name: { en_GB: 'Balloon party', nb_NO: 'Ballongfest', da_DK: 'Ballonfest' },
    type: 'CARDS',
    categories: ['BIRTHDAY'],
    product: 'card-10x15',
    dimensions: LANDSCAPE,
    separateFromBackground: true,
    resources: [art('background', 'balloons.svg', 1480, 1050), photo('photo'), heading, greeting],
    parts: [
      imagePart('background', fullPage(LANDSCAPE)),
      imagePart('photo', photoBox, rotated(-4, photoBox)),
      textOf(heading, { x: 90, y: 14, w: 54, h: 26 }),
      textOf(greeting, { x: 90, y: 48, w: 54, h: 40 }),
    ],
  });
}

/** Three pictures in a row on confetti, with a heading and a greeting: the collage card. */
export function partyCollage(): Template {
  const heading = fixedText('heading', font('Bebas Neue', 30, '#A72BC5', { text: 'Best day ever' }));
  const greeting = userText('greeting', font('Comfortaa', 12, '#333333', { text: 'Hugs from all of us' }));
  return onePage({
    slug: 'card-party-collage',
    name: { en_GB: 'Party collage', nb_NO: 'Festkollasj', da_DK: 'Festcollage' },
    type: 'CARDS',
    categories: ['BIRTHDAY'],
    product: 'card-10x15',
    dimensions: LANDSCAPE,
    separateFromBackground: true,
    resources: [
      art('background', 'confetti.svg', 1500, 1500),
      photo('photo1'),
      photo('photo2'),
      photo('photo3'),
      heading,
      greeting,
    ],
    parts: [
      imagePart('background', fullPage(LANDSCAPE)),
      imagePart('photo1', { x: 6, y: 6, w: 44, h: 58 }),
      imagePart('photo2', { x: 52, y: 6, w: 44, h: 58 }),
      imagePart('photo3', { x: 98, y: 6, w: 44, h: 58 }),
      textOf(heading, { x: 6, y: 68, w: 136, h: 16 }),
      textOf(greeting, { x: 6, y: 86, w: 136, h: 14 }),
    ],
  });
}

/** A big age number and one picture on a square card. */
export function bigNumber(): Template {
  const age = userText('age', font('Racing Sans One', 96, '#C52B2B', { text: '40' }));
  const wish = fixedText('wish', font('Roboto', 14, '#333333', { text: 'Happy birthday' }));
  return onePage({
    slug: 'card-big-number',
    name: { en_GB: 'Big number', nb_NO: 'Store tall', da_DK: 'Store tal' },
    type: 'CARDS',
    categories: ['BIRTHDAY'],
    product: 'card-15x15',
    dimensions: SQUARE,
    separateFromBackground: true,
    resources: [art('background', 'confetti.svg', 1500, 1500), photo('photo'), age, wish],
    parts: [
      imagePart('background', fullPage(SQUARE)),
      imagePart('photo', { x: 10, y: 10, w: 130, h: 85 }),
      textOf(age, { x: 10, y: 96, w: 80, h: 46 }, { font: { ...age.font!, horizontalAlign: 'left' } }),
      textOf(wish, { x: 90, y: 110, w: 50, h: 20 }, { font: { ...wish.font!, horizontalAlign: 'right' } }),
    ],
  });
}

/** Text only: holly sprigs in two corners, a fixed greeting and the shopper's words. */
export function hollyGreetings(): Template {
  const heading = fixedText('heading', font('Dancing Script', 34, '#C52B2B', { text: 'Merry Christmas' }));
  const message = userText(
    'message',
    font('Lora', 13, '#2E3B2F', { text: 'Wishing you peace and joy this season' }),
  );
  const corner = { x: 2, y: 2, w: 40, h: 20 };
  const opposite = { x: 106, y: 83, w: 40, h: 20 };
  return onePage({
    slug: 'card-holly-greetings',
    name: { en_GB: 'Holly greetings', nb_NO: 'Kristtorn', da_DK: 'Kristtjørn' },
    type: 'CARDS',
    categories: ['CHRISTMAS'],
    product: 'card-10x15',
    dimensions: LANDSCAPE,
    separateFromBackground: true,
    resources: [art('holly', 'holly.svg', 1200, 600), heading, message],
    parts: [
      imagePart('holly', corner, { adaption: 'fit-in' }),
      imagePart('holly', opposite, { adaption: 'fit-in', ...rotated(180, opposite) }),
      textOf(heading, { x: 10, y: 24, w: 128, h: 28 }),
      textOf(message, { x: 14, y: 56, w: 120, h: 26 }),
    ],
  });
}

/** A square Christmas card: a snowy red frame around one picture, with holly and a greeting. */
export function snowyFrame(): Template {
  const greeting = userText(
    'greeting',
    font('Playfair Display', 16, '#8E1B1B', { text: 'Merry Christmas and a happy new year' }),
  );
  const sprig = { x: 100, y: 98, w: 36, h: 18 };
  return onePage({
    slug: 'card-snowy-frame',
    name: { en_GB: 'Snowy frame', nb_NO: 'Snøramme', da_DK: 'Sneramme' },
    type: 'CARDS',
    categories: ['CHRISTMAS'],
    product: 'card-15x15',
    dimensions: SQUARE,
    separateFromBackground: true,
    resources: [
      art('background', 'snow-square.svg', 1500, 1500),
      art('holly', 'holly.svg', 1200, 600),
      photo('photo'),
      greeting,
    ],
    parts: [
      imagePart('background', fullPage(SQUARE)),
      imagePart('photo', { x: 18, y: 18, w: 114, h: 84 }),
      imagePart('holly', sprig, { adaption: 'fit-in', ...rotated(-12, sprig) }),
      textOf(greeting, { x: 18, y: 112, w: 114, h: 22 }, { font: { ...greeting.font!, color: '#FFFFFF' } }),
    ],
  });
}

/** Leaves: a picture, a handwritten "Thank you" and the shopper's words. */
export function leafThankYou(): Template {
  const heading = fixedText('heading', font('Sacramento', 40, '#2F5D3A', { text: 'Thank you' }));
  const message = userText('message', font('Montserrat', 12, '#2E3B2F', { text: 'It meant so much to us' }));
  return onePage({
    slug: 'card-leaf-thank-you',
    name: { en_GB: 'Leaf thank-you', nb_NO: 'Takk med blader', da_DK: 'Tak med blade' },
    type: 'CARDS',
    categories: ['THANKS'],
    product: 'card-10x15',
    dimensions: LANDSCAPE,
    separateFromBackground: true,
    resources: [art('background', 'leaves.svg', 1480, 1050), photo('photo'), heading, message],
    parts: [
      imagePart('background', fullPage(LANDSCAPE)),
      imagePart('photo', { x: 8, y: 8, w: 70, h: 89 }),
      textOf(heading, { x: 82, y: 14, w: 60, h: 34 }),
      textOf(message, { x: 82, y: 54, w: 60, h: 38 }),
    ],
  });
}

/** Two pictures side by side on a square card, a bold THANKS and a line of text under each picture. */
export function twoThanks(): Template {
  const heading = fixedText('heading', font('Anton', 36, '#2F5D3A', { text: 'THANKS' }));
  const message = userText('message', font('Oswald', 12, '#2E3B2F', { text: 'From the two of us' }));
  const names = userText('names', font('Oswald', 12, '#2E3B2F', { text: 'Kari and Ola' }));
  return onePage({
    slug: 'card-two-thanks',
    name: { en_GB: 'Thanks from two', nb_NO: 'Takk fra to', da_DK: 'Tak fra to' },
    type: 'CARDS',
    categories: ['THANKS'],
    product: 'card-15x15',
    dimensions: SQUARE,
    separateFromBackground: true,
    resources: [
      art('background', 'leaves.svg', 1480, 1050),
      photo('left'),
      photo('right'),
      heading,
      message,
      names,
    ],
    parts: [
      imagePart('background', fullPage(SQUARE)),
      imagePart('left', { x: 10, y: 10, w: 63, h: 82 }),
      imagePart('right', { x: 77, y: 10, w: 63, h: 82 }),
      textOf(heading, { x: 10, y: 96, w: 130, h: 26 }),
      textOf(message, { x: 10, y: 124, w: 63, h: 16 }),
      textOf(names, { x: 77, y: 124, w: 63, h: 16 }),
    ],
  });
}

/** The current version of every demo card, in list order. */
export const demoCards = (): Template[] => [
  balloonParty(),
  partyCollage(),
  bigNumber(),
  hollyGreetings(),
  snowyFrame(),
  leafThankYou(),
  twoThanks(),
];
