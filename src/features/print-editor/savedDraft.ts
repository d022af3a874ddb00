/**
 * The print editor's unsaved changes, kept in sessionStorage (issue 34): a reload, or the phone
 * dropping the tab, brings them back as they were, as the card editor's do. A draft is kept with the
 * line it started from; if the line has changed since (saved from another tab, edited in bulk), the
 * draft no longer applies and is dropped.
 *
 * The shop's own crop (defaultCrop) is not part of what a draft starts from: the picture analysis
 * moves it onto the faces a few seconds after the upload (issue 32), and that must not throw away
 * the shopper's unsaved format, quantity or filter. A draft that kept the shop's crop takes the
 * line's moved one.
 */
import type { EditSession, OrderLine } from '../../../shop/index.ts';

const key = (lineUuid: string) => `printEditor:${lineUuid}`;

/**
 * What a draft starts from: the line's format, quantity and picture settings, written field by field
 * (the page's inlined cart and the API's answer list an object's keys in different orders).
 */
function baseOf(line: OrderLine): string {
  const image = line.image;
  const crop = image?.defaultCrop ? null : image?.cropRect;
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
    if (saved.base === baseOf(line)) return withShopCrop(saved.session, line);
  } catch {
    // A draft from an older app that no longer reads: dropped.
  }
  clearDraft(line.uuid);
  return null;
}

/** The line's current shop crop in a draft that kept the shop's crop of the same format. */
function withShopCrop(session: EditSession, line: OrderLine): EditSession {
  const { draft } = session;
  if (!line.image?.defaultCrop || !draft.image.defaultCrop || draft.productUuid !== line.product.uuid) {
    return session;
  }
  return { ...session, draft: { ...draft, image: { ...draft.image, cropRect: line.image.cropRect } } };
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
