import { type Effect, type PictureRegions, type Rotation, xphotoType } from '../../engine/index.ts';
import { accountRoutes } from '../../shop/index.ts';
import { call } from './call.ts';
import { uploadResumable } from './resumable.ts';

/** S0 §9: the sizes the picture service makes. */
export type ScaleVersion = 160 | 320 | 640 | 1280;

/** The address of a picture from GET /system/XPhoto.php (S0 §7): one derivative of an uploaded picture. */
export function xphotoUrl(
  uuid: string,
  scaleversion: ScaleVersion = 320,
  effect: Effect = 'original',
  rotation: Rotation = 0,
): string {
  const query = new URLSearchParams({ uuid, scaleversion: String(scaleversion) });
  const type = xphotoType(effect);
  if (type) query.set('type', String(type));
  if (rotation) query.set('rotation', String(rotation));
  return `/system/XPhoto.php?${query}`;
}

/** One of the shopper's pictures, its size after EXIF orientation (S0 §3 recent images). */
export interface RecentImage {
  uuid: string;
  width: number;
  height: number;
  /** Faces and salient region once the server has analysed it (issue 32); null or absent before. */
  regions?: PictureRegions | null;
}

/** GET /m/api/user/recent-images: the session's pictures, newest first. */
export async function getRecentImages(signal?: AbortSignal): Promise<RecentImage[]> {
  const answer = await call(accountRoutes.recentImages, {}, { signal });
  return answer.images;
}

/** A picture as POST /m/api/pictures stored it (docs/decisions.md, "Upload routes"). */
export interface UploadedPicture {
  uuid: string;
  width: number;
  height: number;
  size: number;
  name: string;
}

/**
 * One picture to the shopper's pictures, without a print line: a resumable upload of type `editor`
 * (src/api/resumable.ts; POST /m/api/pictures stays for other clients); a refused file is a 4xx with
 * the server's `error` text.
 */
export const uploadPicture = (file: File, onProgress: (fraction: number) => void, signal?: AbortSignal) =>
  uploadResumable<UploadedPicture>(file, 'editor', onProgress, signal);
