/**
 * The picture uploads: the print upload (S0 §7: POST /system/iframes/upload_internal.php with one
 * picture in `images[]`) and the generic file post the editor's upload uses too.
 */
import { CallError, resolveUrl } from './call.ts';

export const PRINT_UPLOAD_PATH = '/system/iframes/upload_internal.php';
export const PRINT_UPLOAD_QUERY = {
  handleuploads: 1,
  interface: 'HTML',
  redirect: '',
  uploadtype: 'printsorder',
  json: 1,
  thumbnails: 640,
};

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
 * Posts one file as multipart/form-data and answers the first file record of the JSON answer.
 * XMLHttpRequest, because fetch reports no upload progress. Rejects with a CallError on a network
 * failure, a 4xx/5xx answer (with the server's `error` text), or a file record carrying an error.
 */
export function postFile<T>(
  url: string,
  field: string,
  file: File,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    if (signal?.aborted) {
      reject(new CallError(-1, 'Upload aborted'));
      return;
    }
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.open('POST', url);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onerror = () => reject(new CallError(-1, 'Network error'));
    xhr.onabort = () => reject(new CallError(-1, 'Upload aborted'));
    xhr.onload = () => {
      let body: { error?: unknown; files?: (T & { error?: string | null })[] } | undefined;
      try {
        body = JSON.parse(xhr.responseText) as typeof body;
      } catch {
        body = undefined;
      }
      if (xhr.status < 200 || xhr.status >= 300 || !body || body.error) {
        const message = typeof body?.error === 'string' ? body.error : xhr.statusText || `HTTP ${xhr.status}`;
        reject(new CallError(xhr.status, message, undefined, body));
        return;
      }
      const record = body.files?.[0];
      if (!record || record.error) {
        reject(new CallError(xhr.status, record?.error ?? 'No file in the answer', undefined, body));
        return;
      }
      onProgress(1);
      resolve(record);
    };
    const form = new FormData();
    form.append(field, file, file.name);
    xhr.send(form);
  });
}

/**
 * The server refused the file itself (a 4xx, or S0 §7's file record with an `error`: not a picture,
 * too large, a limit): trying again cannot help. A timeout (408) or being told to slow down (429) can.
 */
export const isRefusedUpload = (error: unknown): boolean =>
  error instanceof CallError &&
  ((error.code >= 200 && error.code < 300) ||
    (error.code >= 400 && error.code < 500 && error.code !== 408 && error.code !== 429));

/** The print upload of one picture: it becomes a print line of the cart (S0 §2). */
export const uploadPrint = (file: File, onProgress: (fraction: number) => void, signal?: AbortSignal) =>
  postFile<UploadedFile>(
    resolveUrl(PRINT_UPLOAD_PATH, PRINT_UPLOAD_QUERY),
    'images[]',
    file,
    onProgress,
    signal,
  );
