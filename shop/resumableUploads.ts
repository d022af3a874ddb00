/**
 * The client's side of resumable uploads (tus 1.0, issue 32) that holds no browser: where they go,
 * the piece size, the fingerprint's shape and which failures another try can mend. The browser's
 * upload (src/api/resumable.ts) and the upload-resume bench both read these.
 */

/** Where a tus upload begins (POST) and, with its id, goes on (HEAD, PATCH, DELETE). */
export const RESUMABLE_UPLOAD_PATH = '/m/api/uploads';

/**
 * The bytes of one PATCH (docs/decisions.md, "Resumable uploads in the browser"): a cut costs at
 * most one piece even behind a proxy that buffers whole requests (0.5 MB of an 8 MB photo: 6 %),
 * while an 8 MB photo takes 16 round trips, a few seconds on a mobile uplink that needs a minute.
 */
export const RESUMABLE_CHUNK_BYTES = 512 * 1024;

/** How much of the file's start the fingerprint hashes: enough to tell photos apart, quick on a phone. */
export const FINGERPRINT_HEAD_BYTES = 1024 * 1024;

/** The upload types a resumable upload names (the server's RESUMABLE_TYPES). */
export type ResumableUploadType = 'printsorder' | 'editor' | 'photobook';

/**
 * A picked file's fingerprint: its content (the SHA-256 of its first MB, in hex) and its size, never
 * its name (iOS renames a file on every pick); the upload type too, as the same photo sent to the
 * editor and to the print order are two uploads.
 */
export function fingerprintKey(uploadType: ResumableUploadType, headSha256Hex: string, size: number): string {
  return `print-shop:${uploadType}:${size}:${headSha256Hex}`;
}

/** The hex form of a digest. */
export const hexOf = (digest: ArrayBuffer): string =>
  Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');

/**
 * Whether an answer's status means the server refused the file itself, so that another try cannot
 * help: a 4xx, except a timeout (408), a conflict on the offset (409: the next try asks the offset
 * anew), a locked upload (423: another request still holds it) and being told to slow down (429).
 * A 2xx here is a file record carrying an error. No answer at all (the network) is never a refusal.
 */
export function isRefusedStatus(status: number): boolean {
  if (status >= 200 && status < 300) return true;
  return status >= 400 && status < 500 && ![408, 409, 423, 429].includes(status);
}

/**
 * Whether a failed try of a resumable upload counts against its tries: one that moved the server's
 * offset forward does not, so a photo on a train that keeps getting somewhere is never given up on,
 * while one that gets nowhere stops after the queue's tries.
 */
export function countsAsTry(offsetBefore: number, offsetAfter: number): boolean {
  return offsetAfter <= offsetBefore;
}

/**
 * Whether a browser event should wake the upload queue (a file waiting for its next try goes at
 * once, failed files go again): the network coming back, or the page becoming visible (a phone
 * suspends a hidden page's requests, which then fail or hang).
 */
export function wakesUploads(event: { type: string }, visibility: string | undefined): boolean {
  if (event.type === 'online') return true;
  return event.type === 'visibilitychange' && visibility === 'visible';
}
