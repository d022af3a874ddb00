/**
 * The print editor's unsaved changes, kept in sessionStorage (issue 34): a reload, or the phone
 * dropping the tab, brings them back as they were, as the card editor's do. A draft is kept with the
 * line it started from; if the line has changed since (saved from another tab, edited in bulk), the
 * draft no longer applies and is dropped.
 */
import type { EditSession, OrderLine } from '../../../shop/index.ts';

const key = (lineUuid: string) => `printEditor:${lineUuid}`;

/**
 * What a draft starts from: the line's format, quantity and picture settings, written field by field
 * (the page's inlined cart and the API's answer list an object's keys in different orders).
 */
function baseOf(line: OrderLine): string {
  const image = line.image;
  const crop = image?.cropRect;
  return JSON.stringify([
    line.product.uuid,
    line.quantity,
    image?.filter ?? null,
    image?.adaption ?? null,
    crop ? [crop.x, crop.y, crop.width, crop.height] : null,
  ]);
}

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    // Storage refused (a private mode): the editor works, without surviving a reload.
    return null;
  }
}

export function loadDraft(line: OrderLine): EditSession | null {
  const text = storage()?.getItem(key(line.uuid));
  if (!text) return null;
  try {
    const saved = JSON.parse(text) as { base: string; session: EditSession };
    if (saved.base === baseOf(line)) return saved.session;
  } catch {
    // A draft from an older app that no longer reads: dropped.
  }
  clearDraft(line.uuid);
  return null;
}

export function saveDraft(line: OrderLine, session: EditSession): void {
  try {
    storage()?.setItem(key(line.uuid), JSON.stringify({ base: baseOf(line), session }));
  } catch {
    // Full storage: the draft lives on in memory only.
  }
}

export function clearDraft(lineUuid: string): void {
  storage()?.removeItem(key(lineUuid));
}
