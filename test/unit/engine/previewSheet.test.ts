import { describe, expect, it } from 'vitest';
import {
  type PreviewSheet,
  previewSheet,
  SHEET_ALL_PAGES_MAX,
  SHEET_STRIP_PAGES,
  type SheetCell,
} from '../../../engine/previewSheet.ts';
import { visiblePages } from '../../../engine/template.ts';
import { currentDemoTemplates } from '../../support/demoTemplates.ts';

/** A template of `count` pages of width x height mm, `hidden` of them clientIgnore after the rest. */
const product = (width: number, height: number, count: number, hidden = 0) => ({
  dimensions: { width, height },
  pages: [
    ...Array.from({ length: count }, (_, n) => ({ id: `page-${n + 1}`, clientIgnore: false })),
    ...Array.from({ length: hidden }, (_, n) => ({ id: `hidden-${n + 1}`, clientIgnore: true })),
  ],
});

const aspect = (s: { width: number; height: number }) => s.width / s.height;
const sheetAspect = (s: PreviewSheet) => s.widthMm / s.heightMm;

/** Every cell on the sheet, none over another. */
function expectLaidOut(sheet: PreviewSheet) {
  for (const c of sheet.cells) {
    expect(c.x).toBeGreaterThanOrEqual(0);
    expect(c.y).toBeGreaterThanOrEqual(0);
    expect(c.x + c.width).toBeLessThanOrEqual(sheet.widthMm + 1e-9);
    expect(c.y + c.height).toBeLessThanOrEqual(sheet.heightMm + 1e-9);
  }
  const overlap = (a: SheetCell, b: SheetCell) =>
    a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
  sheet.cells.forEach((a, i) => {
    sheet.cells.slice(i + 1).forEach((b) => {
      expect(overlap(a, b), `${a.pageId} over ${b.pageId}`).toBe(false);
    });
  });
}

describe('the preview sheet', () => {
  it.each([
    ['a landscape card', 148, 105],
    ['a square card', 150, 150],
    ['a mug', 200, 85],
    ['a portrait canvas', 300, 400],
  ])('of one page (%s) is the page alone, at its own aspect ratio', (_name, width, height) => {
    const sheet = previewSheet(product(width, height, 1));
    expect(sheet).toEqual({
      widthMm: width,
      heightMm: height,
      cells: [{ pageId: 'page-1', x: 0, y: 0, width, height }],
      pageCount: 1,
    });
    expect(sheetAspect(sheet)).toBeCloseTo(width / height, 9);
  });

  it('shows a landscape card’s front and back full size, one above the other (nearer a square)', () => {
    const sheet = previewSheet(product(148, 105, 2));
    expectLaidOut(sheet);
    expect(sheet.pageCount).toBe(2);
    const [front, back] = sheet.cells as [SheetCell, SheetCell];
    expect([front.pageId, back.pageId]).toEqual(['page-1', 'page-2']);
    expect([front.width, front.height, back.width, back.height]).toEqual([148, 105, 148, 105]);
    expect(back.x).toBe(front.x);
    expect(back.y).toBeGreaterThan(front.y + front.height);
    expect(sheetAspect(sheet)).toBeLessThan(1);
    expect(sheetAspect(sheet)).toBeGreaterThan(0.6);
  });

  it('shows a portrait or square card’s pages side by side', () => {
    for (const [width, height] of [
      [105, 148],
      [150, 150],
    ] as const) {
      const sheet = previewSheet(product(width, height, 2));
      expectLaidOut(sheet);
      const [front, back] = sheet.cells as [SheetCell, SheetCell];
      expect(back.y).toBe(front.y);
      expect(back.x).toBeGreaterThan(front.x + front.width);
      expect(sheetAspect(sheet)).toBeGreaterThan(1);
    }
  });

  it('shows a four-page card two by two: the front and the back above the inside spread', () => {
    const sheet = previewSheet(product(148, 105, 4));
    expectLaidOut(sheet);
    const [a, b, c, d] = sheet.cells as [SheetCell, SheetCell, SheetCell, SheetCell];
    expect(sheet.cells.map((cell) => cell.pageId)).toEqual(['page-1', 'page-4', 'page-2', 'page-3']);
    expect(b.y).toBe(a.y);
    expect(c.x).toBe(a.x);
    expect(d.y).toBe(c.y);
    expect(c.y).toBeGreaterThan(a.y);
  });

  it('shows three pages, or four very wide ones, in page order', () => {
    expect(previewSheet(product(148, 105, 3)).cells.map((c) => c.pageId)).toEqual([
      'page-1',
      'page-2',
      'page-3',
    ]);
    const wide = previewSheet(product(200, 85, 4));
    expectLaidOut(wide);
    expect(wide.cells.map((c) => c.pageId)).toEqual(['page-1', 'page-2', 'page-3', 'page-4']);
  });

  it('leaves out the pages a shopper never sees', () => {
    expect(previewSheet(product(148, 105, 1, 1))).toEqual(previewSheet(product(148, 105, 1)));
    expect(previewSheet(product(148, 105, 2, 2)).cells.map((c) => c.pageId)).toEqual(['page-1', 'page-2']);
  });

  it('shows a calendar’s cover full size and a strip of the pages after it', () => {
    for (const [width, height] of [
      [210, 297],
      [297, 210],
    ] as const) {
      const sheet = previewSheet(product(width, height, 13, 1));
      expectLaidOut(sheet);
      expect(sheet.pageCount).toBe(13);
      expect(sheet.cells).toHaveLength(1 + SHEET_STRIP_PAGES);
      const [cover, ...strip] = sheet.cells as [SheetCell, ...SheetCell[]];
      expect(cover).toMatchObject({ pageId: 'page-1', width, height });
      expect(strip.map((c) => c.pageId)).toEqual(['page-2', 'page-3', 'page-4']);
      for (const page of strip) {
        expect(page.width).toBeLessThan(width / 2);
        expect(aspect(page)).toBeCloseTo(width / height, 9);
      }
      // Beside a portrait cover, under a landscape one: the sheet stays near a square.
      expect(sheetAspect(sheet)).toBeGreaterThan(0.75);
      expect(sheetAspect(sheet)).toBeLessThan(1.34);
    }
    expect(previewSheet(product(210, 297, SHEET_ALL_PAGES_MAX)).cells).toHaveLength(SHEET_ALL_PAGES_MAX);
  });

  it('lays out every current demo template: one page alone, more pages each at its own shape', () => {
    for (const template of currentDemoTemplates()) {
      const sheet = previewSheet(template);
      const name = template.name.en_GB;
      expectLaidOut(sheet);
      expect(sheet.pageCount, name).toBe(visiblePages(template).length);
      expect(sheet.cells[0]!.pageId, name).toBe(visiblePages(template)[0]!.id);
      for (const cell of sheet.cells) expect(aspect(cell), name).toBeCloseTo(aspect(template.dimensions), 6);
      if (sheet.pageCount === 1) {
        expect(sheetAspect(sheet), name).toBeCloseTo(aspect(template.dimensions), 9);
      }
    }
  });
});
