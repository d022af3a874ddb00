/**
 * The picture signals (issue 33): what the photo book's auto-create reads of each picture to leave out
 * near-duplicates and blurred shots and to put the rest in the order they were taken. Computed in the
 * picture analysis thread (pictureAnalysis.ts) from the pixels it has already decoded and shrunk, so a
 * picture is decoded once for faces, salient region and signals alike.
 *
 * - takenAt: EXIF DateTimeOriginal, else CreateDate (exifr), read from the file as uploaded: the
 *   upright master sharp writes keeps no metadata. Local time without a zone, as the camera wrote it:
 *   the shopper's "at 10 in the morning" is what orders a holiday's pictures, and the offset
 *   (OffsetTimeOriginal, EXIF 2.31) is missing from many cameras' files.
 * - hash: a difference hash (dHash), 64 bits as 16 hex digits: greyscale at 9×8, each bit whether a
 *   pixel is brighter than its right neighbour. Re-encoding or resizing a picture flips few bits.
 *   Written here over sharp: the npm perceptual hashes decode the file themselves (sharp-phash, a DCT
 *   hash; imghash, blockhash), a second decode of a picture the analysis has in memory.
 * - sharpness: the variance of the Laplacian of the picture in grey at SHARPNESS_SIZE on its long side:
 *   edges make it large, blur makes it small. Measured on the analysis's 640 px pixels shrunk again.
 */
import exifr from 'exifr';
import sharp from 'sharp';
import type { PictureSignals } from '../../db/schema.ts';

// Kept with the picture (pictures.signals), so the schema holds its one definition.
export type { PictureSignals };

/**
 * Long side of the picture whose Laplacian is measured: the same for every picture, so they compare. A
 * smaller picture is enlarged to it: a small copy prints softer, and of two near-duplicates the book
 * keeps the sharper (measured at its own size, a 300 px copy scored above its 512 px original).
 */
export const SHARPNESS_SIZE = 512;

/** Raw upright RGB pixels, as the analysis decodes them. */
export interface RgbPixels {
  data: Buffer;
  width: number;
  height: number;
}

const EXIF_DATE = /^(\d{4}):(\d{2}):(\d{2})[ T](\d{2}):(\d{2}):(\d{2})/;

/**
 * An EXIF date (`2026:07:14 10:03:22`, sub-seconds and offset ignored) as `2026-07-14T10:03:22`, or
 * null for what is not a real date and time (cameras write `0000:00:00 00:00:00` when unset).
 */
export function exifLocalTime(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const m = EXIF_DATE.exec(value.trim());
  if (!m) return null;
  const [year, month, day, hour, minute, second] = m.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  const realDay =
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  if (year < 1 || !realDay || hour > 23 || minute > 59 || second > 59) return null;
  return `${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}`;
}

/** JPEG's APP1 marker, which libvips keeps at the head of a JPEG's EXIF block (before its TIFF header). */
const EXIF_MARKER = Buffer.from('Exif\0\0', 'latin1');

/**
 * When the picture was taken, from its file's EXIF; null when there is none. libvips finds the EXIF block
 * (sharp's metadata, which reads the header, not the pixels) in every format the shop takes, and exifr
 * reads the block: exifr alone reads no WebP, and called "Malformed EXIF data" on a HEIC libheif wrote
 * whose block was sound. ModifyDate is not a capture time (an editor writes it), so not read.
 */
export async function takenAtOf(file: Uint8Array | string): Promise<string | null> {
  let tags: Record<string, unknown> | undefined;
  try {
    const { exif } = await sharp(file, { limitInputPixels: false }).metadata();
    if (!exif) return null;
    const block = exif.subarray(0, EXIF_MARKER.length).equals(EXIF_MARKER)
      ? exif.subarray(EXIF_MARKER.length)
      : exif;
    // Raw strings: exifr's revived Date would read the camera's local time in this server's zone.
    tags = await exifr.parse(block, { pick: ['DateTimeOriginal', 'CreateDate'], reviveValues: false });
  } catch {
    return null;
  }
  return exifLocalTime(tags?.DateTimeOriginal) ?? exifLocalTime(tags?.CreateDate);
}

const rawInput = (pixels: RgbPixels) => ({
  raw: { width: pixels.width, height: pixels.height, channels: 3 as const },
});

/** The difference hash of the pixels: 8 rows of 8 bits, left brighter than right, as 16 hex digits. */
export async function differenceHash(pixels: RgbPixels): Promise<string> {
  const grey = await sharp(pixels.data, rawInput(pixels))
    .resize(9, 8, { fit: 'fill' })
    .toColourspace('b-w')
    .raw()
    .toBuffer();
  let hex = '';
  for (let row = 0; row < 8; row++) {
    let byte = 0;
    for (let x = 0; x < 8; x++) byte = (byte << 1) | (grey[row * 9 + x]! > grey[row * 9 + x + 1]! ? 1 : 0);
    hex += byte.toString(16).padStart(2, '0');
  }
  return hex;
}

/** Bits that differ between two hashes (0–64): near-duplicates differ in a few. */
export function hashDistance(a: string, b: string): number {
  let x = BigInt(`0x${a}`) ^ BigInt(`0x${b}`);
  let bits = 0;
  for (; x > 0n; x >>= 1n) bits += Number(x & 1n);
  return bits;
}

/**
 * The variance of the Laplacian (4-neighbour) of the pixels in grey at SHARPNESS_SIZE, over the inner
 * pixels (a border pixel has no neighbour on one side). Summed here in the thread rather than by sharp's
 * convolve and stats: three libvips pipelines cost ~18 ms a picture, this loop ~1 ms, and a photo book
 * waits for it (docs/decisions.md 3.21).
 */
export async function sharpnessOf(pixels: RgbPixels): Promise<number> {
  const { data: grey, info } = await sharp(pixels.data, rawInput(pixels))
    .resize(SHARPNESS_SIZE, SHARPNESS_SIZE, { fit: 'inside' })
    .toColourspace('b-w')
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { width, height } = info;
  const n = (width - 2) * (height - 2);
  if (n <= 0) return 0;
  let sum = 0;
  let squares = 0;
  for (let y = 1; y < height - 1; y++) {
    for (let at = y * width + 1, end = y * width + width - 1; at < end; at++) {
      const l = grey[at - 1]! + grey[at + 1]! + grey[at - width]! + grey[at + width]! - 4 * grey[at]!;
      sum += l;
      squares += l * l;
    }
  }
  return Math.round((squares / n - (sum / n) ** 2) * 100) / 100;
}

/**
 * The signals of a picture: its pixels (upright, shrunk) for hash and sharpness, its file as uploaded
 * (bytes or path) for the capture time.
 */
export async function signalsOf(pixels: RgbPixels, file: Uint8Array | string): Promise<PictureSignals> {
  const [takenAt, hash, sharpness] = await Promise.all([
    takenAtOf(file),
    differenceHash(pixels),
    sharpnessOf(pixels),
  ]);
  return { takenAt, hash, sharpness };
}
