/**
 * The customisation editor's small rules that are not template rules (those are engine/): how big a
 * page is drawn, the year field of the year screen, where leaving the editor goes, and the saved
 * instance of a reload. Pure functions, unit tested (test/unit/src/editor-rules.test.ts).
 */

import type { SceneItem, Template } from '../../../engine/index.ts';
import { type Instance, keptInstance } from '../../../engine/index.ts';
import { designKey } from '../../shared/designKeys.ts';

/** S1 §2: the page's margins inside its container, in CSS pixels (horizontal, vertical). */
export const EDITOR_MARGINS = { x: 60, y: 20 } as const;
export const PREVIEW_MARGINS = { x: 10, y: 20 } as const;

/** S1 §4, §8: the editor's pictures (page, inbox, slot) try a failed load again this much later. */
export const PICTURE_RETRY_MS = 3000;

/** S1 §4: the editor closes this long after Done or Cancel. */
export const CLOSE_DELAY_MS = 300;

/**
 * Stage pixels per millimetre so that a page of `page` mm fits `box` px less the margins on every
 * side; never below a sliver, so a container not laid out yet still draws something.
 */
export function fitPxPerMm(
  page: { widthMm: number; heightMm: number },
  box: { width: number; height: number },
  margins: { x: number; y: number },
): number {
  const w = Math.max(1, box.width - 2 * margins.x);
  const h = Math.max(1, box.height - 2 * margins.y);
  return Math.max(0.05, Math.min(w / page.widthMm, h / page.heightMm));
}

// ---- the year screen (S1 §5) ----

/** Minus: one year back, never below this calendar year. */
export function yearMinus(value: string, today: Date): string {
  const year = Number.parseInt(value, 10);
  const min = today.getFullYear();
  return String(Number.isFinite(year) ? Math.max(min, year - 1) : min);
}

/** Plus: one year on, starting from this year when the field is empty (or not a number). */
export function yearPlus(value: string, today: Date): string {
  const year = Number.parseInt(value, 10);
  return String(Number.isFinite(year) && /^\s*\d+\s*$/.test(value) ? year + 1 : today.getFullYear());
}

/** On blur: a non-numeric value or a year before this one becomes this year. */
export function yearOnBlur(value: string, today: Date): string {
  const trimmed = value.trim();
  const year = Number(trimmed);
  if (!/^\d{4}$/.test(trimmed) || year < today.getFullYear()) return String(today.getFullYear());
  return trimmed;
}

// ---- leaving (S1 §2) ----

export type EditorKind = 'calendars' | 'cards' | 'photogift' | 'photobooks';

/** Where leaving the editor goes: the template list it came from (calendars and books have no category). */
export function listPath(kind: EditorKind, category?: string): string {
  if (kind === 'calendars' || kind === 'photobooks') return `/products/${kind}`;
  return `/products/${kind}/${encodeURIComponent(category ?? '')}`;
}

// ---- the saved instance (a reload keeps the work) ----

/** A new design's key; a visitor's move to the account at login (designs/moveLocalDesigns.ts). */
export const storageKey = designKey;
/** Update mode keeps its work under the cart line's own key, apart from a new design of the template. */
export const lineStorageKey = (lineUuid: string) => `editor:line:${lineUuid}`;

/** Work kept outside the editor: the instance and when the shopper last changed it (ms, this clock). */
export interface KeptWork {
  instance: Instance;
  savedAt: number;
}

interface Saved {
  v: 1;
  instance: Instance;
  /** Absent in work saved before 'My designs': it then loses to any dated save. */
  savedAt?: number;
}

export function serialiseInstance(instance: Instance, savedAt = Date.now()): string {
  return JSON.stringify({ v: 1, instance, savedAt } satisfies Saved);
}

/**
 * The saved work when it is an instance of this template version that the editor can draw
 * (`keptInstance`, the check the server runs on 'My designs' too); anything else (another version,
 * a damaged or foreign value) is null and the editor starts afresh.
 */
export function restoreInstance(text: string | null, template: Template): KeptWork | null {
  if (!text) return null;
  try {
    const saved = JSON.parse(text) as Partial<Saved> | null;
    const instance = saved?.v === 1 ? keptInstance(saved.instance, template) : null;
    if (!instance) return null;
    const savedAt = typeof saved?.savedAt === 'number' && Number.isFinite(saved.savedAt) ? saved.savedAt : 0;
    return { instance, savedAt };
  } catch {
    return null;
  }
}

/** Of the browser's save and the account's design, the one changed last (the browser's on a tie). */
export function newerWork(local: KeptWork | null, account: KeptWork | null): KeptWork | null {
  if (!local || !account) return local ?? account;
  return account.savedAt > local.savedAt ? account : local;
}

// ---- the page's canvas layers ----

/**
 * The page's items in up to three Konva layers around the focused slot (the picture being moved):
 * the items under it, the slot alone, the items over it. A gesture's release then redraws only the
 * slot's layer; the art and text around it stay as drawn. The layers stack in the scene's order,
 * so the page looks the same as in one layer. Without a focus: one layer.
 */
export function layerRuns<T extends { item: Pick<SceneItem, 'id'> }>(
  items: readonly T[],
  focusId: string | null,
): T[][] {
  const at = focusId === null ? -1 : items.findIndex((k) => k.item.id === focusId);
  if (at < 0) return [[...items]];
  return [items.slice(0, at), [items[at]!], items.slice(at + 1)];
}

/** A node of a page's canvas layer: its key, and a signature that changes whenever what it draws does. */
export interface LayerNode {
  key: string;
  signature: string;
}

/**
 * Which layers of the page must be drawn again: a new layer, or one whose nodes (their keys in
 * order, or a signature) differ from what it drew last time. Every other layer keeps its pixels, so
 * a gesture on the focused slot redraws that slot's layer alone.
 */
export function layersToRedraw(
  drawn: readonly (readonly LayerNode[])[],
  next: readonly (readonly LayerNode[])[],
): boolean[] {
  return next.map((nodes, n) => {
    const was = drawn[n];
    return (
      was === undefined ||
      was.length !== nodes.length ||
      nodes.some((node, i) => node.key !== was[i]!.key || node.signature !== was[i]!.signature)
    );
  });
}
