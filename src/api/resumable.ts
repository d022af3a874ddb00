/**
 * One picture through a resumable upload (tus 1.0 at /m/api/uploads, issue 32): sent in pieces of
 * RESUMABLE_CHUNK_BYTES, and a try that begins where an earlier one stopped (a cut, a reload, the
 * same photo picked again) asks the server its offset and sends only the rest. The earlier upload is
 * found by the file's content fingerprint in tus-js-client's URL storage (localStorage).
 *
 * Retrying is the upload queue's (src/app/uploadQueue.ts): a try that fails rejects, and the next
 * try resumes.
 */
import { type DetailedError, Upload } from 'tus-js-client';
import {
  FINGERPRINT_HEAD_BYTES,
  fingerprintKey,
  hexOf,
  RESUMABLE_CHUNK_BYTES,
  RESUMABLE_UPLOAD_PATH,
  type ResumableUploadType,
} from '../../shop/index.ts';
import { CallError } from './call.ts';

/** The file's fingerprint from its content: the SHA-256 of its first MB, and its size. */
export async function contentFingerprint(file: Blob, uploadType: ResumableUploadType): Promise<string> {
  const head = await file.slice(0, FINGERPRINT_HEAD_BYTES).arrayBuffer();
  return fingerprintKey(uploadType, hexOf(await crypto.subtle.digest('SHA-256', head)), file.size);
}

/** The answer's JSON, or undefined when it has none (a HEAD, a network failure). */
function bodyOf(
  text: string | undefined,
): { error?: unknown; code?: unknown; files?: unknown[] } | undefined {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The header a finished upload's HEAD answers its result in (base64url JSON): a try after the last
 * piece's answer was lost is told the upload is whole (offset = length) and what it became.
 */
const RESULT_HEADER = 'x-print-shop-upload-result';

/** The last answer's result: the last piece's JSON body, or a finished upload's HEAD header. */
function resultOf(response: { getBody(): string | undefined; getHeader(name: string): string | undefined }) {
  const body = bodyOf(response.getBody());
  if (body) return body;
  const header = response.getHeader(RESULT_HEADER);
  if (!header) return undefined;
  try {
    const base64 = header.replaceAll('-', '+').replaceAll('_', '/');
    const bytes = Uint8Array.from(atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '=')), (c) =>
      c.charCodeAt(0),
    );
    return bodyOf(new TextDecoder().decode(bytes));
  } catch {
    return undefined;
  }
}

/** A failed try as the queue's CallError: the status (-1 without an answer) and the server's message. */
function asCallError(error: Error): CallError {
  const response = (error as DetailedError).originalResponse;
  if (!response) return new CallError(-1, error.message);
  const body = bodyOf(response.getBody());
  const message = typeof body?.error === 'string' ? body.error : error.message;
  return new CallError(
    response.getStatus(),
    message,
    typeof body?.code === 'string' ? body.code : undefined,
    body,
  );
}

/** What the server holds, 0..1, as the pieces are sent. */
export type ResumableProgress = (fraction: number) => void;

/**
 * Sends `file` (resuming an earlier upload of the same content) and answers the first file record of
 * the last piece's answer (or of a finished upload's HEAD), the picture as the one-shot upload answers it. Rejects with a CallError.
 */
export async function uploadResumable<T>(
  file: File,
  uploadType: ResumableUploadType,
  onProgress: ResumableProgress,
  signal?: AbortSignal,
): Promise<T> {
  if (signal?.aborted) throw new CallError(-1, 'Upload aborted');
  const fingerprint = await contentFingerprint(file, uploadType);
  return new Promise<T>((resolve, reject) => {
    const upload = new Upload(file, {
      endpoint: new URL(RESUMABLE_UPLOAD_PATH, location.href).href,
      chunkSize: RESUMABLE_CHUNK_BYTES,
      metadata: { filename: file.name, filetype: file.type, uploadtype: uploadType },
      fingerprint: () => Promise.resolve(fingerprint),
      storeFingerprintForResuming: true,
      removeFingerprintOnSuccess: true,
      // The queue tries again, and its next try resumes: one place for the tries and their dialog.
      retryDelays: null,
      onProgress: (sent, total) => {
        if (total > 0) onProgress(sent / total);
      },
      // The last answer is the last piece's, or (when that answer was lost and this try found the
      // upload whole) the HEAD's: tus-js-client succeeds on a HEAD whose offset is the length.
      onSuccess: ({ lastResponse }) => {
        const body = resultOf(lastResponse);
        const record = body?.files?.[0] as (T & { error?: string | null }) | undefined;
        if (!record || record.error) {
          reject(
            new CallError(
              lastResponse.getStatus(),
              record?.error ?? 'No file in the answer',
              undefined,
              body,
            ),
          );
          return;
        }
        resolve(record);
      },
      onError: (error) => reject(asCallError(error)),
    });
    signal?.addEventListener(
      'abort',
      () => {
        // The upload stays on the server, and in the URL storage, for the next try to resume.
        void upload.abort(false);
        reject(new CallError(-1, 'Upload aborted'));
      },
      { once: true },
    );
    upload.findPreviousUploads().then(
      (previous) => {
        // The newest earlier upload of this content: the one most likely still on the server.
        const latest = [...previous].sort((a, b) => b.creationTime.localeCompare(a.creationTime))[0];
        if (latest) upload.resumeFromPreviousUpload(latest);
        if (!signal?.aborted) upload.start();
      },
      (error: Error) => reject(new CallError(-1, error.message)),
    );
  });
}
