import { describe, expect, it } from 'vitest';
import type { OrderLine, Product } from '../../../shop/contract.ts';
import {
  lineQuality,
  MIN_PRINT_DPI,
  printDpi,
  printQuality,
  sharperFormat,
} from '../../../shop/printQuality.ts';

const format = (uuid: string, [w, h]: [number, number], whiteBorder = false): Product => ({
  uuid,
  name: uuid,
  producttype: 0,
  printareasize: [w, h],
  minQuantity: 1,
  whiteBorder,
  productprices: [{ quantity: 1, price: 100, campaignprice: 0, type: 0 }],
  subproducts: [],
  campaignrequirement: null,
});
const f9x13 = format('9x13', [89, 127]);
const f10x15 = format('10x15', [102, 152]);
const f20x30 = format('20x30', [203, 305]);
const formats = [f20x30, f9x13, f10x15];
const whole = { x: 0, y: 0, width: 1, height: 1 };
const inches = (mm: number) => mm / 25.4;

const line = (
  product: Product,
  cropRect: OrderLine['image'] extends infer I ? (I extends { cropRect: infer C } ? C : never) : never,
) =>
  ({
    product: { uuid: product.uuid, type: 0 },
    quantity: 1,
    image: { filter: 'original', cropRect, adaption: 0 },
  }) as Pick<OrderLine, 'product' | 'quantity' | 'image'>;

describe('print quality in words (issue 34)', () => {
  it('a 400×300 photo on a 10x15 prints at 66 dpi and is low', () => {
    const quality = lineQuality(line(f10x15, null), formats, { width: 400, height: 300 });
    expect(quality).toEqual({ low: true, level: 'low', dpi: 66 });
  });

  it('the dpi is the weaker side’s, and a crop wider than the picture keeps the same density', () => {
    const area = { widthMm: 152, heightMm: 102 };
    expect(printDpi(whole, { width: 1800, height: 1000 }, area)).toBeCloseTo(1000 / inches(102));
    expect(
      printDpi({ x: -0.1, y: 0, width: 1.2, height: 1 }, { width: 1000, height: 1000 }, area),
    ).toBeCloseTo(1200 / inches(152));
  });

  it('is low just below the lab’s line and not at it', () => {
    const area = { widthMm: 152.4, heightMm: 101.6 }; // 6 × 4 inches
    const at = { width: 6 * MIN_PRINT_DPI, height: 4 * MIN_PRINT_DPI };
    expect(printQuality(whole, at, area)).toEqual({ low: false, level: 'fair', dpi: MIN_PRINT_DPI });
    const below = { width: 6 * MIN_PRINT_DPI - 1, height: 4 * MIN_PRINT_DPI };
    expect(printQuality(whole, below, area).low).toBe(true);
  });

  it('is low by S0 §5’s pixel table even above the lab’s dpi', () => {
    // A 15x21 (above 3.3 M print pixels) needs 2 M picture pixels: 160 dpi is 1.25 M.
    const area = { widthMm: 150, heightMm: 210 };
    const picture = { width: Math.ceil(inches(150) * 160), height: Math.ceil(inches(210) * 160) };
    const quality = printQuality(whole, picture, area);
    expect(quality.dpi).toBe(160);
    expect(quality.low).toBe(true);
  });

  it('is unknown without the picture’s size or the line’s picture settings', () => {
    expect(lineQuality(line(f10x15, null), formats, undefined)).toBeUndefined();
    expect(
      lineQuality({ ...line(f10x15, null), image: null }, formats, { width: 10, height: 10 }),
    ).toBeUndefined();
  });

  it('suggests the largest smaller format that is sharp, and none when no format is', () => {
    // 1100×800: a 20x30 is soft, a 10x15 prints at about 199 dpi.
    const picture = { width: 1100, height: 800 };
    expect(sharperFormat(picture, f20x30, formats)?.uuid).toBe('10x15');
    expect(sharperFormat({ width: 800, height: 560 }, f10x15, formats)?.uuid).toBe('9x13');
    expect(sharperFormat({ width: 300, height: 200 }, f20x30, formats)).toBeUndefined();
    // Never a larger or the same format.
    expect(sharperFormat({ width: 6000, height: 4000 }, f9x13, formats)).toBeUndefined();
  });
});
