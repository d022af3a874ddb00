/**
 * A book template's own layouts as the auto layout reads them, and the laid-out book back as the
 * cart line's pages and resources (issue 33): every picture in the slot it was laid out in, the cover
 * filled from the book's own pictures, faces first.
 */
import { describe, expect, it } from 'vitest';
import type { BookTemplate } from '../../../../engine/book.ts';
import {
  autoLayout,
  type BookPicture,
  bookFromLayout,
  checkPageLayouts,
  resourceSlots,
  templateLayouts,
} from '../../../../engine/index.ts';
import { checkBookPages, lineTemplate } from '../../../../shop/templateLine.ts';
import { demoTemplate } from '../../../support/demoTemplates.ts';

/** Last summer's holiday, whatever year the test runs in. */
const lastYear = new Date().getFullYear() - 1;

const book = () => demoTemplate('Holiday book') as BookTemplate;

function pictures(count: number, faces: (i: number) => boolean = () => false): BookPicture[] {
  return Array.from({ length: count }, (_, i) => ({
    uuid: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    width: i % 3 === 0 ? 3000 : 4000,
    height: i % 3 === 0 ? 4000 : 3000,
    takenAt: `${lastYear}-07-0${1 + Math.floor(i / 20)}T10:${String(i % 60).padStart(2, '0')}:00`,
    hash: (BigInt(i + 1) * 0x9e3779b97f4a7c15n).toString(16).padStart(16, '0').slice(-16),
    sharpness: 200,
    ...(faces(i) ? { faces: [{ x: 0.1, y: 0.1, width: 0.2, height: 0.2 }] } : {}),
  }));
}

const range = { minPages: 24, maxPages: 100, pageStep: 2 };
const page = (t: BookTemplate) => ({ widthMm: t.dimensions.width, heightMm: t.dimensions.height });

describe('templateLayouts', () => {
  it('turns every layout of the demo book into slots on the page, and the set is one the auto layout takes', () => {
    const t = book();
    const layouts = templateLayouts(t);
    expect(layouts.map((l) => l.id)).toEqual(t.book.layouts);
    expect(() => checkPageLayouts(layouts)).not.toThrow();
    for (const layout of layouts) {
      for (const slot of layout.slots) {
        expect(slot.x).toBeGreaterThanOrEqual(0);
        expect(slot.x + slot.width).toBeLessThanOrEqual(1 + 1e-9);
        expect(slot.y + slot.height).toBeLessThanOrEqual(1 + 1e-9);
      }
    }
    // The full-bleed layout is the whole page.
    const full = layouts.find(
      (l) => l.slots.length === 1 && l.slots[0]!.width === 1 && l.slots[0]!.height === 1,
    );
    expect(full).toBeDefined();
  });
});

describe('bookFromLayout', () => {
  it('places every laid-out picture in its page’s slot, with page ids b1, b2, … in order', () => {
    const t = book();
    const all = pictures(40);
    const laid = autoLayout(all, { ...range, page: page(t) }, templateLayouts(t));
    const { bookPages, resources } = bookFromLayout(t, laid.pages, all);
    expect(bookPages.map((p) => p.id)).toEqual(laid.pages.map((_, i) => `b${i + 1}`));
    expect(bookPages.map((p) => p.typeId)).toEqual(laid.pages.map((p) => p.layout));
    for (const [i, p] of laid.pages.entries()) {
      const onPage = resources.filter((r) => r.fullId.startsWith(`b${i + 1}:`));
      expect(onPage.map((r) => r.image.uuid)).toEqual(p.slots.map((s) => s.picture));
      expect(onPage.map((r) => r.image.cropRect)).toEqual(p.slots.map((s) => s.crop));
    }
  });

  it('makes a line the shared line rules take: its pages, and a resource for a slot each page has', () => {
    const t = book();
    const all = pictures(30);
    const laid = autoLayout(all, { ...range, page: page(t) }, templateLayouts(t));
    const { bookPages, resources } = bookFromLayout(t, laid.pages, all);
    expect(checkBookPages(t, bookPages, { min: 24, max: 100, step: 2 })).toEqual(bookPages);
    const slots = new Set(resourceSlots(lineTemplate(t, bookPages)).map((s) => s.fullId));
    for (const r of resources) expect(slots.has(r.fullId), r.fullId).toBe(true);
  });

  it('fills the cover from the book’s pictures, one with faces first', () => {
    const t = book();
    const all = pictures(24, (i) => i === 17);
    const laid = autoLayout(all, { ...range, page: page(t) }, templateLayouts(t));
    const { resources } = bookFromLayout(t, laid.pages, all);
    const cover = resources.filter((r) => r.fullId.startsWith(`${t.pages[0]!.id}:`));
    expect(cover.length).toBeGreaterThan(0);
    expect(cover[0]!.image.uuid).toBe(all[17]!.uuid);
  });

  it('leaves the cover empty only when the book has no picture at all', () => {
    const t = book();
    const { resources } = bookFromLayout(t, [], []);
    expect(resources).toEqual([]);
  });
});
