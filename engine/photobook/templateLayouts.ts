/**
 * A book template's own layouts as the auto layout reads them (issue 33): an author defines page
 * layouts as part types (engine/book.ts), the auto layout thinks in slots as fractions of the page.
 * And back: the laid-out pages as the book's inner pages and the resources that fill their slots and
 * the cover's.
 */
import { type BookPageRef, type BookTemplate, bookPageId, coverPageOf, layoutSlots } from '../book.ts';
import type { CropRect } from '../image.ts';
import { suggestedCrop } from '../suggestedCrop.ts';
import type { RenderPart } from '../template.ts';
import type { LaidOutPage } from './autoLayout.ts';
import type { BookPicture } from './bookPicture.ts';
import { orientationOf, type PageLayout, type PageRect } from './pageLayouts.ts';

function fractionOfPage(t: BookTemplate, part: RenderPart): PageRect {
  const { width, height } = t.dimensions;
  // A full-bleed slot is drawn past the trim; the layout reasons about the page the shopper sees.
  const x = Math.max(0, part.position.x);
  const y = Math.max(0, part.position.y);
  return {
    x: x / width,
    y: y / height,
    width: (Math.min(width, part.position.x + part.size.width) - x) / width,
    height: (Math.min(height, part.position.y + part.size.height) - y) / height,
  };
}

/** The template's inner-page layouts, each slot's box a fraction of the page, in the part type's slot order. */
export function templateLayouts(t: BookTemplate): PageLayout[] {
  return t.book.layouts.map((id) => {
    const slots = layoutSlots(t, id);
    const caption = slots.find((s) => s.type === 'STRING');
    return {
      id,
      slots: slots
        .filter((s) => s.type === 'IMAGE')
        .map((s) => ({
          ...fractionOfPage(t, s.part),
          orientation: orientationOf(s.part.size.width / s.part.size.height),
        })),
      caption: caption ? fractionOfPage(t, caption.part) : null,
    };
  });
}

/** A picture in a book's slot, as the cart line's resources carry it. */
export interface BookSlotResource {
  fullId: string;
  type: 'IMAGE';
  image: { uuid: string; rotation: 0; cropRect: CropRect };
}

/**
 * The cover's picture slots, filled with the book's own pictures: those with faces first (a cover is
 * most often people), else in the book's order; each cropped to its slot about its faces. The cover
 * shows a picture the pages show too, as a printed book's does.
 */
function coverPictures(
  t: BookTemplate,
  pages: readonly LaidOutPage[],
  pictures: readonly BookPicture[],
): BookSlotResource[] {
  const byUuid = new Map(pictures.map((p) => [p.uuid, p]));
  const inBook = pages.flatMap((p) => p.slots.map((s) => byUuid.get(s.picture)!)).filter(Boolean);
  const withFaces = inBook.filter((p) => (p.faces?.length ?? 0) > 0);
  const choice = [...withFaces, ...inBook.filter((p) => !withFaces.includes(p))];
  const slots = layoutSlots(t, t.book.cover).filter((s) => s.type === 'IMAGE');
  return slots.flatMap((slot, i) => {
    const picture = choice[i % Math.max(1, choice.length)];
    if (!picture) return [];
    const frame = { widthMm: slot.part.size.width, heightMm: slot.part.size.height };
    const regions = picture.faces?.length ? { faces: picture.faces, salient: null } : null;
    return [
      {
        fullId: `${coverPageOf(t).id}:${slot.resourceId}`,
        type: 'IMAGE' as const,
        image: {
          uuid: picture.uuid,
          rotation: 0 as const,
          cropRect: suggestedCrop(picture, 0, frame, 'fill-in', regions),
        },
      },
    ];
  });
}

/**
 * The laid-out pages as the book's inner pages (ids b1, b2, … in order) and the pictures in their
 * slots: the i-th slot of a page is its layout's i-th picture slot.
 */
export function bookFromLayout(
  t: BookTemplate,
  pages: readonly LaidOutPage[],
  pictures: readonly BookPicture[],
): { bookPages: BookPageRef[]; resources: BookSlotResource[] } {
  const bookPages: BookPageRef[] = [];
  const resources: BookSlotResource[] = coverPictures(t, pages, pictures);
  for (const [n, page] of pages.entries()) {
    const id = bookPageId(n + 1);
    bookPages.push({ id, typeId: page.layout });
    const imageSlots = layoutSlots(t, page.layout).filter((s) => s.type === 'IMAGE');
    for (const [i, slot] of page.slots.entries()) {
      const at = imageSlots[i];
      if (!at) throw new RangeError(`Layout ${page.layout} has no picture slot ${i + 1}`);
      resources.push({
        fullId: `${id}:${at.resourceId}`,
        type: 'IMAGE',
        image: { uuid: slot.picture, rotation: 0, cropRect: slot.crop },
      });
    }
  }
  return { bookPages, resources };
}
