/**
 * The photo book editor's pure rules (issue 33): a new book's pages, the book an auto-create job
 * made as an editor instance, the page steps the overview offers with their prices, and the spreads
 * the preview shows.
 */
import type {
  BookPageRef,
  BookTemplate,
  Instance,
  PictureRef,
  TrayPicture,
} from '../../../../engine/index.ts';
import {
  bookPageId,
  createInstance,
  defaultBookPages,
  nextBookPageNumber,
} from '../../../../engine/index.ts';
import type { PageRules, Product, TemplateLineAdd } from '../../../../shop/index.ts';
import { nextPageCount, photobookPrice, previousPageCount, validPageCount } from '../../../../shop/index.ts';

/**
 * A book made by hand starts with the template's sample pages, then pages of its default layout up to
 * the product's least count, so it can be ordered as soon as its slots are filled.
 */
export function freshBookPages(t: BookTemplate, rules: PageRules): BookPageRef[] {
  const pages = defaultBookPages(t).slice(0, rules.max);
  let n = nextBookPageNumber(t, pages);
  while (pages.length < rules.min || !validPageCount(rules, pages.length)) {
    pages.push({ id: bookPageId(n++), typeId: t.book.defaultLayout });
  }
  return pages;
}

/**
 * The editor instance of an auto-created book: its `design` (the cart line's body) opened on its
 * pages, each picture at its upright size (`sizes`, from the uploads), and every picture the book was
 * made from in the tray, those it left out too, so they can be put back.
 */
export function designInstance(
  t: BookTemplate,
  design: TemplateLineAdd,
  sizes: ReadonlyMap<string, { width: number; height: number }>,
  today: Date,
): Instance {
  const instance = createInstance(t, today, design.template.bookPages ?? undefined);
  for (const r of design.template.resources) {
    const fullId = r.fullId ?? r.id;
    const current = fullId ? instance.resources[fullId] : undefined;
    if (!fullId || !current) continue;
    if (r.type === 'IMAGE' && current.type === 'IMAGE') {
      const size = r.image ? sizes.get(r.image.uuid) : undefined;
      if (!r.image || !size) continue;
      instance.resources[fullId] = {
        type: 'IMAGE',
        image: {
          uuid: r.image.uuid,
          ...size,
          rotation: r.image.rotation ?? 0,
          effect: r.image.overrideEffect ?? r.image.effect ?? 'original',
          cropRect: { ...r.image.cropRect },
        },
      };
    }
    if (r.type === 'STRING' && current.type === 'STRING') {
      const text = r.text ?? r.font?.text;
      if (text !== undefined)
        instance.resources[fullId] = { ...current, text, font: { ...current.font, text } };
    }
  }
  instance.tray = [...sizes].map(([uuid, size]) => ({ uuid, ...size }));
  instance.dirty = true;
  return instance;
}

/** What Add pages and Remove pages do now: the next and previous counts in the product's step, if any. */
export function pageSteps(rules: PageRules, pages: number): { add: number; remove: number } {
  const next = nextPageCount(rules, pages);
  const previous = previousPageCount(rules, pages);
  return { add: next === null ? 0 : next - pages, remove: previous === null ? 0 : pages - previous };
}

/** The book's price at its page count (one copy), as the server will price it. */
export function bookPrice(product: Product, pages: number): number | null {
  if (!product.photobook || !validPageCount(product.photobook.pages, pages)) return null;
  return photobookPrice({ ...product, photobook: product.photobook }, pages);
}

/**
 * The spreads a printed book opens to: the first inner page alone on the right (its left is the
 * inside of the cover), then pairs, and the last page alone on the left when the count is even.
 */
export function spreads<T>(pages: readonly T[]): [T | null, T | null][] {
  if (pages.length === 0) return [];
  const out: [T | null, T | null][] = [[null, pages[0]!]];
  for (let k = 1; k < pages.length; k += 2) out.push([pages[k]!, pages[k + 1] ?? null]);
  return out;
}

/** A picture as the tray keeps it, from an uploaded picture. */
export const trayPicture = (p: PictureRef): TrayPicture => ({
  uuid: p.uuid,
  width: p.width,
  height: p.height,
});

/**
 * A label with a page number, translated once and then filled in: a 100-page overview labels every
 * page's buttons again when pages before them are added or removed, and a translation call per label
 * is most of that work. A translation without the number is asked for each time.
 */
export function numberedLabel(translate: (number: string) => string): (number: number) => string {
  const mark = '\u2063';
  const parts = translate(mark).split(mark);
  if (parts.length !== 2) return (number) => translate(String(number));
  const [before, after] = parts as [string, string];
  return (number) => `${before}${number}${after}`;
}
