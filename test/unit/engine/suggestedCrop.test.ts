import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type Adaption,
  type CropRect,
  cropDpi,
  type Frame,
  innerFrame,
  orientedSize,
  type PictureSize,
  type Rotation,
  snapCrop,
  startingCrop,
} from '../../../engine/image.ts';
import type { PictureRegions, RegionBox } from '../../../engine/pictureRegions.ts';
import { orientedBox, suggestedCrop } from '../../../engine/suggestedCrop.ts';

const WIDE_3_1: PictureSize = { width: 6000, height: 2000 };
const PRINT_10x15_LANDSCAPE: Frame = { widthMm: 152, heightMm: 102 };
const PRINT_10x15_PORTRAIT: Frame = { widthMm: 102, heightMm: 152 };
const EPS = 1e-9;

const holds = (crop: CropRect, box: RegionBox) =>
  box.x >= crop.x - EPS &&
  box.y >= crop.y - EPS &&
  box.x + box.width <= crop.x + crop.width + EPS &&
  box.y + box.height <= crop.y + crop.height + EPS;

function expectBox(actual: RegionBox, expected: RegionBox): void {
  for (const key of ['x', 'y', 'width', 'height'] as const)
    expect(actual[key]).toBeCloseTo(expected[key], 12);
}

const insidePicture = (crop: CropRect) =>
  crop.x >= -EPS && crop.y >= -EPS && crop.x + crop.width <= 1 + EPS && crop.y + crop.height <= 1 + EPS;

function aspectError(crop: CropRect, picture: PictureSize, rotation: Rotation, frame: Frame): number {
  const o = orientedSize(picture, rotation);
  return Math.abs((crop.width * o.width) / (crop.height * o.height) / (frame.widthMm / frame.heightMm) - 1);
}

/** Three people at the left third of a wide group photo (the measured case). */
const LEFT_GROUP: PictureRegions = {
  faces: [
    { x: 0.03, y: 0.3, width: 0.05, height: 0.15 },
    { x: 0.11, y: 0.35, width: 0.05, height: 0.15 },
    { x: 0.19, y: 0.3, width: 0.05, height: 0.15 },
  ],
  salient: null,
};

describe('suggestedCrop', () => {
  it('is the centred starting crop while the picture has no regions', () => {
    for (const regions of [null, undefined, { faces: [], salient: null }]) {
      expect(suggestedCrop(WIDE_3_1, 0, PRINT_10x15_LANDSCAPE, 'fill-in', regions)).toEqual(
        startingCrop(WIDE_3_1, 0, PRINT_10x15_LANDSCAPE, 'fill-in'),
      );
    }
  });

  it("moves a wide group photo's crop onto the faces at its left, which the centred crop cuts", () => {
    const centred = startingCrop(WIDE_3_1, 0, PRINT_10x15_LANDSCAPE, 'fill-in');
    expect(LEFT_GROUP.faces.some((f) => holds(centred, f))).toBe(false);
    const crop = suggestedCrop(WIDE_3_1, 0, PRINT_10x15_LANDSCAPE, 'fill-in', LEFT_GROUP);
    for (const face of LEFT_GROUP.faces) expect(holds(crop, face)).toBe(true);
    expect(crop.width).toBe(centred.width);
    expect(crop.height).toBe(centred.height);
    expect(crop.x).toBe(0);
  });

  it('holds faces on the very edge of the picture', () => {
    const right: PictureRegions = { faces: [{ x: 0.95, y: 0.4, width: 0.05, height: 0.2 }], salient: null };
    const crop = suggestedCrop(WIDE_3_1, 0, PRINT_10x15_LANDSCAPE, 'fill-in', right);
    expect(crop.x + crop.width).toBeCloseTo(1, 12);
    expect(holds(crop, right.faces[0]!)).toBe(true);
    const left: PictureRegions = { faces: [{ x: 0, y: 0, width: 0.02, height: 0.1 }], salient: null };
    expect(suggestedCrop(WIDE_3_1, 0, PRINT_10x15_LANDSCAPE, 'fill-in', left).x).toBe(0);
  });

  it('holds the larger group when all faces cannot fit, centred on a face larger than any crop', () => {
    const split: PictureRegions = {
      faces: [
        { x: 0.9, y: 0.4, width: 0.05, height: 0.1 },
        { x: 0.05, y: 0.4, width: 0.05, height: 0.1 },
        { x: 0.2, y: 0.4, width: 0.05, height: 0.1 },
      ],
      salient: null,
    };
    const crop = suggestedCrop(WIDE_3_1, 0, PRINT_10x15_LANDSCAPE, 'fill-in', split);
    expect(split.faces.filter((f) => holds(crop, f))).toEqual([split.faces[1], split.faces[2]]);

    const closeUp: PictureRegions = { faces: [{ x: 0.1, y: 0, width: 0.6, height: 1 }], salient: null };
    const big = suggestedCrop(WIDE_3_1, 0, PRINT_10x15_LANDSCAPE, 'fill-in', closeUp);
    expect(big.x + big.width / 2).toBeCloseTo(0.4, 12);
  });

  it('centres on the salient region within the positions that keep the faces', () => {
    const regions: PictureRegions = {
      faces: [{ x: 0.3, y: 0.4, width: 0.05, height: 0.1 }],
      salient: { x: 0.6, y: 0.2, width: 0.1, height: 0.3 },
    };
    const crop = suggestedCrop(WIDE_3_1, 0, PRINT_10x15_LANDSCAPE, 'fill-in', regions);
    // The crop (half the width) would centre on 0.65, but must keep the face at 0.3: it starts just
    // before it, with a fifth of the face's width to spare.
    expect(crop.x).toBeCloseTo(0.3 - 0.2 * 0.05, 12);
    expect(holds(crop, regions.faces[0]!)).toBe(true);
    const onlySalient = suggestedCrop(WIDE_3_1, 0, PRINT_10x15_LANDSCAPE, 'fill-in', {
      faces: [],
      salient: { x: 0.6, y: 0.2, width: 0.1, height: 0.3 },
    });
    expect(onlySalient.x + onlySalient.width / 2).toBeCloseTo(0.65, 12);
  });

  it('slides vertically in a portrait frame on a portrait picture and horizontally on a landscape one', () => {
    const tall: PictureSize = { width: 2000, height: 6000 };
    const top: PictureRegions = { faces: [{ x: 0.4, y: 0.02, width: 0.1, height: 0.04 }], salient: null };
    const crop = suggestedCrop(tall, 0, PRINT_10x15_PORTRAIT, 'fill-in', top);
    expect(crop.width).toBe(1);
    expect(crop.y).toBe(0);
    const wide = suggestedCrop(WIDE_3_1, 0, PRINT_10x15_PORTRAIT, 'fill-in', LEFT_GROUP);
    expect(wide.height).toBe(1);
    expect(wide.x).toBeLessThan(0.1);
  });

  it("turns the boxes with the picture: a face at the upright picture's top is at the right after 90°", () => {
    const face: RegionBox = { x: 0.4, y: 0, width: 0.2, height: 0.1 };
    expectBox(orientedBox(face, 90), { x: 0.9, y: 0.4, width: 0.1, height: 0.2 });
    const round = orientedBox(orientedBox(orientedBox(orientedBox(face, 90), 90), 90), 90);
    expectBox(round, face);
    expectBox(orientedBox(face, 270), { x: 0, y: 0.4, width: 0.1, height: 0.2 });
    expectBox(orientedBox(face, 180), { x: 0.4, y: 0.9, width: 0.2, height: 0.1 });
    // A tall picture turned 90° is wide: the crop slides right, onto the face.
    const tall: PictureSize = { width: 2000, height: 6000 };
    const crop = suggestedCrop(tall, 90, PRINT_10x15_LANDSCAPE, 'fill-in', { faces: [face], salient: null });
    expect(holds(crop, orientedBox(face, 90))).toBe(true);
    expect(crop.x + crop.width).toBeCloseTo(1, 12);
  });

  it('keeps the whole picture for fit-in and works inside a white border', () => {
    expect(suggestedCrop(WIDE_3_1, 0, PRINT_10x15_LANDSCAPE, 'fit-in', LEFT_GROUP)).toEqual(
      startingCrop(WIDE_3_1, 0, PRINT_10x15_LANDSCAPE, 'fit-in'),
    );
    const area = innerFrame(PRINT_10x15_LANDSCAPE);
    const crop = suggestedCrop(WIDE_3_1, 0, area, 'fill-in', LEFT_GROUP);
    expect(aspectError(crop, WIDE_3_1, 0, area)).toBeLessThan(1e-12);
    for (const face of LEFT_GROUP.faces) expect(holds(crop, face)).toBe(true);
  });

  it('ignores boxes that are not rectangles on the picture', () => {
    const junk = {
      faces: [
        { x: Number.NaN, y: 0, width: 0.1, height: 0.1 },
        { x: 2, y: 2, width: 0.1, height: 0.1 },
        { x: 0.1, y: 0.1, width: 0, height: 0.1 },
      ],
      salient: { x: 0, y: 0, width: -1, height: 1 },
    } as PictureRegions;
    expect(suggestedCrop(WIDE_3_1, 0, PRINT_10x15_LANDSCAPE, 'fill-in', junk)).toEqual(
      startingCrop(WIDE_3_1, 0, PRINT_10x15_LANDSCAPE, 'fill-in'),
    );
  });
});

// ---- properties ----

const pictureArb = fc.record({
  width: fc.integer({ min: 16, max: 12_000 }),
  height: fc.integer({ min: 16, max: 12_000 }),
});
const frameArb = fc.record({
  widthMm: fc.double({ min: 20, max: 600, noNaN: true }),
  heightMm: fc.double({ min: 20, max: 600, noNaN: true }),
});
const rotationArb = fc.constantFrom<Rotation>(0, 90, 180, 270);
const adaptionArb = fc.constantFrom<Adaption>('fill-in', 'fit-in');
const boxArb = fc
  .record({
    x: fc.double({ min: 0, max: 0.99, noNaN: true }),
    y: fc.double({ min: 0, max: 0.99, noNaN: true }),
    w: fc.double({ min: 0.001, max: 1, noNaN: true }),
    h: fc.double({ min: 0.001, max: 1, noNaN: true }),
  })
  .map(({ x, y, w, h }) => ({ x, y, width: Math.min(w, 1 - x), height: Math.min(h, 1 - y) }));
const regionsArb = fc.record({
  faces: fc.array(boxArb, { maxLength: 8 }),
  salient: fc.option(boxArb, { nil: null }),
});

describe('suggestedCrop properties', () => {
  it("has the starting crop's size (so its resolution), the frame's aspect, and lies on the picture", () => {
    fc.assert(
      fc.property(
        pictureArb,
        rotationArb,
        frameArb,
        adaptionArb,
        regionsArb,
        (picture, rotation, frame, adaption, regions) => {
          const start = startingCrop(picture, rotation, frame, adaption);
          const crop = suggestedCrop(picture, rotation, frame, adaption, regions);
          expect(crop.width).toBe(start.width);
          expect(crop.height).toBe(start.height);
          expect(cropDpi(crop, picture, rotation, frame)).toBe(cropDpi(start, picture, rotation, frame));
          expect(aspectError(crop, picture, rotation, frame)).toBeLessThan(1e-9);
          if (adaption === 'fill-in') expect(insidePicture(crop)).toBe(true);
          // A crop the editor would settle on as it is.
          expect(snapCrop(crop, picture, rotation, frame, adaption)).toEqual(crop);
        },
      ),
    );
  });

  it("holds every face when a crop of the frame's aspect can", () => {
    let held = 0;
    fc.assert(
      fc.property(pictureArb, rotationArb, frameArb, regionsArb, (picture, rotation, frame, regions) => {
        const crop = suggestedCrop(picture, rotation, frame, 'fill-in', regions);
        const faces = regions.faces.map((f) => orientedBox(f, rotation));
        if (faces.length === 0) return;
        const spanX = Math.max(...faces.map((f) => f.x + f.width)) - Math.min(...faces.map((f) => f.x));
        const spanY = Math.max(...faces.map((f) => f.y + f.height)) - Math.min(...faces.map((f) => f.y));
        if (spanX <= crop.width && spanY <= crop.height) {
          held++;
          for (const face of faces) expect(holds(crop, face)).toBe(true);
        }
      }),
      { numRuns: 400 },
    );
    // The property is about something: many runs had faces a crop could hold.
    expect(held).toBeGreaterThan(20);
  });

  it('holds at least as many faces as the centred crop', () => {
    fc.assert(
      fc.property(pictureArb, rotationArb, frameArb, regionsArb, (picture, rotation, frame, regions) => {
        const faces = regions.faces.map((f) => orientedBox(f, rotation));
        const crop = suggestedCrop(picture, rotation, frame, 'fill-in', regions);
        const centred = startingCrop(picture, rotation, frame, 'fill-in');
        const count = (c: CropRect) => faces.filter((f) => holds(c, f)).length;
        expect(count(crop)).toBeGreaterThanOrEqual(count(centred));
      }),
    );
  });

  it('is the starting crop, bit for bit, with no regions', () => {
    fc.assert(
      fc.property(pictureArb, rotationArb, frameArb, adaptionArb, (picture, rotation, frame, adaption) => {
        expect(suggestedCrop(picture, rotation, frame, adaption, null)).toEqual(
          startingCrop(picture, rotation, frame, adaption),
        );
      }),
    );
  });
});
