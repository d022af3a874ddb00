/**
 * A picture as the photo book's auto-create sees it (issue 33): its upright size, capture time,
 * perceptual hash and sharpness, found on the server when the picture is analysed. The layout is
 * worked out from these alone, so it is pure and the same input always gives the same book.
 */
import type { RegionBox } from '../pictureRegions.ts';

export interface BookPicture {
  uuid: string;
  /** Upright pixels (EXIF orientation applied). */
  width: number;
  height: number;
  /** EXIF capture time as ISO 8601 (e.g. '2026-07-14T10:03:22'), null when unknown. */
  takenAt: string | null;
  /** 64-bit perceptual hash (dHash), 16 lowercase hex digits. */
  hash: string;
  /** Variance of the Laplacian of the picture shrunk to 512 px long side, greyscale 0..255. */
  sharpness: number;
  /** From engine/pictureRegions.ts, when analysed (fractions of the upright picture). */
  faces?: RegionBox[];
}

/**
 * Why the auto-create left a picture out; the shopper can put it back. 'no-room' is for pictures
 * beyond what the product's largest book holds at its densest layout (the least sharp go first).
 */
export type DropReason = 'duplicate' | 'blurred' | 'no-room';

export interface DroppedPicture {
  uuid: string;
  reason: DropReason;
}

const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/;

/**
 * A capture time in milliseconds, or null when it is unknown or not a date. EXIF times carry no zone:
 * they are read as UTC, so the order and the gaps between them do not depend on the machine's zone
 * (a local reading would move them by an hour across a daylight-saving change).
 */
export function captureTime(takenAt: string | null | undefined): number | null {
  if (typeof takenAt !== 'string' || !ISO_DATE_TIME.test(takenAt)) return null;
  const zoned = /(Z|[+-]\d{2}:?\d{2})$/.test(takenAt) ? takenAt : `${takenAt}Z`;
  const time = Date.parse(zoned);
  return Number.isFinite(time) ? time : null;
}

/** Width over height of the upright picture. */
export function pictureAspect(picture: Pick<BookPicture, 'width' | 'height'>): number {
  return picture.width / picture.height;
}

/** A size the layout can crop: positive and finite on both sides. */
export function hasUsableSize(picture: Pick<BookPicture, 'width' | 'height'>): boolean {
  const { width, height } = picture;
  return Number.isFinite(width) && Number.isFinite(height) && width > 0 && height > 0;
}
