import { describe, expect, it } from 'vitest';
import {
  applyFilter,
  applyFormat,
  applyQuantity,
  bulkChanges,
  bulkMinimum,
  startBulkEdit,
  toggleDeleted,
  toggleSelectAll,
  toggleSelected,
} from '../../../shop/bulkEdit.ts';
import type { OrderLine, Product } from '../../../shop/contract.ts';

const format = (uuid: string, minQuantity: number): Product => ({
  uuid,
  name: uuid,
  producttype: 0,
  printareasize: [102, 152],
  minQuantity,
  whiteBorder: false,
  productprices: [{ quantity: 1, price: 30, campaignprice: 0, type: 0 }],
  subproducts: [],
  campaignrequirement: null,
});
const small = format('9x13', 10);
const medium = format('10x15', 1);
const large = format('20x30', 2);
const formats = new Map([small, medium, large].map((f) => [f.uuid, f]));

const line = (uuid: string, product: Product, quantity = 1): OrderLine => ({
  uuid,
  type: 0,
  description: `${uuid}.jpg`,
  product: { uuid: product.uuid, type: 0 },
  files: [],
  quantity,
  actualLinePrice: 30 * quantity,
  image: { filter: 'original', cropRect: { x: 0.1, y: 0, width: 0.8, height: 1 }, adaption: 0 },
  templates: [],
});
const lines = [line('a', medium), line('b', small, 10), line('c', large, 2)];

describe('selecting', () => {
  it('enters select mode with the long-pressed line selected, or none', () => {
    expect(startBulkEdit(lines, 'b').selected).toEqual(['b']);
    expect(startBulkEdit(lines).selected).toEqual([]);
    expect(startBulkEdit(lines, 'nope').selected).toEqual([]);
  });
  it('toggles one line', () => {
    const edit = toggleSelected(startBulkEdit(lines, 'a'), 'c');
    expect(edit.selected).toEqual(['a', 'c']);
    expect(toggleSelected(edit, 'a').selected).toEqual(['c']);
    expect(toggleSelected(edit, 'unknown')).toBe(edit);
  });
  it('select all toggles all and none', () => {
    const some = startBulkEdit(lines, 'a');
    const all = toggleSelectAll(some);
    expect(all.selected).toEqual(['a', 'b', 'c']);
    expect(toggleSelectAll(all).selected).toEqual([]);
  });
});

describe('bulk edits', () => {
  const abc = toggleSelectAll(startBulkEdit(lines));
  it('change only the selected lines and mark them dirty', () => {
    const edit = applyFilter(toggleSelected(startBulkEdit(lines, 'a'), 'c'), ['sepia']);
    expect(edit.lines.map((l) => [l.uuid, l.image?.filter, l.dirty])).toEqual([
      ['a', 'sepia', true],
      ['b', 'original', false],
      ['c', 'sepia', true],
    ]);
    // The crop is kept by a filter change.
    expect(edit.lines[0]!.image?.cropRect).toEqual(lines[0]!.image?.cropRect);
  });
  it('do nothing with no line selected', () => {
    const none = startBulkEdit(lines);
    expect(applyFilter(none, ['bw'])).toBe(none);
    expect(toggleDeleted(none)).toBe(none);
  });
  it('apply a filter only when exactly one is chosen', () => {
    expect(applyFilter(abc, [])).toBe(abc);
    expect(applyFilter(abc, ['bw', 'sepia'])).toBe(abc);
  });
  it('apply a format only when exactly one is chosen, resetting crops and raising quantities to its minimum', () => {
    expect(applyFormat(abc, [])).toBe(abc);
    expect(applyFormat(abc, [small, large])).toBe(abc);
    const edit = applyFormat(abc, [small]);
    for (const l of edit.lines) {
      expect(l.product.uuid).toBe('9x13');
      expect(l.image).toEqual({ filter: 'original', cropRect: null, adaption: 0, defaultCrop: true });
      expect(l.quantity).toBeGreaterThanOrEqual(10);
      expect(l.dirty).toBe(true);
    }
  });
  it('clamp the quantity to the highest minimum among the selected formats', () => {
    const ac = toggleSelected(startBulkEdit(lines, 'a'), 'c');
    expect(bulkMinimum(ac, formats)).toBe(2);
    expect(applyQuantity(ac, 1, formats).lines.map((l) => l.quantity)).toEqual([2, 10, 2]);
    expect(applyQuantity(ac, 5, formats).lines.map((l) => l.quantity)).toEqual([5, 10, 5]);
    expect(applyQuantity(ac, 'abc', formats).lines.map((l) => l.quantity)).toEqual([2, 10, 2]);
    expect(bulkMinimum(abc, formats)).toBe(10);
    expect(bulkMinimum(startBulkEdit(lines), formats)).toBe(1);
  });
});

describe('marking for deletion', () => {
  it('marks all selected when the first selected is not marked, and unmarks all when it is', () => {
    const a = startBulkEdit(lines, 'a');
    const marked = toggleDeleted(a);
    expect(marked.lines.map((l) => l.deleted)).toEqual([true, false, false]);
    // Now select c too: the first selected (a) is marked, so both are unmarked.
    const both = toggleDeleted(toggleSelected(marked, 'c'));
    expect(both.lines.map((l) => l.deleted)).toEqual([false, false, false]);
    // c first: c is not marked, so a and c are marked.
    const cFirst = toggleDeleted(toggleSelected(toggleSelected(startBulkEdit(lines, 'c'), 'a'), 'b'));
    expect(cFirst.lines.map((l) => l.deleted)).toEqual([true, true, true]);
  });
});

describe('done and cancel', () => {
  it('sends only the dirty lines, the marked ones flagged deleted, without client flags', () => {
    let edit = startBulkEdit(lines, 'a');
    edit = applyQuantity(edit, 4, formats);
    edit = toggleDeleted(toggleSelected(toggleSelected(edit, 'a'), 'c'));
    const changes = bulkChanges(edit);
    expect(changes.map((l) => l.uuid)).toEqual(['a', 'c']);
    expect(changes[0]).toEqual({ ...lines[0], quantity: 4 });
    expect(changes[1]).toEqual({ ...lines[2], deleted: true });
    expect(changes.some((l) => 'dirty' in l)).toBe(false);
  });
  it('sends nothing when nothing changed, and keeps the original lines for Cancel', () => {
    const edit = applyFilter(toggleSelectAll(startBulkEdit(lines)), ['bw']);
    expect(bulkChanges(startBulkEdit(lines))).toEqual([]);
    expect(edit.original).toBe(lines);
    expect(lines[0]!.image?.filter).toBe('original');
  });
});
