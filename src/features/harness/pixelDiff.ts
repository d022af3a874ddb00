/**
 * How much two renders of a page differ: the share of pixels where any channel (R, G, B or A)
 * differs by more than `tolerance` levels of 255.
 *
 * Why a tolerance at all: the browser's canvas (Chromium's Skia) and the server's (@napi-rs/canvas,
 * another Skia build) run the same drawing code, but edge antialiasing of glyph outlines and the
 * resampling of scaled pictures differ by a few levels between builds (and by more along a hard
 * edge a fraction of a pixel wide). The default, 24 of 255 (about 9 %), lets those through and still
 * counts anything a person would see: a missing picture, a shifted line of text, another crop, a
 * wrong colour or effect all move channels by far more than 24.
 */
export const DIFF_TOLERANCE = 24;

export interface RGBA {
  readonly width: number;
  readonly height: number;
  readonly data: Uint8ClampedArray;
}

export interface PixelDiff {
  /** Pixels that differ, 0..100. Two images of different sizes differ by 100 %. */
  percent: number;
  differing: number;
  total: number;
  /** The largest channel difference seen (0..255). */
  maxChannel: number;
}

/** Compare two RGBA images; `mark(i)` is called with the pixel index of every differing pixel. */
export function pixelDiff(
  a: RGBA,
  b: RGBA,
  tolerance = DIFF_TOLERANCE,
  mark?: (pixel: number) => void,
): PixelDiff {
  const total = a.width * a.height;
  if (a.width !== b.width || a.height !== b.height) {
    return { percent: 100, differing: total, total, maxChannel: 255 };
  }
  let differing = 0;
  let maxChannel = 0;
  const da = a.data;
  const db = b.data;
  for (let i = 0; i < da.length; i += 4) {
    let worst = 0;
    for (let c = 0; c < 4; c++) {
      const d = Math.abs(da[i + c]! - db[i + c]!);
      if (d > worst) worst = d;
    }
    if (worst > maxChannel) maxChannel = worst;
    if (worst > tolerance) {
      differing++;
      mark?.(i / 4);
    }
  }
  return { percent: total === 0 ? 0 : (100 * differing) / total, differing, total, maxChannel };
}
