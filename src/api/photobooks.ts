/**
 * Photo books made from the shopper's pictures (issue 33): the pictures go up as `photobook` uploads
 * (no print lines), then the auto-create job is started and asked how far it is.
 */
import { type AutocreateAnswer, photobookRoutes } from '../../shop/index.ts';
import { call } from './call.ts';
import type { UploadedPicture } from './pictures.ts';
import { uploadResumable } from './resumable.ts';

export const uploadBookPicture = (file: File, onProgress: (fraction: number) => void, signal?: AbortSignal) =>
  uploadResumable<UploadedPicture>(file, 'photobook', onProgress, signal);

export async function startAutocreate(template: string, pictures: string[]): Promise<string> {
  return (await call(photobookRoutes.autocreate, { body: { template, pictures } })).job;
}

export const autocreateStatus = (job: string, signal?: AbortSignal): Promise<AutocreateAnswer> =>
  call(photobookRoutes.autocreateStatus, { params: { job } }, { signal });
