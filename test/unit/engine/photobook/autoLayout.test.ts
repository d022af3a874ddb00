import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Frame } from '../../../../engine/image.ts';
import { type AutoLayout, autoLayout, type BookSpec } from '../../../../engine/photobook/autoLayout.ts';
import { BLUR_THRESHOLD } from '../../../../engine/photobook/blur.ts';
import { type BookPicture, captureTime } from '../../../../engine/photobook/bookPicture.ts';
import { CHAPTER_GAP_MS } from '../../../../engine/photobook/chapters.ts';
import { hammingDistance } from '../../../../engine/photobook/duplicates.ts';
import { isValidPageCount, PICTURES_PER_PAGE } from '../../../../engine/photobook/pageCount.ts';
import {
  orientationOf,
  PAGE_LAYOUTS,
  type PageLayout,
  slotAspect,
} from '../../../../engine/photobook/pageLayouts.ts';
import {
  bookPictures,
  flipBits,
  HOUR,
  hashOf,
  MINUTE,
  pageRanges,
  picture,
  takenAt,
} from './bookPictures.ts';

const SQUARE: Frame = { widthMm: 210, heightMm: 210 };
const BOOK: BookSpec = { minPages: 24, maxPages: 100, pageStep: 2, page: SQUARE };
const EPS = 1e-9;

const layoutOf = (id: string, layouts: readonly PageLayout[] = PAGE_LAYOUTS) => {
  const layout = layouts.find((l) => l.id === id);
  if (!layout) throw new Error(`No layout ${id}`);
  return layout;
};
const placed = (book: AutoLayout) => book.pages.flatMap((p) => p.slots.map((s) => s.picture));
const pictureCounts = (book: AutoLayout) => book.pages.map((p) => p.slots.length);

/** Every rule the book must keep, whatever the pictures: see the acceptance. */
function expectAWellMadeBook(
  pictures: readonly BookPicture[],
  spec: BookSpec,
  book: AutoLayout,
  layouts: readonly PageLayout[] = PAGE_LAYOUTS,
): void {
  const given = new Map(pictures.map((p) => [p.uuid, p]));
  // Page count within the product's range and step.
  expect(isValidPageCount(book.pages.length, spec)).toBe(true);
  // Every kept picture placed exactly once; no dropped one placed.
  const uuids = placed(book);
  expect(new Set(uuids).size).toBe(uuids.length);
  const droppedIds = book.dropped.map((d) => d.uuid);
  expect(new Set(droppedIds).size).toBe(droppedIds.length);
  expect([...uuids, ...droppedIds].sort()).toEqual([...given.keys()].sort());
  // No empty slot: every slot of each page's layout has its picture, cropped to the slot's aspect.
  for (const page of book.pages) {
    const layout = layoutOf(page.layout, layouts);
    expect(page.slots).toHaveLength(layout.slots.length);
    page.slots.forEach((slot, k) => {
      const p = given.get(slot.picture)!;
      const { x, y, width, height } = slot.crop;
      expect(x).toBeGreaterThanOrEqual(-EPS);
      expect(y).toBeGreaterThanOrEqual(-EPS);
      expect(x + width).toBeLessThanOrEqual(1 + EPS);
      expect(y + height).toBeLessThanOrEqual(1 + EPS);
      const cropAspect = (width * p.width) / (height * p.height);
      expect(cropAspect / slotAspect(layout.slots[k]!, spec.page)).toBeCloseTo(1, 9);
    });
  }
  // Pages in capture order: no picture on a later page was taken before one on an earlier page.
  let latest = Number.NEGATIVE_INFINITY;
  for (const page of book.pages) {
    const times = page.slots.map((s) => captureTime(given.get(s.picture)!.takenAt)).filter((t) => t !== null);
    if (times.length === 0) continue;
    expect(Math.min(...times)).toBeGreaterThanOrEqual(latest);
    latest = Math.max(latest, ...times);
  }
}

const specs = fc.record({
  range: pageRanges,
  page: fc.constantFrom<Frame>(SQUARE, { widthMm: 297, heightMm: 210 }, { widthMm: 210, heightMm: 297 }),
});

describe('autoLayout (properties)', () => {
  it('places every kept picture once, fills every slot, keeps capture order and the page range', () => {
    fc.assert(
      fc.property(bookPictures(300), specs, (pictures, { range, page }) => {
        const spec = { ...range, page };
        expectAWellMadeBook(pictures, spec, autoLayout(pictures, spec));
      }),
      { numRuns: 60 },
    );
  });

  it('leaves out near-duplicates, keeping only the sharpest of each group', () => {
    const group = fc.record({
      base: fc.tuple(fc.integer({ min: 0, max: 0xffffffff }), fc.integer({ min: 0, max: 0xffffffff })),
      minute: fc.integer({ min: 0, max: 30 * 24 * 60 }),
      members: fc.array(
        fc.record({
          flips: fc.uniqueArray(fc.integer({ min: 0, max: 63 }), { maxLength: 3 }),
          seconds: fc.integer({ min: 0, max: 120 }),
          sharpness: fc.double({ min: 50, max: 1000, noNaN: true }),
        }),
        { minLength: 1, maxLength: 5 },
      ),
    });
    fc.assert(
      fc.property(fc.array(group, { minLength: 1, maxLength: 25 }), (groups) => {
        const bases = groups.map((g) => hashOf(g.base[0], g.base[1]));
        for (let i = 0; i < bases.length; i++)
          for (let j = i + 1; j < bases.length; j++) fc.pre(hammingDistance(bases[i]!, bases[j]!)! > 12);
        let serial = 0;
        const members = groups.flatMap((g, k) =>
          g.members.map((m) => ({
            group: k,
            picture: {
              ...picture({
                hash: flipBits(bases[k]!, m.flips),
                takenAt: takenAt(g.minute * MINUTE + m.seconds * 1000),
                sharpness: m.sharpness,
              }),
              uuid: `g${k}-${serial++}`,
            },
          })),
        );
        const pictures = members.map((m) => m.picture);
        const book = autoLayout(pictures, BOOK);
        expectAWellMadeBook(pictures, BOOK, book);
        const inBook = new Set(placed(book));
        groups.forEach((_, k) => {
          const own = members.filter((m) => m.group === k).map((m) => m.picture);
          const kept = own.filter((p) => inBook.has(p.uuid));
          expect(kept).toHaveLength(1);
          expect(kept[0]!.sharpness).toBe(Math.max(...own.map((p) => p.sharpness)));
        });
        expect(book.dropped.every((d) => d.reason === 'duplicate')).toBe(true);
      }),
      { numRuns: 60 },
    );
  });

  it('is deterministic: the same pictures give the same book', () => {
    fc.assert(
      fc.property(bookPictures(120), (pictures) => {
        expect(autoLayout(pictures, BOOK)).toEqual(autoLayout(structuredClone(pictures), BOOK));
      }),
      { numRuns: 20 },
    );
  });
});

/** `count` sharp pictures a minute apart from `startMs`, each with its own hash. */
const series = (count: number, startMs = 0, fields: Partial<BookPicture> = {}) =>
  Array.from({ length: count }, (_, i) => picture({ takenAt: takenAt(startMs + i * MINUTE), ...fields }));

describe('autoLayout (rules and edges)', () => {
  it('makes the least book of plain pages from no pictures', () => {
    const book = autoLayout([], BOOK);
    expect(book.pages).toHaveLength(BOOK.minPages);
    expect(book.pages.every((p) => p.layout === 'plain' && p.slots.length === 0)).toBe(true);
    expect(book.dropped).toEqual([]);
  });

  it('puts a single picture on the first page and fills the least book with plain pages', () => {
    const only = picture({ sharpness: 1 });
    const book = autoLayout([only], BOOK);
    expectAWellMadeBook([only], BOOK, book);
    expect(book.pages).toHaveLength(BOOK.minPages);
    expect(book.pages[0]!.slots.map((s) => s.picture)).toEqual([only.uuid]);
    expect(book.pages.slice(1).every((p) => p.layout === 'plain')).toBe(true);
  });

  it('gives each picture a page when too few for the least book, then plain pages', () => {
    const pictures = series(10);
    const book = autoLayout(pictures, BOOK);
    expectAWellMadeBook(pictures, BOOK, book);
    expect(pictureCounts(book)).toEqual([...Array(10).fill(1), ...Array(14).fill(0)]);
    expect(placed(book)).toEqual(pictures.map((p) => p.uuid));
  });

  it(`aims at ${PICTURES_PER_PAGE} pictures a page`, () => {
    const pictures = series(120);
    const book = autoLayout(pictures, BOOK);
    expectAWellMadeBook(pictures, BOOK, book);
    expect(book.pages).toHaveLength(40);
    // Mostly 2 to 4 a page: a crowded page only where a shape fits nothing else.
    expect(pictureCounts(book).filter((c) => c >= 2 && c <= 4).length).toBeGreaterThan(30);
  });

  it('lays out 300 pictures in the most pages the product has', () => {
    const pictures = series(300);
    const book = autoLayout(pictures, BOOK);
    expectAWellMadeBook(pictures, BOOK, book);
    expect(book.pages).toHaveLength(100);
    expect(book.dropped).toEqual([]);
  });

  it('packs pictures denser when they outnumber the most pages', () => {
    const small: BookSpec = { minPages: 8, maxPages: 20, pageStep: 2, page: SQUARE };
    const pictures = series(100);
    const book = autoLayout(pictures, small);
    expectAWellMadeBook(pictures, small, book);
    expect(book.pages).toHaveLength(20);
    expect(book.dropped).toEqual([]);
    expect(Math.max(...pictureCounts(book))).toBeGreaterThanOrEqual(5);
  });

  it('leaves out the least sharp pictures beyond what the largest book holds', () => {
    const tiny: BookSpec = { minPages: 2, maxPages: 3, pageStep: 2, page: SQUARE }; // 2 pages: 12 pictures
    const pictures = series(15).map((p, i) => ({ ...p, sharpness: 100 + ((i * 7) % 15) }));
    const book = autoLayout(pictures, tiny);
    expectAWellMadeBook(pictures, tiny, book);
    const least = [...pictures].sort((a, b) => a.sharpness - b.sharpness).slice(0, 3);
    expect(book.dropped).toEqual(
      pictures.filter((p) => least.includes(p)).map((p) => ({ uuid: p.uuid, reason: 'no-room' })),
    );
  });

  it('keeps one picture of a set that is all duplicates', () => {
    const base = hashOf(0xdeadbeef, 0x01234567);
    const burst = series(30, 0, {}).map((p, i) => ({
      ...p,
      hash: flipBits(base, [i % 64]),
      sharpness: 100 + i,
    }));
    const book = autoLayout(burst, BOOK);
    expectAWellMadeBook(burst, BOOK, book);
    expect(placed(book)).toEqual([burst[29]!.uuid]);
    expect(book.dropped).toHaveLength(29);
    expect(book.dropped.every((d) => d.reason === 'duplicate')).toBe(true);
  });

  it('leaves out the very blurred and lists them', () => {
    const pictures = series(40);
    const shaken = { ...pictures[7]!, sharpness: BLUR_THRESHOLD / 3 };
    pictures[7] = shaken;
    const book = autoLayout(pictures, BOOK);
    expectAWellMadeBook(pictures, BOOK, book);
    expect(book.dropped).toEqual([{ uuid: shaken.uuid, reason: 'blurred' }]);
  });

  it('keeps the upload order when no picture has a time', () => {
    const pictures = Array.from({ length: 50 }, () => picture());
    const book = autoLayout(pictures, BOOK);
    expectAWellMadeBook(pictures, BOOK, book);
    const order = placed(book);
    // Within a page a grid's slots may take pictures by shape; across pages the order is the upload's.
    const firstOnPage = book.pages
      .filter((p) => p.slots.length)
      .map((p) => Math.min(...p.slots.map((s) => order.indexOf(s.picture))));
    expect([...firstOnPage].sort((a, b) => a - b)).toEqual(firstOnPage);
    expect(
      [...order].sort(
        (a, b) => pictures.findIndex((p) => p.uuid === a) - pictures.findIndex((p) => p.uuid === b),
      ),
    ).toEqual(pictures.map((p) => p.uuid).filter((u) => order.includes(u)));
  });

  it('places the same picture given twice once', () => {
    const a = picture({ takenAt: takenAt(0) });
    const b = picture({ takenAt: takenAt(HOUR) });
    const book = autoLayout([a, b, a], BOOK);
    expect(placed(book)).toEqual([a.uuid, b.uuid]);
    expect(book.dropped).toEqual([]);
  });

  it('opens each chapter on a left (even) page', () => {
    const day = 24 * HOUR;
    // Three days of pictures, a few minutes apart within each day.
    const days = [series(31, 0), series(20, day), series(25, 2 * day)];
    const pictures = days.flat();
    const book = autoLayout(pictures, BOOK);
    expectAWellMadeBook(pictures, BOOK, book);
    const pageOf = (uuid: string) => book.pages.findIndex((p) => p.slots.some((s) => s.picture === uuid)) + 1;
    for (const d of days.slice(1)) {
      const opener = pageOf(d[0]!.uuid);
      expect(opener % 2).toBe(0);
      // The chapter before ends on the page just before: no page is shared by two days.
      expect(pageOf(pictures[pictures.indexOf(d[0]!) - 1]!.uuid)).toBe(opener - 1);
    }
  });

  it('gives a chapter that would end on a left page a plain page when pictures are few', () => {
    const day = 24 * HOUR;
    const pictures = [...series(2, 0), ...series(3, day), ...series(3, 2 * day), ...series(3, 3 * day)];
    const book = autoLayout(pictures, BOOK);
    expectAWellMadeBook(pictures, BOOK, book);
    expect(pictureCounts(book).slice(0, 14)).toEqual([1, 1, 0, 1, 1, 1, 0, 1, 1, 1, 0, 1, 1, 1]);
  });

  it('gives up the smallest gaps when chapters cannot all open on a spread', () => {
    // A middle chapter of one picture cannot fill a spread: the smaller of its two gaps (the one before
    // it) is given up, so it closes the first chapter and the third opens on a left page.
    const pictures = [...series(40, 0), ...series(1, CHAPTER_GAP_MS * 3), ...series(40, CHAPTER_GAP_MS * 10)];
    const book = autoLayout(pictures, BOOK);
    expectAWellMadeBook(pictures, BOOK, book);
    const pageOf = (p: BookPicture) =>
      book.pages.findIndex((page) => page.slots.some((s) => s.picture === p.uuid)) + 1;
    expect(pageOf(pictures[41]!) % 2).toBe(0);
    expect(pageOf(pictures[40]!)).toBe(pageOf(pictures[41]!) - 1);
  });

  it('fits pictures to slots of their own shape', () => {
    for (const [width, height] of [
      [4000, 6000],
      [6000, 4000],
    ] as const) {
      const pictures = series(60, 0, { width, height });
      const book = autoLayout(pictures, BOOK);
      expectAWellMadeBook(pictures, BOOK, book);
      const wrong = width > height ? 'portrait' : 'landscape';
      for (const page of book.pages) {
        for (const slot of layoutOf(page.layout).slots)
          expect(orientationOf(slotAspect(slot, SQUARE))).not.toBe(wrong);
      }
    }
  });

  it('keeps the faces in the crop', () => {
    // A wide picture in a square slot: only a third of its width shows, and the face is at the right.
    const face = { x: 0.85, y: 0.4, width: 0.1, height: 0.15 };
    const wide = picture({ width: 6000, height: 2000, faces: [face] });
    const onePerPage: PageLayout[] = [layoutOf('plain'), layoutOf('full')];
    const book = autoLayout([wide], BOOK, onePerPage);
    const crop = book.pages[0]!.slots[0]!.crop;
    expect(crop.width).toBeCloseTo(1 / 3, 9);
    expect(crop.x).toBeLessThanOrEqual(face.x);
    expect(crop.x + crop.width).toBeGreaterThanOrEqual(face.x + face.width);
    // Without faces the same picture is cropped about its centre.
    const centred = autoLayout([{ ...wide, faces: undefined }], BOOK, onePerPage).pages[0]!.slots[0]!.crop;
    expect(centred.x).toBeCloseTo(1 / 3, 9);
  });

  it("uses the template's own layouts", () => {
    const layouts: PageLayout[] = [layoutOf('plain'), layoutOf('full'), layoutOf('two-side')];
    const pictures = series(30);
    const book = autoLayout(pictures, BOOK, layouts);
    expectAWellMadeBook(pictures, BOOK, book, layouts);
    expect(new Set(book.pages.map((p) => p.layout))).toEqual(new Set(['full', 'two-side']));
  });

  it('refuses what it cannot lay out', () => {
    const pictures = series(3);
    expect(() => autoLayout(pictures, { ...BOOK, pageStep: 0 })).toThrow(RangeError);
    expect(() => autoLayout(pictures, { ...BOOK, page: { widthMm: 0, heightMm: 210 } })).toThrow(RangeError);
    expect(() => autoLayout([...pictures, picture({ width: 0 })], BOOK)).toThrow(/no usable size/);
    expect(() => autoLayout(pictures, BOOK, [layoutOf('full')])).toThrow(RangeError);
  });
});
