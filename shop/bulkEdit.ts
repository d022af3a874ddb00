/**
 * 'Adjust multiple pictures' (S0 §2, §4, §5): the cart's select mode as pure data. Edits change
 * drafts of the selected lines and mark them dirty; nothing reaches the server until Done, which
 * sends only the dirty lines in one update, and Cancel restores the lines as they were.
 */
import type { OrderLine, Product } from './contract.ts';
import { bulkMinimumQuantity, clampQuantity } from './pricing.ts';

export type Filter = NonNullable<OrderLine['image']>['filter'];

export interface BulkLine extends OrderLine {
  dirty: boolean;
  deleted: boolean;
}

export interface BulkEdit {
  /** The cart's lines as they were when select mode began: what Cancel returns to. */
  readonly original: readonly OrderLine[];
  readonly lines: readonly BulkLine[];
  /** Selected line uuids, in the order they were selected (the first decides Delete's toggle). */
  readonly selected: readonly string[];
}

/** Entering select mode, with the long-pressed line selected (or none from the button). */
export function startBulkEdit(lines: readonly OrderLine[], selectedUuid?: string): BulkEdit {
  return {
    original: lines,
    lines: lines.map((l) => ({ ...l, dirty: false, deleted: false })),
    selected: selectedUuid && lines.some((l) => l.uuid === selectedUuid) ? [selectedUuid] : [],
  };
}

export function toggleSelected(edit: BulkEdit, uuid: string): BulkEdit {
  if (!edit.lines.some((l) => l.uuid === uuid)) return edit;
  const selected = edit.selected.includes(uuid)
    ? edit.selected.filter((u) => u !== uuid)
    : [...edit.selected, uuid];
  return { ...edit, selected };
}

/** 'Select all' toggles: everything when anything is left out, otherwise nothing. */
export function toggleSelectAll(edit: BulkEdit): BulkEdit {
  const all = edit.selected.length === edit.lines.length;
  return { ...edit, selected: all ? [] : edit.lines.map((l) => l.uuid) };
}

function editSelected(edit: BulkEdit, change: (line: BulkLine) => BulkLine): BulkEdit {
  if (edit.selected.length === 0) return edit;
  const chosen = new Set(edit.selected);
  return { ...edit, lines: edit.lines.map((l) => (chosen.has(l.uuid) ? { ...change(l), dirty: true } : l)) };
}

/**
 * A format change applies only when exactly one format is chosen; it resets every selected line's
 * crop (the old crop has the old format's aspect) and its adaption to fill-in. The quantity is
 * raised to the new format's minimum when below it.
 */
export function applyFormat(edit: BulkEdit, chosen: readonly Product[]): BulkEdit {
  if (chosen.length !== 1) return edit;
  const format = chosen[0]!;
  return editSelected(edit, (l) => ({
    ...l,
    product: { uuid: format.uuid, type: l.product.type },
    quantity: Math.max(l.quantity, format.minQuantity),
    image: { filter: l.image?.filter ?? 'original', cropRect: null, adaption: 0, defaultCrop: true },
  }));
}

/** A filter applies only when exactly one is chosen. */
export function applyFilter(edit: BulkEdit, chosen: readonly Filter[]): BulkEdit {
  if (chosen.length !== 1) return edit;
  const filter = chosen[0]!;
  return editSelected(edit, (l) => ({
    ...l,
    image: {
      cropRect: l.image?.cropRect ?? null,
      adaption: l.image?.adaption ?? 0,
      filter,
      ...(l.image?.defaultCrop === undefined ? {} : { defaultCrop: l.image.defaultCrop }),
    },
  }));
}

/** The smallest quantity the bulk quantity editor allows: the highest minimum among the selected formats. */
export function bulkMinimum(edit: BulkEdit, formats: ReadonlyMap<string, Product>): number {
  const chosen = new Set(edit.selected);
  return bulkMinimumQuantity(
    edit.lines.filter((l) => chosen.has(l.uuid)).flatMap((l) => formats.get(l.product.uuid) ?? []),
  );
}

export function applyQuantity(
  edit: BulkEdit,
  quantity: number | string,
  formats: ReadonlyMap<string, Product>,
): BulkEdit {
  const clamped = clampQuantity(quantity, bulkMinimum(edit, formats));
  return editSelected(edit, (l) => ({ ...l, quantity: clamped }));
}

/** Delete toggles: if the first selected line is marked, all selected are unmarked, else all marked. */
export function toggleDeleted(edit: BulkEdit): BulkEdit {
  const first = edit.lines.find((l) => l.uuid === edit.selected[0]);
  if (!first) return edit;
  const deleted = !first.deleted;
  return editSelected(edit, (l) => ({ ...l, deleted }));
}

/** What Done sends: the dirty lines only, a marked one with `deleted: true`. */
export function bulkChanges(edit: BulkEdit): (OrderLine & { deleted?: boolean })[] {
  return edit.lines
    .filter((l) => l.dirty)
    .map(({ dirty: _dirty, deleted, ...line }) => (deleted ? { ...line, deleted } : line));
}
