/**
 * The editor's picture upload: POST /m/api/pictures with one file in the field `file`, answering
 * `{result: 'OK', files: [{uuid, width, height, size, name}]}` (docs/decisions.md, Pictures).
 * XMLHttpRequest, because fetch reports no upload progress.
 */
import { CallError, resolveUrl } from '../../../api/call.ts';

export interface UploadedPicture {
  uuid: string;
  width: number;
  height: number;
  size: number;
  name: string;
}

export function uploadPicture(file: File, onProgress: (fraction: number) => void): Promise<UploadedPicture> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', resolveUrl('pictures'));
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onerror = () => reject(new CallError(-1, 'Network error'));
    xhr.onabort = () => reject(new CallError(-1, 'Upload aborted'));
    xhr.onload = () => {
      let body: { result?: string; files?: UploadedPicture[]; message?: string } | undefined;
      try {
        body = JSON.parse(xhr.responseText) as typeof body;
      } catch {
        body = undefined;
      }
      const record = body?.files?.[0];
      if (xhr.status < 200 || xhr.status >= 300 || body?.result !== 'OK' || !record) {
        reject(
          new CallError(
            xhr.status,
            body?.message ?? (xhr.statusText || `HTTP ${xhr.status}`),
            undefined,
            body,
          ),
        );
        return;
      }
      onProgress(1);
      resolve(record);
    };
    const form = new FormData();
    form.append('file', file, file.name);
    xhr.send(form);
  });
}
