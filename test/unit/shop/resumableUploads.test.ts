import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  countsAsTry,
  FINGERPRINT_HEAD_BYTES,
  fingerprintKey,
  isRefusedStatus,
  RESUMABLE_CHUNK_BYTES,
  wakesUploads,
} from '../../../shop/index.ts';
import { contentFingerprint } from '../../../src/api/resumable.ts';

/** Bytes that differ from place to place, so a hash of the wrong part would differ. */
const bytes = (length: number, seed = 1) => {
  const out = new Uint8Array(length);
  for (let i = 0; i < length; i++) out[i] = (i * 7919 + seed * 104729) % 251;
  return out;
};

describe('the fingerprint of a picked file (issue 32)', () => {
  it('is the SHA-256 of its first MB and its size, whatever the file is called', async () => {
    const content = bytes(FINGERPRINT_HEAD_BYTES + 300_000);
    const head = createHash('sha256').update(content.subarray(0, FINGERPRINT_HEAD_BYTES)).digest('hex');
    const picked = new File([content], 'IMG_0001.JPG', { type: 'image/jpeg' });
    // iOS names the same photo anew on every pick.
    const again = new File([content], 'image-4F2A.jpeg', { type: 'image/jpeg' });
    expect(await contentFingerprint(picked, 'printsorder')).toBe(
      fingerprintKey('printsorder', head, content.length),
    );
    expect(await contentFingerprint(again, 'printsorder')).toBe(
      await contentFingerprint(picked, 'printsorder'),
    );
  });

  it('tells apart files that differ in their first MB, their size or where they go', async () => {
    const content = bytes(FINGERPRINT_HEAD_BYTES + 10);
    const one = await contentFingerprint(new File([content], 'a.jpg'), 'printsorder');
    const other = bytes(content.length, 2);
    expect(await contentFingerprint(new File([other], 'a.jpg'), 'printsorder')).not.toBe(one);
    expect(await contentFingerprint(new File([content.subarray(0, -1)], 'a.jpg'), 'printsorder')).not.toBe(
      one,
    );
    expect(await contentFingerprint(new File([content], 'a.jpg'), 'editor')).not.toBe(one);
    // A small file is hashed whole.
    const small = bytes(1000);
    expect(await contentFingerprint(new File([small], 's.jpg'), 'editor')).toBe(
      fingerprintKey('editor', createHash('sha256').update(small).digest('hex'), 1000),
    );
  });

  it('reads only the first MB: bytes past it do not change it', async () => {
    const content = bytes(FINGERPRINT_HEAD_BYTES + 100);
    const edited = content.slice();
    edited[FINGERPRINT_HEAD_BYTES + 50] = (edited[FINGERPRINT_HEAD_BYTES + 50]! + 1) % 256;
    expect(await contentFingerprint(new File([edited], 'b.jpg'), 'editor')).toBe(
      await contentFingerprint(new File([content], 'b.jpg'), 'editor'),
    );
  });
});

describe('what another try can mend', () => {
  it('gives up on a file the server refused, not on the network, a lock, an offset conflict or a limit', () => {
    for (const status of [400, 403, 404, 413, 415, 422, 200])
      expect(isRefusedStatus(status), `${status}`).toBe(true);
    for (const status of [-1, 0, 408, 409, 423, 429, 500, 502, 503])
      expect(isRefusedStatus(status), `${status}`).toBe(false);
  });

  it('does not count a failed try that moved the upload forward', () => {
    expect(countsAsTry(0.4, 0.4)).toBe(true);
    expect(countsAsTry(0.4, 0.3)).toBe(true);
    expect(countsAsTry(0.4, 0.45)).toBe(false);
  });

  it('wakes the uploads when the network returns or the page becomes visible, not when it hides', () => {
    expect(wakesUploads({ type: 'online' }, 'hidden')).toBe(true);
    expect(wakesUploads({ type: 'visibilitychange' }, 'visible')).toBe(true);
    expect(wakesUploads({ type: 'visibilitychange' }, 'hidden')).toBe(false);
    expect(wakesUploads({ type: 'offline' }, 'visible')).toBe(false);
  });

  it('sends an 8 MB photo in pieces small enough that a lost piece costs under a tenth', () => {
    const photo = 8 * 1024 * 1024;
    expect(RESUMABLE_CHUNK_BYTES).toBeLessThan(photo / 10);
    expect(Math.ceil(photo / RESUMABLE_CHUNK_BYTES)).toBeLessThanOrEqual(32);
  });
});
