/**
 * The print upload (S0 §2): one picture through the resumable upload (src/api/resumable.ts, issue
 * 32), which becomes a print line of the cart. S0 §7's one-shot upload stays on the server for
 * other clients; this app no longer sends it.
 */
import { isRefusedStatus } from '../../shop/index.ts';
import { CallError } from './call.ts';
import { uploadResumable } from './resumable.ts';

export interface UploadedFile {
  uuid: string;
  size: number;
  name: string;
  error: string | null;
  /** The picture's upright pixel size (the print upload answers it). */
  width?: number;
  height?: number;
}

const HEIF_BRANDS = new Set(['heic', 'heix', 'mif1', 'msf1']);

/** Whether the first bytes of a file mark it as HEIC/HEIF: an `ftyp` box with a HEIF major brand. */
export function isHeicHead(head: Uint8Array): boolean {
  if (head.length < 12) return false;
  const text = (from: number, to: number) => String.fromCharCode(...head.subarray(from, to));
  return text(4, 8) === 'ftyp' && HEIF_BRANDS.has(text(8, 12));
}

/** S0 §5: a type starting with image, or HEIC by its first 50 bytes. */
export async function isAcceptedPicture(file: File): Promise<boolean> {
  if (file.type.startsWith('image/')) return true;
  const head = new Uint8Array(await file.slice(0, 50).arrayBuffer());
  return isHeicHead(head);
}

/**
 * The server refused the file itself (a 4xx, or a file record carrying an `error`: not a picture,
 * too large, a limit): trying again cannot help. No answer, a timeout, a conflict or lock on the
 * upload's offset, or being told to slow down can (shop's isRefusedStatus).
 */
export const isRefusedUpload = (error: unknown): boolean =>
  error instanceof CallError && isRefusedStatus(error.code);

/** The print upload of one picture: it becomes a print line of the cart (S0 §2). */
export const uploadPrint = (file: File, onProgress: (fraction: number) => void, signal?: AbortSignal) =>
  uploadResumable<UploadedFile>(file, 'printsorder', onProgress, signal);
