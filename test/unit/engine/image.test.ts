import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type Adaption,
  adaptionCode,
  adaptionForCrop,
  adaptionName,
  type CropRect,
  cropBelowMinimum,
  cropDpi,
  croppedPixels,
  EFFECTS,
  type Frame,
  fitInGapFraction,
  flipOrientation,
  frameLike,
  hasFitWarning,
  innerFrame,
  isLowQuality,
  MIN_CROP_DPI,
  orientedSize,
  type PictureSize,
  panCrop,
  printAreaPixels,
  type Rotation,
  requiredPixels,
  rotateClockwise,
  rotatePicture,
  snapCrop,
  startingCrop,
  WHEEL_ZOOM_IN,
  WHEEL_ZOOM_OUT,
  whiteBorderMm,
  xphotoType,
  zoomCrop,
} from '../../../engine/image.ts';

const LANDSCAPE: PictureSize = { width: 4000, height: 3000 };
const PORTRAIT: PictureSize = { width: 3000, height: 4000 };
const WIDE_FRAME: Frame = { widthMm: 150, heightMm: 100 };
const TALL_FRAME: Frame = { widthMm: 100, heightMm: 150 };
const SQUARE_FRAME: Frame = { widthMm: 100, heightMm: 100 };

/** Relative difference between the crop's pixel aspect and the frame's aspect. */
function aspectError(crop: CropRect, picture: PictureSize, rotation: Rotation, frame: Frame): number {
  const o = orientedSize(picture, rotation);
  const cropAspect = (crop.width * o.width) / (crop.height * o.height);
  const frameAspect = frame.widthMm / frame.heightMm;
  return Math.abs(cropAspect / frameAspect - 1);
}

function expectCrop(actual: CropRect, expected: CropRect): void {
  expect(actual.x).toBeCloseTo(expected.x, 12);
  expect(actual.y).toBeCloseTo(expected.y, 12);
  expect(actual.width).toBeCloseTo(expected.width, 12);
  expect(actual.height).toBeCloseTo(expected.height, 12);
}

function isInsidePicture(crop: CropRect): boolean {
  return crop.x >= 0 && crop.y >= 0 && crop.x + crop.width <= 1 && crop.y + crop.height <= 1;
}

describe('orientation', () => {
  it('keeps the size at 0 and 180 degrees and swaps it at 90 and 270', () => {
    expect(orientedSize(LANDSCAPE, 0)).toEqual({ width: 4000, height: 3000 });
    expect(orientedSize(LANDSCAPE, 90)).toEqual({ width: 3000, height: 4000 });
    expect(orientedSize(LANDSCAPE, 180)).toEqual({ width: 4000, height: 3000 });
    expect(orientedSize(LANDSCAPE, 270)).toEqual({ width: 3000, height: 4000 });
  });
  it('returns a new object', () => {
    expect(orientedSize(LANDSCAPE, 0)).not.toBe(LANDSCAPE);
  });
  it('rotates clockwise in 90 degree steps and wraps from 270 to 0', () => {
    expect(rotateClockwise(0)).toBe(90);
    expect(rotateClockwise(90)).toBe(180);
    expect(rotateClockwise(180)).toBe(270);
    expect(rotateClockwise(270)).toBe(0);
  });
  it('comes back to the start after four rotations', () => {
    let r: Rotation = 90;
    for (let i = 0; i < 4; i++) r = rotateClockwise(r);
    expect(r).toBe(90);
  });
});

describe('startingCrop', () => {
  const cases: [string, PictureSize, Rotation, Frame, Adaption, CropRect][] = [
    // 4:3 picture into 3:2 frame: the frame is wider, so fill-in keeps the full width.
    [
      'landscape into landscape, fill-in',
      LANDSCAPE,
      0,
      WIDE_FRAME,
      'fill-in',
      { x: 0, y: 1 / 18, width: 1, height: 8 / 9 },
    ],
    [
      'landscape into landscape, fit-in',
      LANDSCAPE,
      0,
      WIDE_FRAME,
      'fit-in',
      { x: -1 / 16, y: 0, width: 9 / 8, height: 1 },
    ],
    [
      'landscape into portrait, fill-in',
      LANDSCAPE,
      0,
      TALL_FRAME,
      'fill-in',
      { x: 0.25, y: 0, width: 0.5, height: 1 },
    ],
    [
      'landscape into portrait, fit-in',
      LANDSCAPE,
      0,
      TALL_FRAME,
      'fit-in',
      { x: 0, y: -0.5, width: 1, height: 2 },
    ],
    [
      'landscape into square, fill-in',
      LANDSCAPE,
      0,
      SQUARE_FRAME,
      'fill-in',
      { x: 0.125, y: 0, width: 0.75, height: 1 },
    ],
    [
      'landscape into square, fit-in',
      LANDSCAPE,
      0,
      SQUARE_FRAME,
      'fit-in',
      { x: 0, y: -1 / 6, width: 1, height: 4 / 3 },
    ],
    [
      'portrait into landscape, fill-in',
      PORTRAIT,
      0,
      WIDE_FRAME,
      'fill-in',
      { x: 0, y: 0.25, width: 1, height: 0.5 },
    ],
    [
      'portrait into landscape, fit-in',
      PORTRAIT,
      0,
      WIDE_FRAME,
      'fit-in',
      { x: -0.5, y: 0, width: 2, height: 1 },
    ],
    [
      'portrait into portrait, fill-in',
      PORTRAIT,
      0,
      TALL_FRAME,
      'fill-in',
      { x: 1 / 18, y: 0, width: 8 / 9, height: 1 },
    ],
    [
      'portrait into portrait, fit-in',
      PORTRAIT,
      0,
      TALL_FRAME,
      'fit-in',
      { x: 0, y: -1 / 16, width: 1, height: 9 / 8 },
    ],
    [
      'portrait into square, fill-in',
      PORTRAIT,
      0,
      SQUARE_FRAME,
      'fill-in',
      { x: 0, y: 0.125, width: 1, height: 0.75 },
    ],
    [
      'portrait into square, fit-in',
      PORTRAIT,
      0,
      SQUARE_FRAME,
      'fit-in',
      { x: -1 / 6, y: 0, width: 4 / 3, height: 1 },
    ],
    // Rotation: the oriented picture is what gets cropped.
    [
      'landscape at 90 into portrait, fill-in',
      LANDSCAPE,
      90,
      TALL_FRAME,
      'fill-in',
      { x: 1 / 18, y: 0, width: 8 / 9, height: 1 },
    ],
    [
      'landscape at 180 into portrait, fill-in',
      LANDSCAPE,
      180,
      TALL_FRAME,
      'fill-in',
      { x: 0.25, y: 0, width: 0.5, height: 1 },
    ],
    [
      'landscape at 270 into landscape, fill-in',
      LANDSCAPE,
      270,
      WIDE_FRAME,
      'fill-in',
      { x: 0, y: 0.25, width: 1, height: 0.5 },
    ],
    [
      'landscape at 270 into landscape, fit-in',
      LANDSCAPE,
      270,
      WIDE_FRAME,
      'fit-in',
      { x: -0.5, y: 0, width: 2, height: 1 },
    ],
    [
      'portrait at 90 into square, fit-in',
      PORTRAIT,
      90,
      SQUARE_FRAME,
      'fit-in',
      { x: 0, y: -1 / 6, width: 1, height: 4 / 3 },
    ],
  ];
  for (const [name, picture, rotation, frame, adaption, expected] of cases) {
    it(name, () => {
      const crop = startingCrop(picture, rotation, frame, adaption);
      expectCrop(crop, expected);
      expect(aspectError(crop, picture, rotation, frame)).toBeLessThan(1e-12);
    });
  }

  it('is the whole picture, in both adaptions, when the aspects match', () => {
    const picture = { width: 3000, height: 2000 };
    for (const adaption of ['fill-in', 'fit-in'] as const) {
      expect(startingCrop(picture, 0, WIDE_FRAME, adaption)).toEqual({ x: 0, y: 0, width: 1, height: 1 });
    }
  });
  it('is the same crop for a preview and for the original of the same picture', () => {
    const preview = startingCrop({ width: 640, height: 480 }, 0, TALL_FRAME, 'fill-in');
    expect(startingCrop(LANDSCAPE, 0, TALL_FRAME, 'fill-in')).toEqual(preview);
  });
  it('fill-in stays on the picture and fit-in holds the whole picture', () => {
    for (const picture of [LANDSCAPE, PORTRAIT]) {
      for (const frame of [WIDE_FRAME, TALL_FRAME, SQUARE_FRAME]) {
        for (const rotation of [0, 90, 180, 270] as const) {
          expect(isInsidePicture(startingCrop(picture, rotation, frame, 'fill-in'))).toBe(true);
          const fit = startingCrop(picture, rotation, frame, 'fit-in');
          expect(fit.x).toBeLessThanOrEqual(0);
          expect(fit.y).toBeLessThanOrEqual(0);
          expect(fit.x + fit.width).toBeGreaterThanOrEqual(1);
          expect(fit.y + fit.height).toBeGreaterThanOrEqual(1);
        }
      }
    }
  });
  it('rejects an empty picture or frame', () => {
    expect(() => startingCrop({ width: 0, height: 100 }, 0, WIDE_FRAME, 'fill-in')).toThrow(RangeError);
    expect(() => startingCrop(LANDSCAPE, 0, { widthMm: 100, heightMm: Number.NaN }, 'fit-in')).toThrow(
      RangeError,
    );
  });
});

describe('rotatePicture', () => {
  it('steps the rotation and recomputes the crop for the rotated picture', () => {
    const result = rotatePicture(LANDSCAPE, 0, TALL_FRAME, 'fill-in');
    expect(result.rotation).toBe(90);
    expect(result.crop).toEqual(startingCrop(LANDSCAPE, 90, TALL_FRAME, 'fill-in'));
  });
  it('wraps from 270 to 0', () => {
    const result = rotatePicture(LANDSCAPE, 270, WIDE_FRAME, 'fit-in');
    expect(result.rotation).toBe(0);
    expect(result.crop).toEqual(startingCrop(LANDSCAPE, 0, WIDE_FRAME, 'fit-in'));
  });
});

describe('panCrop and zoomCrop', () => {
  const crop: CropRect = { x: 0.2, y: 0.1, width: 0.5, height: 0.4 };

  it('moves the crop the other way than the picture is dragged, by a fraction of the frame', () => {
    expectCrop(panCrop(crop, 0.1, 0), { x: 0.15, y: 0.1, width: 0.5, height: 0.4 });
    expectCrop(panCrop(crop, 0, -0.25), { x: 0.2, y: 0.2, width: 0.5, height: 0.4 });
  });
  it('does not clamp while the gesture lasts', () => {
    const moved = panCrop(crop, 2, -3);
    expect(moved.x).toBeLessThan(0);
    expect(moved.y + moved.height).toBeGreaterThan(1);
  });
  it('zooms in to a smaller crop about the centre by default', () => {
    expectCrop(zoomCrop(crop, 2), { x: 0.325, y: 0.2, width: 0.25, height: 0.2 });
  });
  it('keeps the focus point fixed', () => {
    const focus = { x: 0.25, y: 0.75 };
    const zoomed = zoomCrop(crop, 1.7, focus);
    expect(zoomed.x + focus.x * zoomed.width).toBeCloseTo(crop.x + focus.x * crop.width, 14);
    expect(zoomed.y + focus.y * zoomed.height).toBeCloseTo(crop.y + focus.y * crop.height, 14);
    expect(zoomed.width / zoomed.height).toBeCloseTo(crop.width / crop.height, 14);
  });
  it('zooms out beyond the picture without clamping', () => {
    const out = zoomCrop(crop, 0.1);
    expect(out.width).toBeCloseTo(5, 12);
    expect(out.x).toBeLessThan(0);
  });
  it('has the spec mouse-wheel steps', () => {
    expect(WHEEL_ZOOM_IN).toBe(1.1);
    expect(WHEEL_ZOOM_OUT).toBe(0.9);
    expect(zoomCrop(crop, WHEEL_ZOOM_IN).width).toBeLessThan(crop.width);
    expect(zoomCrop(crop, WHEEL_ZOOM_OUT).width).toBeGreaterThan(crop.width);
  });
  it('rejects a zoom factor that is not positive', () => {
    expect(() => zoomCrop(crop, 0)).toThrow(RangeError);
    expect(() => zoomCrop(crop, -1)).toThrow(RangeError);
    expect(() => zoomCrop(crop, Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });
});

describe('snapCrop, fill-in', () => {
  const start = startingCrop(LANDSCAPE, 0, TALL_FRAME, 'fill-in'); // { x: 0.25, y: 0, width: 0.5, height: 1 }

  it('pushes a picture dragged too far right back so it covers the left edge', () => {
    const snapped = snapCrop(panCrop(start, 0.8, 0), LANDSCAPE, 0, TALL_FRAME, 'fill-in');
    expectCrop(snapped, { x: 0, y: 0, width: 0.5, height: 1 });
  });
  it('pushes a picture dragged too far left and up back onto the frame', () => {
    const zoomed = zoomCrop(start, 2);
    const snapped = snapCrop(panCrop(zoomed, -5, -5), LANDSCAPE, 0, TALL_FRAME, 'fill-in');
    expectCrop(snapped, { x: 0.75, y: 0.5, width: 0.25, height: 0.5 });
  });
  it('keeps a valid zoomed-in position', () => {
    const crop = panCrop(zoomCrop(start, 2), 0.3, 0.2);
    expect(snapCrop(crop, LANDSCAPE, 0, TALL_FRAME, 'fill-in')).toEqual(crop);
  });
  it('scales a crop zoomed out too far back to the largest that covers, keeping its centre', () => {
    const picture = { width: 1000, height: 1000 };
    const frame = SQUARE_FRAME;
    // Zoomed out around a point left of the centre: the centre moves, then is shifted inside.
    const out = zoomCrop({ x: 0.4, y: 0.4, width: 0.2, height: 0.2 }, 0.1);
    const snapped = snapCrop(out, picture, 0, frame, 'fill-in');
    expect(snapped).toEqual({ x: 0, y: 0, width: 1, height: 1 });
    // A slightly too large crop keeps its centre where it still fits.
    const wide = startingCrop(LANDSCAPE, 0, WIDE_FRAME, 'fill-in'); // height 8/9
    const tooBig = zoomCrop(panCrop(wide, 0, 0.02), 0.95);
    const back = snapCrop(tooBig, LANDSCAPE, 0, WIDE_FRAME, 'fill-in');
    expect(back.width).toBe(1);
    expect(back.height).toBe(wide.height);
    expect(back.y + back.height / 2).toBeCloseTo(tooBig.y + tooBig.height / 2, 12);
    expect(isInsidePicture(back)).toBe(true);
  });
  it('scales back a fit-in crop when the adaption is fill-in', () => {
    const fit = startingCrop(PORTRAIT, 90, SQUARE_FRAME, 'fit-in');
    expect(snapCrop(fit, PORTRAIT, 90, SQUARE_FRAME, 'fill-in')).toEqual(
      startingCrop(PORTRAIT, 90, SQUARE_FRAME, 'fill-in'),
    );
  });
  it('restores the frame aspect, keeping the width', () => {
    const skewed = { x: 0.1, y: 0.1, width: 0.4, height: 0.3 };
    const snapped = snapCrop(skewed, LANDSCAPE, 0, TALL_FRAME, 'fill-in');
    expect(snapped.width).toBe(0.4);
    expect(aspectError(snapped, LANDSCAPE, 0, TALL_FRAME)).toBeLessThan(1e-12);
    expect(isInsidePicture(snapped)).toBe(true);
  });
  it('falls back to the starting crop for a crop that is not a rectangle', () => {
    const expected = startingCrop(LANDSCAPE, 0, TALL_FRAME, 'fill-in');
    expect(snapCrop({ x: 0, y: 0, width: 0, height: 1 }, LANDSCAPE, 0, TALL_FRAME, 'fill-in')).toEqual(
      expected,
    );
    expect(
      snapCrop({ x: Number.NaN, y: 0, width: 1, height: 1 }, LANDSCAPE, 0, TALL_FRAME, 'fill-in'),
    ).toEqual(expected);
  });
});

describe('snapCrop, fit-in', () => {
  const fit = startingCrop(LANDSCAPE, 0, TALL_FRAME, 'fit-in'); // { x: 0, y: -0.5, width: 1, height: 2 }

  it('centres a picture that is smaller than the frame on both axes', () => {
    const out = panCrop(zoomCrop(fit, 0.5), 0.3, -0.2);
    const snapped = snapCrop(out, LANDSCAPE, 0, TALL_FRAME, 'fit-in');
    expectCrop(snapped, { x: -0.5, y: -1.5, width: 2, height: 4 });
  });
  it('centres the starting crop when it has been dragged off', () => {
    expectCrop(snapCrop(panCrop(fit, 0.4, 0.1), LANDSCAPE, 0, TALL_FRAME, 'fit-in'), fit);
  });
  it('covers the axis on which the picture is zoomed in and centres the other', () => {
    // Zoomed in 1.5x: width 2/3 (on the picture), height 4/3 (still a gap above and below).
    const zoomed = panCrop(zoomCrop(fit, 1.5), -1, 0.3);
    const snapped = snapCrop(zoomed, LANDSCAPE, 0, TALL_FRAME, 'fit-in');
    expectCrop(snapped, { x: 1 / 3, y: -1 / 6, width: 2 / 3, height: 4 / 3 });
  });
  it('behaves like fill-in when zoomed in on both axes', () => {
    const zoomed = panCrop(zoomCrop(fit, 4), 3, 3); // 0.25 x 0.5, dragged far right and down
    expectCrop(snapCrop(zoomed, LANDSCAPE, 0, TALL_FRAME, 'fit-in'), {
      x: 0,
      y: 0,
      width: 0.25,
      height: 0.5,
    });
  });
});

describe('snapCrop is idempotent', () => {
  it('returns starting crops unchanged', () => {
    for (const picture of [LANDSCAPE, PORTRAIT, { width: 640, height: 427 }]) {
      for (const frame of [WIDE_FRAME, TALL_FRAME, SQUARE_FRAME, { widthMm: 203, heightMm: 305 }]) {
        for (const rotation of [0, 90, 180, 270] as const) {
          for (const adaption of ['fill-in', 'fit-in'] as const) {
            const crop = startingCrop(picture, rotation, frame, adaption);
            expect(snapCrop(crop, picture, rotation, frame, adaption)).toEqual(crop);
          }
        }
      }
    }
  });
  it('gives the same crop when snapped twice', () => {
    const once = snapCrop({ x: -0.7, y: 0.9, width: 0.3, height: 0.5 }, LANDSCAPE, 90, WIDE_FRAME, 'fill-in');
    expect(snapCrop(once, LANDSCAPE, 90, WIDE_FRAME, 'fill-in')).toEqual(once);
  });
});

describe('print quality', () => {
  it('counts print pixels at 300 dpi by default', () => {
    expect(printAreaPixels({ widthMm: 25.4, heightMm: 25.4 })).toBeCloseTo(90_000, 6);
    expect(printAreaPixels({ widthMm: 25.4, heightMm: 50.8 }, 100)).toBeCloseTo(20_000, 6);
  });
  it('needs 10M pixels only above 48.8M', () => {
    expect(requiredPixels(48_800_001)).toBe(10_000_000);
    expect(requiredPixels(48_800_000)).toBe(5_000_000);
    expect(requiredPixels(48_799_999)).toBe(5_000_000);
  });
  it('needs 5M pixels only above 8.6M', () => {
    expect(requiredPixels(8_600_001)).toBe(5_000_000);
    expect(requiredPixels(8_600_000)).toBe(2_000_000);
    expect(requiredPixels(8_599_999)).toBe(2_000_000);
  });
  it('needs 2M pixels only above 3.3M, 0.36M below', () => {
    expect(requiredPixels(3_300_001)).toBe(2_000_000);
    expect(requiredPixels(3_300_000)).toBe(360_000);
    expect(requiredPixels(3_299_999)).toBe(360_000);
    expect(requiredPixels(0)).toBe(360_000);
  });
  it('counts the original pixels in the crop, whatever the rotation', () => {
    const crop = { x: 0.25, y: 0, width: 0.5, height: 1 };
    expect(croppedPixels(crop, LANDSCAPE, 0)).toBe(6_000_000);
    expect(croppedPixels(crop, LANDSCAPE, 90)).toBe(6_000_000);
    expect(croppedPixels({ x: 0, y: 0, width: 1, height: 1 }, LANDSCAPE, 270)).toBe(12_000_000);
  });
  it('counts only the part of the crop that lies on the picture', () => {
    expect(croppedPixels({ x: -0.5, y: 0, width: 2, height: 1 }, { width: 1000, height: 500 }, 0)).toBe(
      500_000,
    );
    expect(croppedPixels({ x: 0.5, y: -0.5, width: 1, height: 1 }, { width: 1000, height: 500 }, 0)).toBe(
      125_000,
    );
    expect(croppedPixels({ x: 1.2, y: 0, width: 0.5, height: 1 }, { width: 1000, height: 500 }, 0)).toBe(0);
  });
  it('warns for a small picture on a large print but not for a large one', () => {
    const print: Frame = { widthMm: 300, heightMm: 450 }; // about 18.8M print pixels: needs 5M
    const small = { width: 800, height: 600 };
    expect(isLowQuality(startingCrop(small, 0, print, 'fill-in'), small, 0, print)).toBe(true);
    expect(isLowQuality(startingCrop(LANDSCAPE, 0, print, 'fill-in'), LANDSCAPE, 0, print)).toBe(false);
    // Zooming in far enough on the large picture does make it too coarse.
    const zoomed = zoomCrop(startingCrop(LANDSCAPE, 0, print, 'fill-in'), 2);
    expect(isLowQuality(zoomed, LANDSCAPE, 0, print)).toBe(true);
  });
  it('is fine with exactly the required pixels and low just below', () => {
    const print: Frame = { widthMm: 150, heightMm: 200 }; // about 4.2M print pixels: needs 2M
    expect(requiredPixels(printAreaPixels(print))).toBe(2_000_000);
    const picture = { width: 2000, height: 1000 };
    expect(isLowQuality({ x: 0, y: 0, width: 1, height: 1 }, picture, 0, print)).toBe(false);
    expect(isLowQuality({ x: 0, y: 0, width: 0.999, height: 1 }, picture, 0, print)).toBe(true);
  });
  it('does not count a fit-in gap towards the resolution', () => {
    const print: Frame = { widthMm: 100, heightMm: 150 }; // about 2.1M print pixels: needs 0.36M
    const picture = { width: 800, height: 450 }; // 360k pixels
    const fit = startingCrop(picture, 0, print, 'fit-in');
    expect(croppedPixels(fit, picture, 0)).toBeCloseTo(360_000, 6);
    expect(isLowQuality(fit, picture, 0, print)).toBe(false);
  });
});

describe('fit test and gap warning', () => {
  /** A crop centred on a picture of the frame's aspect, leaving `gap` of the frame empty at the sides. */
  function cropWithGap(gap: number): CropRect {
    const width = 1 / (1 - gap);
    return { x: (1 - width) / 2, y: 0, width, height: 1 };
  }

  it('measures the empty part of the frame', () => {
    expect(fitInGapFraction({ x: 0, y: 0, width: 1, height: 1 })).toBe(0);
    expect(fitInGapFraction({ x: 0.1, y: 0.2, width: 0.5, height: 0.5 })).toBe(0);
    expect(fitInGapFraction({ x: -0.5, y: 0, width: 2, height: 1 })).toBeCloseTo(0.5, 12);
    expect(fitInGapFraction({ x: -0.5, y: -0.5, width: 2, height: 2 })).toBeCloseTo(0.75, 12);
    expect(fitInGapFraction(startingCrop(LANDSCAPE, 0, TALL_FRAME, 'fit-in'))).toBeCloseTo(0.5, 12);
  });
  it('warns only above 1 % of the print area', () => {
    expect(hasFitWarning(cropWithGap(0.0099))).toBe(false);
    expect(hasFitWarning(cropWithGap(0.0101))).toBe(true);
    expect(hasFitWarning({ x: 0, y: 0, width: 1, height: 1 })).toBe(false);
  });
  it('counts a gap from dragging a zoomed-in picture off one edge', () => {
    const crop = { x: -0.005, y: 0, width: 0.5, height: 1 }; // 1 % of the frame empty
    expect(fitInGapFraction(crop)).toBeCloseTo(0.01, 12);
    expect(hasFitWarning({ ...crop, x: -0.0049 })).toBe(false);
    expect(hasFitWarning({ ...crop, x: -0.0051 })).toBe(true);
  });
  it('stores fit-in (1) when the crop leaves a gap and fill-in (0) otherwise', () => {
    expect(adaptionForCrop(startingCrop(LANDSCAPE, 0, TALL_FRAME, 'fit-in'))).toBe(1);
    expect(adaptionForCrop(startingCrop(LANDSCAPE, 0, TALL_FRAME, 'fill-in'))).toBe(0);
    expect(adaptionForCrop(cropWithGap(0.001))).toBe(1);
    // Fit-in of a picture with the frame's aspect leaves no gap.
    expect(adaptionForCrop(startingCrop({ width: 3000, height: 2000 }, 0, WIDE_FRAME, 'fit-in'))).toBe(0);
  });
  it('maps the numeric adaption to its name and back', () => {
    expect(adaptionName(0)).toBe('fill-in');
    expect(adaptionName(1)).toBe('fit-in');
    expect(adaptionCode('fill-in')).toBe(0);
    expect(adaptionCode('fit-in')).toBe(1);
  });
});

describe('auto-fit paper size', () => {
  const portraitFormat = { widthMm: 102, heightMm: 152 };
  it('turns the format to a landscape picture and keeps it for a portrait one', () => {
    expect(frameLike(portraitFormat, { width: 4000, height: 3000 })).toEqual({ widthMm: 152, heightMm: 102 });
    expect(frameLike(portraitFormat, { width: 3000, height: 4000 })).toBe(portraitFormat);
  });
  it('turns a landscape format to a portrait picture', () => {
    expect(frameLike({ widthMm: 152, heightMm: 102 }, { width: 30, height: 40 })).toEqual(portraitFormat);
  });
  it('leaves the format alone for a square picture and a square format', () => {
    expect(frameLike(portraitFormat, { width: 500, height: 500 })).toBe(portraitFormat);
    const square = { widthMm: 200, heightMm: 200 };
    expect(frameLike(square, { width: 400, height: 300 })).toBe(square);
  });
  it('never keeps less of the picture than the format as it was', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000 }),
        fc.integer({ min: 1, max: 10_000 }),
        fc.integer({ min: 10, max: 500 }),
        fc.integer({ min: 10, max: 500 }),
        (width, height, widthMm, heightMm) => {
          const picture = { width, height };
          const format = { widthMm, heightMm };
          const area = (c: { width: number; height: number }) => c.width * c.height;
          const turned = startingCrop(picture, 0, frameLike(format, picture), 'fill-in');
          const asIs = startingCrop(picture, 0, format, 'fill-in');
          expect(area(turned)).toBeGreaterThanOrEqual(area(asIs) - 1e-12);
        },
      ),
    );
  });
});

describe('orientation switch', () => {
  it('swaps the frame sides', () => {
    expect(flipOrientation({ widthMm: 100, heightMm: 150 })).toEqual({ widthMm: 150, heightMm: 100 });
    expect(flipOrientation(flipOrientation(WIDE_FRAME))).toEqual(WIDE_FRAME);
  });
  it('gives a frame for which the starting crop is recomputed', () => {
    const flipped = flipOrientation(TALL_FRAME);
    const crop = startingCrop(LANDSCAPE, 0, flipped, 'fill-in');
    expect(aspectError(crop, LANDSCAPE, 0, flipped)).toBeLessThan(1e-12);
  });
});

describe('white border', () => {
  it('is 5 % of the smaller side', () => {
    expect(whiteBorderMm({ widthMm: 100, heightMm: 150 })).toBeCloseTo(5, 12);
    expect(whiteBorderMm({ widthMm: 450, heightMm: 300 })).toBeCloseTo(15, 12);
    expect(whiteBorderMm({ widthMm: 200, heightMm: 200 })).toBeCloseTo(10, 12);
  });
  it('leaves the frame less the border on each side', () => {
    const inner = innerFrame({ widthMm: 100, heightMm: 150 });
    expect(inner.widthMm).toBeCloseTo(90, 12);
    expect(inner.heightMm).toBeCloseTo(140, 12);
  });
});

describe('effects', () => {
  it('lists the three effects and numbers them for the picture service', () => {
    expect(EFFECTS).toEqual(['original', 'bw', 'sepia']);
    expect(EFFECTS.map(xphotoType)).toEqual([0, 1, 2]);
  });
});

describe('properties', () => {
  const pictureArb = fc.record({
    width: fc.integer({ min: 1, max: 12_000 }),
    height: fc.integer({ min: 1, max: 12_000 }),
  });
  const frameArb = fc.record({
    widthMm: fc.double({ min: 10, max: 1500, noNaN: true }),
    heightMm: fc.double({ min: 10, max: 1500, noNaN: true }),
  });
  const rotationArb = fc.constantFrom<Rotation>(0, 90, 180, 270);
  const adaptionArb = fc.constantFrom<Adaption>('fill-in', 'fit-in');
  const unit = fc.double({ min: 0, max: 1, noNaN: true });
  const gestureArb = fc.oneof(
    fc.record({
      kind: fc.constant('pan' as const),
      dx: fc.double({ min: -3, max: 3, noNaN: true }),
      dy: fc.double({ min: -3, max: 3, noNaN: true }),
    }),
    fc.record({
      kind: fc.constant('zoom' as const),
      factor: fc.double({ min: 0.2, max: 5, noNaN: true }),
      fx: unit,
      fy: unit,
    }),
  );
  type Gesture =
    | { kind: 'pan'; dx: number; dy: number }
    | { kind: 'zoom'; factor: number; fx: number; fy: number };

  function play(crop: CropRect, gestures: readonly Gesture[]): CropRect {
    let c = crop;
    for (const g of gestures) {
      c = g.kind === 'pan' ? panCrop(c, g.dx, g.dy) : zoomCrop(c, g.factor, { x: g.fx, y: g.fy });
    }
    return c;
  }

  const scenario = fc.record({
    picture: pictureArb,
    frame: frameArb,
    rotation: rotationArb,
    start: adaptionArb,
    gestures: fc.array(gestureArb, { maxLength: 12 }),
  });

  it('fill-in snapping covers the frame even for a sliver of a picture (a side below MIN_CROP_SIDE)', () => {
    // Found by the property below: 1 px high, turned to stand in a wide frame, zoomed in.
    const picture = { width: 9221, height: 1 };
    const frame = { widthMm: 1500, heightMm: 12.318043966654557 };
    const moved = { x: -0.0614, y: 0.4999995, width: 0.462, height: 4.114e-7 };
    const snapped = snapCrop(moved, picture, 270, frame, 'fill-in');
    expect(isInsidePicture(snapped)).toBe(true);
    expect(adaptionForCrop(snapped)).toBe(0);
  });

  it('fill-in snapping always covers the frame and keeps its aspect', () => {
    fc.assert(
      fc.property(scenario, ({ picture, frame, rotation, start, gestures }) => {
        const moved = play(startingCrop(picture, rotation, frame, start), gestures);
        const snapped = snapCrop(moved, picture, rotation, frame, 'fill-in');
        expect(isInsidePicture(snapped)).toBe(true);
        expect(aspectError(snapped, picture, rotation, frame)).toBeLessThan(1e-9);
        expect(adaptionForCrop(snapped)).toBe(0);
      }),
      { numRuns: 500 },
    );
  });

  it('fit-in snapping keeps the aspect and leaves no gap on a zoomed-in axis', () => {
    fc.assert(
      fc.property(scenario, ({ picture, frame, rotation, start, gestures }) => {
        const moved = play(startingCrop(picture, rotation, frame, start), gestures);
        const snapped = snapCrop(moved, picture, rotation, frame, 'fit-in');
        expect(aspectError(snapped, picture, rotation, frame)).toBeLessThan(1e-9);
        for (const [pos, size] of [
          [snapped.x, snapped.width],
          [snapped.y, snapped.height],
        ] as const) {
          if (size <= 1) {
            expect(pos).toBeGreaterThanOrEqual(0);
            expect(pos + size).toBeLessThanOrEqual(1);
          } else {
            // Centred: equal gaps on both sides.
            expect(pos + size / 2).toBeCloseTo(0.5, 9);
          }
        }
      }),
      { numRuns: 500 },
    );
  });

  it('snapping is idempotent in both adaptions', () => {
    fc.assert(
      fc.property(scenario, adaptionArb, ({ picture, frame, rotation, start, gestures }, adaption) => {
        const once = snapCrop(
          play(startingCrop(picture, rotation, frame, start), gestures),
          picture,
          rotation,
          frame,
          adaption,
        );
        expect(snapCrop(once, picture, rotation, frame, adaption)).toEqual(once);
      }),
      { numRuns: 500 },
    );
  });
});

describe('the least resolution a crop may print at (MIN_CROP_DPI, issue 28)', () => {
  // A 10x15 print (landscape 152x102 mm) of a 4000x3000 photo: 667 dpi across at its starting crop.
  const photo = { width: 4000, height: 3000 };
  const print: Frame = { widthMm: 152, heightMm: 102 };
  const start = startingCrop(photo, 0, print, 'fill-in');

  it('measures a crop in picture pixels per printed inch', () => {
    const full = cropDpi({ width: 1, height: 1 }, { width: 300, height: 300 }, 0, {
      widthMm: 25.4,
      heightMm: 25.4,
    });
    expect(full).toBeCloseTo(300, 9);
    expect(cropDpi(start, photo, 0, print)).toBeGreaterThan(600);
  });

  it('snapping stops a zoom at the least resolution, about the crop centre', () => {
    const tiny = { x: 0.5, y: 0.5, width: 1e-7, height: 1e-7 * (start.height / start.width) };
    const snapped = snapCrop(tiny, photo, 0, print, 'fill-in');
    expect(cropDpi(snapped, photo, 0, print)).toBeCloseTo(MIN_CROP_DPI, 6);
    expect(snapped.x + snapped.width / 2).toBeCloseTo(0.5 + tiny.width / 2, 9);
    expect(cropBelowMinimum(snapped, photo, 0, print)).toBe(false);
  });

  it('refuses a crop just below the least resolution and takes one just above', () => {
    const scaleTo = (dpi: number) => {
      const k = dpi / cropDpi(start, photo, 0, print);
      return { ...start, width: start.width * k, height: start.height * k };
    };
    expect(cropBelowMinimum(scaleTo(MIN_CROP_DPI * 0.99), photo, 0, print)).toBe(true);
    expect(cropBelowMinimum(scaleTo(MIN_CROP_DPI * 1.01), photo, 0, print)).toBe(false);
    expect(cropBelowMinimum({ width: 1e-7, height: 1e-7 }, photo, 0, print)).toBe(true);
  });

  it('lets a picture already below it keep its starting crop, but not zoom in', () => {
    // 400x300 on a 10x15 prints at 66 dpi whole; 100x75 at 17 dpi.
    const small = { width: 100, height: 75 };
    const whole = startingCrop(small, 0, print, 'fill-in');
    expect(cropDpi(whole, small, 0, print)).toBeLessThan(MIN_CROP_DPI);
    expect(cropBelowMinimum(whole, small, 0, print)).toBe(false);
    expect(snapCrop(whole, small, 0, print, 'fill-in')).toEqual(whole);
    const zoomed = { ...whole, width: whole.width / 2, height: whole.height / 2 };
    expect(cropBelowMinimum(zoomed, small, 0, print)).toBe(true);
    expect(snapCrop(zoomed, small, 0, print, 'fill-in').width).toBeCloseTo(whole.width, 12);
  });

  it('judges a crop made for the frame turned the other way alike', () => {
    const portrait = flipOrientation(print);
    const turned = startingCrop(photo, 0, portrait, 'fill-in');
    expect(cropBelowMinimum(turned, photo, 0, print)).toBe(false);
  });
});
