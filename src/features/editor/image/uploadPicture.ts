/**
 * The editor's picture upload: POST /m/api/pictures with one file in the field `file`, answering
 * `{result: 'OK', files: [{uuid, width, height, size, name}]}` (docs/decisions.md, Pictures); a
 * refused file is a 4xx with the server's `error` text. No print line is made.
 */
import { resolveUrl } from '../../../api/call.ts';
import { postFile } from '../../../api/upload.ts';

export interface UploadedPicture {
  uuid: string;
  width: number;
  height: number;
  size: number;
  name: string;
}

export const uploadPicture = (file: File, onProgress: (fraction: number) => void) =>
  postFile<UploadedPicture>(resolveUrl('pictures'), 'file', file, onProgress);
