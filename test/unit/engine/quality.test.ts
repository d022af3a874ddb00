import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { beginGesture, type Finger, fingerDown, fingerMove, fingerUp } from '../../../engine/gesture.ts';
import {
  type Frame,
  maxZoomIn,
  type PictureSize,
  type Rotation,
  snapCrop,
  startingCrop,
  WHEEL_ZOOM_IN,
  zoomCrop,
  zoomStop,
} from '../../../engine/image.ts';
import {
  cropQuality,
  GOOD_PRINT_DPI,
  leastPrintDpi,
  MIN_PRINT_DPI,
  printDpi,
  zoomClampDpi,
} from '../../../engine/quality.ts';

/** 6 × 4 inches: pixels per inch are whole numbers of pixels. */
const SIX_BY_FOUR: Frame = { widthMm: 152.4, heightMm: 101.6 };
const whole = { x: 0, y: 0, width: 1, height: 1 };
const inches = (mm: number) => mm / 25.4;
/** A picture that fills 6 × 4 inches whole at `dpi` across and `dpiDown` down. */
const at = (dpi: number, dpiDown = dpi): PictureSize => ({ width: 6 * dpi, height: 4 * dpiDown });

describe('the quality of a crop in three levels (issue 32)', () => {
  it('is good from the print file’s resolution, fair from the lab’s line, low below it: edges exact', () => {
    expect(GOOD_PRINT_DPI).toBe(300);
    expect(cropQuality(whole, at(GOOD_PRINT_DPI), 0, SIX_BY_FOUR)).toEqual({
      low: false,
      level: 'good',
      dpi: GOOD_PRINT_DPI,
    });
    expect(cropQuality(whole, { width: 6 * 300 - 1, height: 1200 }, 0, SIX_BY_FOUR)).toEqual({
      low: false,
      level: 'fair',
      dpi: 299,
    });
    expect(cropQuality(whole, at(MIN_PRINT_DPI), 0, SIX_BY_FOUR)).toEqual({
      low: false,
      level: 'fair',
      dpi: MIN_PRINT_DPI,
    });
    expect(cropQuality(whole, { width: 6 * 150, height: 4 * 150 - 1 }, 0, SIX_BY_FOUR)).toEqual({
      low: true,
      level: 'low',
      dpi: 149,
    });
  });

  it('takes the weaker side: a picture sharp across but not down is judged by down', () => {
    expect(cropQuality(whole, at(400, 200), 0, SIX_BY_FOUR)).toMatchObject({ level: 'fair', dpi: 200 });
  });

  it('turns the picture: a portrait photo turned onto a landscape print is judged as it lies', () => {
    // 1200 × 1800 upright is 1800 × 1200 turned: 300 dpi on 6 × 4 inches.
    const portrait = { width: 1200, height: 1800 };
    expect(cropQuality(whole, portrait, 90, SIX_BY_FOUR)).toMatchObject({ level: 'good', dpi: 300 });
    expect(cropQuality(whole, portrait, 270, SIX_BY_FOUR)).toMatchObject({ level: 'good', dpi: 300 });
    // Unturned, the same crop squeezes 1200 px across 6 inches.
    expect(cropQuality(whole, portrait, 0, SIX_BY_FOUR)).toMatchObject({ level: 'fair', dpi: 200 });
    expect(printDpi(whole, portrait, SIX_BY_FOUR, 180)).toBeCloseTo(200, 9);
  });

  it('fit-in gaps keep the density: a square picture whole on a wide print is as sharp as its pixels are dense', () => {
    // 1200 px square on 6 × 4: 4 inches tall, 300 dpi, with a one-inch gap either side.
    const square = { width: 1200, height: 1200 };
    const fit = startingCrop(square, 0, SIX_BY_FOUR, 'fit-in');
    expect(fit.x).toBeLessThan(0);
    expect(cropQuality(fit, square, 0, SIX_BY_FOUR)).toEqual({ low: false, level: 'good', dpi: 300 });
  });

  it('is low by S0 §5’s pixel table even above the lab’s dpi, and leastPrintDpi says where', () => {
    // A 15x21 (above 3.3 M print pixels) needs 2 M picture pixels: about 202 dpi.
    const f15x21 = { widthMm: 150, heightMm: 210 };
    const least = leastPrintDpi(f15x21);
    expect(least).toBeCloseTo(Math.sqrt(2_000_000 / (inches(150) * inches(210))), 9);
    expect(least).toBeGreaterThan(200);
    const pictureAt = (dpi: number) => ({
      width: Math.ceil(inches(150) * dpi),
      height: Math.ceil(inches(210) * dpi),
    });
    expect(cropQuality(whole, pictureAt(least - 2), 0, f15x21).level).toBe('low');
    expect(cropQuality(whole, pictureAt(least + 1), 0, f15x21).level).toBe('fair');
    // A 10x15 asks the table for less than the lab's line: the line is the least.
    expect(leastPrintDpi(SIX_BY_FOUR)).toBe(MIN_PRINT_DPI);
  });
});

describe('the zoom clamp (issue 32): a zoom stops at the print’s least resolution', () => {
  // 1500 × 1000 on 6 × 4 inches: 250 dpi whole (fair), so the stop is a 1 2/3 zoom in.
  const photo = { width: 1500, height: 1000 };
  const start = startingCrop(photo, 0, SIX_BY_FOUR, 'fill-in');
  const clamp = zoomClampDpi(SIX_BY_FOUR);
  const least = zoomStop(photo, 0, SIX_BY_FOUR, clamp);

  it('the stop prints at the least resolution and is fair, not low; a hair further in is low', () => {
    expect(least.width).toBeCloseTo(start.width * (150 / 250), 8);
    const stop = { x: 0.2, y: 0.2, ...least };
    expect(cropQuality(stop, photo, 0, SIX_BY_FOUR)).toEqual({ low: false, level: 'fair', dpi: 150 });
    const past = { x: 0.2, y: 0.2, width: least.width * 0.999, height: least.height * 0.999 };
    expect(cropQuality(past, photo, 0, SIX_BY_FOUR).level).toBe('low');
  });

  it('snapCrop with the clamp brings a crop zoomed past it back to it; without, only to MIN_CROP_DPI', () => {
    const zoomed = zoomCrop(start, 3);
    const snapped = snapCrop(zoomed, photo, 0, SIX_BY_FOUR, 'fill-in', clamp);
    expect(snapped.width).toBe(least.width);
    expect(snapped.height).toBe(least.height);
    // About its centre, and idempotent.
    expect(snapped.x + snapped.width / 2).toBeCloseTo(0.5, 12);
    expect(snapCrop(snapped, photo, 0, SIX_BY_FOUR, 'fill-in', clamp)).toEqual(snapped);
    // A crop zoomed in less than the stop is left alone.
    const fine = zoomCrop(start, 1.5);
    expect(snapCrop(fine, photo, 0, SIX_BY_FOUR, 'fill-in', clamp)).toEqual(fine);
    // The server's floor (MIN_CROP_DPI, 50 dpi) lets the 3× zoom (83 dpi) through.
    expect(snapCrop(zoomed, photo, 0, SIX_BY_FOUR, 'fill-in').width).toBeCloseTo(zoomed.width, 12);
  });

  it('a picture already below the least resolution cannot be zoomed in beyond fill-in', () => {
    const small = { width: 600, height: 400 }; // 100 dpi whole
    const fill = startingCrop(small, 0, SIX_BY_FOUR, 'fill-in');
    const stop = zoomStop(small, 0, SIX_BY_FOUR, clamp);
    expect(stop.width).toBe(fill.width);
    expect(stop.height).toBe(fill.height);
    expect(snapCrop(zoomCrop(fill, 2), small, 0, SIX_BY_FOUR, 'fill-in', clamp)).toEqual(fill);
    expect(maxZoomIn(fill, stop)).toBe(1);
    // It is low, and says so; zooming out (fit-in) stays free.
    expect(cropQuality(fill, small, 0, SIX_BY_FOUR).level).toBe('low');
    const out = zoomCrop(fill, 0.5);
    expect(snapCrop(out, small, 0, SIX_BY_FOUR, 'fit-in', clamp)).toEqual(out);
  });

  it('a wheel step limited by maxZoomIn never passes the stop', () => {
    let crop = start;
    for (let step = 0; step < 20; step++) {
      crop = zoomCrop(crop, Math.min(WHEEL_ZOOM_IN, maxZoomIn(crop, least)), { x: 0.3, y: 0.7 });
    }
    expect(crop.width).toBeCloseTo(least.width, 12);
    expect(cropQuality(crop, photo, 0, SIX_BY_FOUR).level).toBe('fair');
  });

  it('the stop is never low, for any picture, turn and frame (rounding included)', () => {
    fc.assert(
      fc.property(
        fc.record({
          width: fc.integer({ min: 50, max: 12_000 }),
          height: fc.integer({ min: 50, max: 12_000 }),
        }),
        fc.record({
          widthMm: fc.double({ min: 20, max: 1000, noNaN: true }),
          heightMm: fc.double({ min: 20, max: 1000, noNaN: true }),
        }),
        fc.constantFrom<Rotation>(0, 90, 180, 270),
        (picture, frame, rotation) => {
          const start = startingCrop(picture, rotation, frame, 'fill-in');
          const startLow = cropQuality(start, picture, rotation, frame).low;
          const snapped = snapCrop(
            zoomCrop(start, 1000),
            picture,
            rotation,
            frame,
            'fill-in',
            zoomClampDpi(frame),
          );
          // Below the least resolution already whole: it stays whole (and low). Otherwise: not low.
          expect(cropQuality(snapped, picture, rotation, frame).low).toBe(startLow);
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('a pinch stops at the zoom clamp (issue 32)', () => {
  const FRAME = { width: 300, height: 200 };
  const crop = { x: 0, y: 0, width: 1, height: 1 };
  const least = { width: 0.5, height: 0.5 };
  const f = (id: number, x: number, y: number): Finger => ({ id, x, y });
  const pinch = (spread: number) => [f(1, 150 - spread, 100), f(2, 150 + spread, 100)];
  const down = () => {
    let g = beginGesture(crop, least);
    for (const finger of pinch(20)) g = fingerDown(g, finger);
    return g;
  };
  const moveTo = (g: ReturnType<typeof down>, spread: number) => {
    const [a, b] = pinch(spread);
    return fingerMove(fingerMove(g, a!, FRAME), b!, FRAME);
  };

  it('zooms freely up to the stop, then no further while the fingers spread on', () => {
    let g = moveTo(down(), 30); // 1.5×
    expect(g.crop.width).toBeCloseTo(1 / 1.5, 12);
    g = moveTo(g, 40); // 2×: the stop
    expect(g.crop.width).toBeCloseTo(0.5, 12);
    for (const spread of [60, 100, 140]) {
      g = moveTo(g, spread);
      expect(g.crop.width).toBeCloseTo(0.5, 12);
      expect(g.crop.height).toBeCloseTo(0.5, 12);
    }
    // Zoomed about the midpoint, which did not move: still centred.
    expect(g.crop.x + g.crop.width / 2).toBeCloseTo(0.5, 12);
  });

  it('closing the fingers from past the stop zooms out at once (no dead zone)', () => {
    let g = moveTo(moveTo(down(), 40), 140);
    g = moveTo(g, 70); // half the span it had at the stop
    expect(g.crop.width).toBeCloseTo(1, 12);
  });

  it('the midpoint still pans at the stop', () => {
    let g = moveTo(moveTo(down(), 40), 80);
    const before = g.crop;
    const moved = pinch(80).map((p) => f(p.id, p.x + 30, p.y));
    g = fingerMove(fingerMove(g, moved[0]!, FRAME), moved[1]!, FRAME);
    expect(g.crop.width).toBeCloseTo(before.width, 12);
    expect(g.crop.x).toBeCloseTo(before.x - (30 / 300) * before.width, 12);
    expect(fingerUp(g, 1).crop).toEqual(g.crop);
  });

  it('without a clamp a pinch zooms on (the gesture itself is free)', () => {
    let g = beginGesture(crop);
    for (const finger of pinch(20)) g = fingerDown(g, finger);
    g = moveTo(g, 80);
    expect(g.crop.width).toBeCloseTo(0.25, 12);
  });
});
