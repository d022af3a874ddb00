/**
 * The print editor's kept draft and the shop's crop (issue 32): the analysis moving a line's shop crop
 * onto the faces keeps the shopper's unsaved changes, and the draft takes the moved crop; a crop the
 * shopper set, or any other change to the line, still drops the draft.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type EditSession, type OrderLine, startSession } from '../../../shop/index.ts';
import { clearDraft, loadDraft, saveDraft } from '../../../src/features/print-editor/savedDraft.ts';

const centred = { x: 0.25, y: 0, width: 0.5, height: 1 };
const onFaces = { x: 0, y: 0, width: 0.5, height: 1 };

const lineWith = (image: NonNullable<OrderLine['image']>, quantity = 1): OrderLine =>
  ({
    uuid: 'line-1',
    product: { uuid: 'product-10x15' },
    quantity,
    image,
  }) as unknown as OrderLine;

/** The shopper's unsaved change: seven copies, in black and white. */
const edited = (line: OrderLine): EditSession => {
  const session = startSession(line);
  return {
    ...session,
    changed: true,
    draft: { ...session.draft, quantity: 7, image: { ...session.draft.image, filter: 'bw' } },
  };
};

describe('a kept print draft when the shop’s crop moves', () => {
  beforeEach(() => {
    const kept = new Map<string, string>();
    vi.stubGlobal('window', {
      sessionStorage: {
        getItem: (k: string) => kept.get(k) ?? null,
        setItem: (k: string, v: string) => void kept.set(k, v),
        removeItem: (k: string) => void kept.delete(k),
      },
    });
  });
  afterEach(() => {
    clearDraft('line-1');
    vi.unstubAllGlobals();
  });

  it('keeps the shopper’s changes and takes the moved shop crop', () => {
    const before = lineWith({ filter: 'original', cropRect: centred, adaption: 0, defaultCrop: true });
    saveDraft(before, edited(before));
    const moved = lineWith({ filter: 'original', cropRect: onFaces, adaption: 0, defaultCrop: true });
    const draft = loadDraft(moved)!;
    expect(draft.draft.quantity).toBe(7);
    expect(draft.draft.image.filter).toBe('bw');
    expect(draft.draft.image.cropRect).toEqual(onFaces);
  });

  it('keeps a crop the shopper set in the draft', () => {
    const before = lineWith({ filter: 'original', cropRect: centred, adaption: 0, defaultCrop: true });
    const session = edited(before);
    const set = { x: 0.1, y: 0, width: 0.5, height: 1 };
    saveDraft(before, {
      ...session,
      draft: { ...session.draft, image: { ...session.draft.image, cropRect: set, defaultCrop: false } },
    });
    const moved = lineWith({ filter: 'original', cropRect: onFaces, adaption: 0, defaultCrop: true });
    expect(loadDraft(moved)!.draft.image.cropRect).toEqual(set);
  });

  it('drops the draft when the line itself changed (its quantity, or a crop the shopper set)', () => {
    const before = lineWith({ filter: 'original', cropRect: centred, adaption: 0, defaultCrop: true });
    saveDraft(before, edited(before));
    expect(loadDraft(lineWith(before.image!, 3))).toBeNull();

    const setBefore = lineWith({ filter: 'original', cropRect: centred, adaption: 0, defaultCrop: false });
    saveDraft(setBefore, edited(setBefore));
    expect(
      loadDraft(lineWith({ filter: 'original', cropRect: onFaces, adaption: 0, defaultCrop: false })),
    ).toBeNull();
  });
});
