import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { MIN_PRINT_DPI, renderPrintJpeg } from '../../../server/production/printJpeg.ts';
import { colourAt, near, QUADRANTS, quadrantPicture } from '../../server/production-helpers.ts';

const TEN_BY_FIFTEEN = { widthMm: 102, heightMm: 152, whiteBorder: false };
const WHITE = { r: 255, g: 255, b: 255 };
const px = (mm: number) => Math.round((mm / 25.4) * 300);

// Each case renders full 300 dpi prints: under a second alone, but past the unit default of 5 s when
// the CI machine's two cores are busy.
describe('print JPEGs', { timeout: 30_000 }, () => {
  let landscape: Buffer;
  beforeAll(async () => {
    landscape = await quadrantPicture(1800, 1200);
  });
  const render = (over: Partial<Parameters<typeof renderPrintJpeg>[0]> = {}) =>
    renderPrintJpeg({
      original: landscape,
      picture: { width: 1800, height: 1200 },
      image: { filter: 'original', cropRect: null, adaption: 0 },
      product: TEN_BY_FIFTEEN,
      ...over,
    });

  it('is the format at 300 dpi, turned like the picture, with density and an sRGB profile in the file', async () => {
    const print = await render();
    const meta = await sharp(print.jpeg).metadata();
    expect([meta.width, meta.height]).toEqual([px(152), px(102)]);
    expect([print.widthMm, print.heightMm]).toEqual([152, 102]);
    expect(meta.density).toBe(300);
    expect(meta.icc).toBeInstanceOf(Buffer);
    // An RGB display profile whose description (UTF-16BE) is sRGB.
    expect(meta.icc!.toString('latin1', 16, 20)).toBe('RGB ');
    expect(meta.icc!.includes(Buffer.from('\0s\0R\0G\0B', 'latin1'))).toBe(true);
    const portrait = await render({
      original: await quadrantPicture(1200, 1800),
      picture: { width: 1200, height: 1800 },
    });
    expect([portrait.widthPx, portrait.heightPx]).toEqual([px(102), px(152)]);
  });

  it('shows exactly the crop: the starting crop keeps all four quadrants, a quadrant crop fills the print', async () => {
    const whole = (await render()).jpeg;
    expect(near(await colourAt(whole, 0.1, 0.1), QUADRANTS.topLeft)).toBe(true);
    expect(near(await colourAt(whole, 0.9, 0.1), QUADRANTS.topRight)).toBe(true);
    expect(near(await colourAt(whole, 0.1, 0.9), QUADRANTS.bottomLeft)).toBe(true);
    expect(near(await colourAt(whole, 0.9, 0.9), QUADRANTS.bottomRight)).toBe(true);
    const quadrant = (
      await render({
        image: { filter: 'original', cropRect: { x: 0, y: 0.5, width: 0.5, height: 0.5 }, adaption: 0 },
      })
    ).jpeg;
    for (const [x, y] of [
      [0.02, 0.02],
      [0.5, 0.5],
      [0.98, 0.98],
    ] as const) {
      expect(near(await colourAt(quadrant, x, y), QUADRANTS.bottomLeft)).toBe(true);
    }
  });

  it('a portrait crop of a landscape picture turns the paper, as the editor does', async () => {
    // 600 x 900 px of the picture: a portrait crop of the left half.
    const print = await render({
      image: { filter: 'original', cropRect: { x: 0, y: 0.125, width: 1 / 3, height: 0.75 }, adaption: 0 },
    });
    expect(print.heightPx).toBeGreaterThan(print.widthPx);
  });

  it('a fit-in crop leaves white gaps beside the picture', async () => {
    // A square picture fitted whole into landscape paper: white on the left and the right.
    const width = 152 / 102;
    const print = await render({
      original: await quadrantPicture(1200, 1200),
      picture: { width: 1200, height: 1200 },
      image: { filter: 'original', cropRect: { x: (1 - width) / 2, y: 0, width, height: 1 }, adaption: 1 },
    });
    expect(print.widthPx).toBeGreaterThan(print.heightPx);
    expect(near(await colourAt(print.jpeg, 0.05, 0.5), WHITE, 8)).toBe(true);
    expect(near(await colourAt(print.jpeg, 0.95, 0.5), WHITE, 8)).toBe(true);
    expect(near(await colourAt(print.jpeg, 0.3, 0.25), QUADRANTS.topLeft)).toBe(true);
    expect(near(await colourAt(print.jpeg, 0.7, 0.75), QUADRANTS.bottomRight)).toBe(true);
  });

  it('the white border is a white margin of 5 % of the shorter side, the picture inside it', async () => {
    const print = await render({ product: { ...TEN_BY_FIFTEEN, whiteBorder: true } });
    const border = (0.05 * 102) / 152; // as a fraction of the long side
    expect(near(await colourAt(print.jpeg, border / 3, 0.5), WHITE, 8)).toBe(true);
    expect(near(await colourAt(print.jpeg, 0.5, 0.02), WHITE, 8)).toBe(true);
    expect(near(await colourAt(print.jpeg, border * 2, 0.15), QUADRANTS.topLeft)).toBe(true);
  });

  it('black and white is grey; sepia is the previews’ sepia', async () => {
    const bw = await render({ image: { filter: 'bw', cropRect: null, adaption: 0 } });
    const grey = await colourAt(bw.jpeg, 0.1, 0.1);
    expect(Math.abs(grey.r - grey.g)).toBeLessThan(4);
    expect(Math.abs(grey.g - grey.b)).toBeLessThan(4);
    const sepia = await render({ image: { filter: 'sepia', cropRect: null, adaption: 0 } });
    const { r, g, b } = QUADRANTS.topRight;
    const expected = {
      r: Math.min(255, 0.393 * r + 0.769 * g + 0.189 * b),
      g: Math.min(255, 0.349 * r + 0.686 * g + 0.168 * b),
      b: Math.min(255, 0.272 * r + 0.534 * g + 0.131 * b),
    };
    expect(near(await colourAt(sepia.jpeg, 0.9, 0.1), expected, 10)).toBe(true);
  });

  it(`warns below ${MIN_PRINT_DPI} dpi and not at it`, async () => {
    // 10x15 landscape is 152 mm wide: a picture exactly 150 dpi across it, and one pixel less.
    const atLimit = Math.ceil((152 / 25.4) * MIN_PRINT_DPI);
    const exact = await render({
      original: await quadrantPicture(atLimit, Math.ceil((atLimit * 102) / 152) + 2),
      picture: { width: atLimit, height: Math.ceil((atLimit * 102) / 152) + 2 },
    });
    expect(exact.pictureDpi).toBeGreaterThanOrEqual(MIN_PRINT_DPI);
    expect(exact.warnings).toEqual([]);
    const small = await render({
      original: await quadrantPicture(600, 400),
      picture: { width: 600, height: 400 },
    });
    expect(small.pictureDpi).toBeLessThan(MIN_PRINT_DPI);
    expect(small.warnings).toEqual([expect.stringMatching(/^Low resolution: \d+ dpi at 152 × 102 mm/)]);
  });

  it('is deterministic: the same line renders byte-identical files', async () => {
    const a = await render({
      image: { filter: 'sepia', cropRect: { x: 0.1, y: 0.1, width: 0.6, height: 0.6 }, adaption: 0 },
    });
    const b = await render({
      image: { filter: 'sepia', cropRect: { x: 0.1, y: 0.1, width: 0.6, height: 0.6 }, adaption: 0 },
    });
    expect(Buffer.compare(a.jpeg, b.jpeg)).toBe(0);
  });
});
