/**
 * A HEIC decoded in its own colours, YCbCr as the HEVC stream holds them, and made RGB here a band of
 * rows at a time into a TIFF on disk (rgbTiff.ts), which sharp then encodes as the master.
 *
 * Why: asked for RGB, libheif keeps the decoded YCbCr and makes the RGB planes beside it, all in wasm
 * memory, which only grows. At 81 megapixels that was +570 MB with an alpha plane and +740 MB for a
 * 10-bit picture (its RGB planes are 16-bit). Kept as YCbCr 4:2:0, the same pictures need 200 and
 * 243 MB, and the RGB is never whole in memory (issue 28; docs/decisions.md, "Decoding large pictures
 * in bounded memory").
 *
 * The conversion is libheif's own (libheif/color-conversion/yuv2rgb.cc): the matrix and range of the
 * picture's nclx profile (full-range BT.601 when it has none), chroma taken from the nearest sample.
 * A picture whose colours this does not cover (an RGB coding, the YCgCo matrices) answers
 * `unsupported`, and the caller lets libheif make the RGB.
 */
import type { RgbTiffWriter } from './rgbTiff.ts';

/** The C functions of libheif-js's wasm build, called directly (sret first for a returned struct). */
export interface HeifWasm {
  HEAPU8: Uint8Array;
  HEAPU16: Uint16Array;
  HEAP32: Int32Array;
  HEAPU32: Uint32Array;
  HEAPF32: Float32Array;
  _malloc(bytes: number): number;
  _free(pointer: number): void;
  _heif_context_alloc(): number;
  _heif_context_free(context: number): void;
  _heif_context_read_from_memory_without_copy(
    error: number,
    context: number,
    data: number,
    size: number,
    options: number,
  ): void;
  _heif_context_get_primary_image_handle(error: number, context: number, out: number): void;
  _heif_image_handle_get_width(handle: number): number;
  _heif_image_handle_get_height(handle: number): number;
  _heif_image_handle_release(handle: number): void;
  _heif_decode_image(
    error: number,
    handle: number,
    out: number,
    colorspace: number,
    chroma: number,
    options: number,
  ): void;
  _heif_image_get_colorspace(image: number): number;
  _heif_image_get_chroma_format(image: number): number;
  _heif_image_has_channel(image: number, channel: number): number;
  _heif_image_get_width(image: number, channel: number): number;
  _heif_image_get_height(image: number, channel: number): number;
  _heif_image_get_bits_per_pixel_range(image: number, channel: number): number;
  _heif_image_get_plane_readonly(image: number, channel: number, stride: number): number;
  _heif_image_get_nclx_color_profile(error: number, image: number, out: number): void;
  _heif_nclx_color_profile_free(profile: number): void;
  _heif_image_is_premultiplied_alpha(image: number): number;
  _heif_image_release(image: number): void;
}

// libheif's enums (heif_image.h, heif_color.h).
const COLORSPACE_UNDEFINED = 99;
const COLORSPACE_YCBCR = 0;
const COLORSPACE_MONOCHROME = 2;
const CHROMA_UNDEFINED = 99;
const CHROMA_MONOCHROME = 0;
const CHROMA_420 = 1;
const CHROMA_422 = 2;
const CHROMA_444 = 3;
const CHANNEL_Y = 0;
const CHANNEL_CB = 1;
const CHANNEL_CR = 2;
const CHANNEL_ALPHA = 6;

/** Kr and Kb of the matrices libheif converts with a plain matrix (nclx.cc get_Kr_Kb). */
const KR_KB: Record<number, [number, number]> = {
  1: [0.2126, 0.0722],
  4: [0.3, 0.11],
  5: [0.299, 0.114],
  6: [0.299, 0.114],
  7: [0.212, 0.087],
  9: [0.2627, 0.0593],
  10: [0.2627, 0.0593],
};
/** What libheif uses for a picture without nclx, and for "unspecified" (2). */
const DEFAULT_COEFFICIENTS = { rCr: 1.402, gCb: -0.344136, gCr: -0.714136, bCb: 1.772 };

export interface Coefficients {
  /** 0 (the identity: G in Y, B in Cb, R in Cr) or a linear matrix. */
  identity: boolean;
  fullRange: boolean;
  rCr: number;
  gCb: number;
  gCr: number;
  bCb: number;
}

/** The chromaticities of an nclx profile's primaries: red, green, blue and white, x then y. */
export type Primaries = [number, number, number, number, number, number, number, number];

/** Kr and Kb from the primaries, for the chromaticity-derived matrices 12 and 13 (nclx.cc). */
function krKbOfPrimaries([rx, ry, gx, gy, bx, by, wx, wy]: Primaries): [number, number] | null {
  const [zr, zg, zb, zw] = [1 - (rx + ry), 1 - (gx + gy), 1 - (bx + by), 1 - (wx + wy)];
  const denom = wy * (rx * (gy * zb - by * zg) + gx * (by * zr - ry * zb) + bx * (ry * zg - gy * zr));
  if (denom === 0) return null;
  const kr = (ry * (wx * (gy * zb - by * zg) + wy * (bx * zg - gx * zb) + zw * (gx * by - bx * gy))) / denom;
  const kb = (by * (wx * (ry * zg - gy * zr) + wy * (gx * zr - rx * zg) + zw * (rx * gy - gx * ry))) / denom;
  return [kr, kb];
}

/** The YCbCr → RGB conversion for an nclx matrix, or null for one libheif does not convert linearly. */
export function coefficientsFor(
  matrix: number | null,
  fullRange: boolean,
  primaries?: Primaries,
): Coefficients | null {
  if (matrix === null || matrix === 2) return { identity: false, fullRange, ...DEFAULT_COEFFICIENTS };
  if (matrix === 0) return { identity: true, fullRange, ...DEFAULT_COEFFICIENTS };
  const k = matrix === 12 || matrix === 13 ? primaries && krKbOfPrimaries(primaries) : KR_KB[matrix];
  // libheif falls back to its defaults when the primaries give nothing.
  if (!k && (matrix === 12 || matrix === 13)) return { identity: false, fullRange, ...DEFAULT_COEFFICIENTS };
  if (!k) return null;
  const [kr, kb] = k;
  return {
    identity: false,
    fullRange,
    rCr: 2 * (1 - kr),
    gCb: (2 * kb * (1 - kb)) / (kb + kr - 1),
    gCr: (2 * kr * (1 - kr)) / (kb + kr - 1),
    bCb: 2 * (1 - kb),
  };
}

export type BandsResult =
  | { width: number; height: number }
  | { refused: 'unreadable_picture' | 'too_many_pixels' }
  | { unsupported: string };

interface Plane {
  /** Offset of the first sample in wasm memory (in samples of its size). */
  at: number;
  /** Samples a row. */
  stride: number;
  bits: number;
}

/**
 * Decodes `bytes` and writes it upright (the file's transformations applied by libheif) as RGB
 * strips of `rowsPerStrip` rows through `open`, flattened on white when it has an alpha plane.
 */
export async function decodeHeicBands(
  heif: HeifWasm,
  bytes: Uint8Array,
  maxPixels: number,
  rowsPerStrip: number,
  open: (width: number, height: number) => Promise<RgbTiffWriter>,
): Promise<BandsResult> {
  const scratch = heif._malloc(32);
  const error = scratch; // heif_error: code, subcode, message (12 bytes)
  const out = scratch + 16;
  const failed = () => heif.HEAP32[error >> 2] !== 0;
  const context = heif._heif_context_alloc();
  let data = 0;
  let handle = 0;
  let image = 0;
  try {
    data = heif._malloc(bytes.byteLength);
    if (!data) return { unsupported: 'no memory for the file' };
    heif.HEAPU8.set(bytes, data);
    heif._heif_context_read_from_memory_without_copy(error, context, data, bytes.byteLength, 0);
    if (failed()) return { refused: 'unreadable_picture' };
    heif._heif_context_get_primary_image_handle(error, context, out);
    if (failed()) return { refused: 'unreadable_picture' };
    handle = heif.HEAPU32[out >> 2]!;
    if (heif._heif_image_handle_get_width(handle) * heif._heif_image_handle_get_height(handle) > maxPixels) {
      return { refused: 'too_many_pixels' };
    }
    // "Undefined" asks for the decoder's own colours: no conversion, so no second copy.
    heif._heif_decode_image(error, handle, out, COLORSPACE_UNDEFINED, CHROMA_UNDEFINED, 0);
    if (failed()) return { refused: 'unreadable_picture' };
    image = heif.HEAPU32[out >> 2]!;

    const colorspace = heif._heif_image_get_colorspace(image);
    const chroma = heif._heif_image_get_chroma_format(image);
    const mono = colorspace === COLORSPACE_MONOCHROME || chroma === CHROMA_MONOCHROME;
    if (!mono && colorspace !== COLORSPACE_YCBCR) return { unsupported: `colorspace ${colorspace}` };
    if (!mono && ![CHROMA_420, CHROMA_422, CHROMA_444].includes(chroma)) {
      return { unsupported: `chroma ${chroma}` };
    }
    let matrix: number | null = null;
    let fullRange = true;
    let primaries: Primaries | undefined;
    heif._heif_image_get_nclx_color_profile(error, image, out);
    if (!failed()) {
      // heif_color_profile_nclx: version, primaries, transfer, matrix, full range, then the
      // primaries' chromaticities as floats from byte 20.
      const profile = heif.HEAPU32[out >> 2]!;
      matrix = heif.HEAP32[(profile + 12) >> 2]!;
      fullRange = heif.HEAPU8[profile + 16] !== 0;
      primaries = Array.from(heif.HEAPF32.subarray((profile + 20) >> 2, (profile + 52) >> 2)) as Primaries;
      heif._heif_nclx_color_profile_free(profile);
    }
    const coefficients = coefficientsFor(matrix, fullRange, primaries);
    if (!coefficients) return { unsupported: `matrix ${matrix}` };

    const width = heif._heif_image_get_width(image, CHANNEL_Y);
    const height = heif._heif_image_get_height(image, CHANNEL_Y);
    if (width <= 0 || height <= 0) return { refused: 'unreadable_picture' };
    if (width * height > maxPixels) return { refused: 'too_many_pixels' };

    const plane = (channel: number): Plane | null => {
      if (!heif._heif_image_has_channel(image, channel)) return null;
      const bits = heif._heif_image_get_bits_per_pixel_range(image, channel);
      const pointer = heif._heif_image_get_plane_readonly(image, channel, out);
      const strideBytes = heif.HEAP32[out >> 2]!;
      const wide = bits > 8;
      if (!pointer || bits > 16 || (wide && (pointer % 2 !== 0 || strideBytes % 2 !== 0))) return null;
      return wide
        ? { at: pointer / 2, stride: strideBytes / 2, bits }
        : { at: pointer, stride: strideBytes, bits };
    };
    const y = plane(CHANNEL_Y);
    const cb = mono ? null : plane(CHANNEL_CB);
    const cr = mono ? null : plane(CHANNEL_CR);
    const alpha = plane(CHANNEL_ALPHA);
    if (!y || (!mono && (!cb || !cr))) return { refused: 'unreadable_picture' };
    if (cb && cr && (cb.bits !== y.bits || cr.bits !== y.bits)) return { unsupported: 'mixed bit depths' };
    const premultiplied = alpha ? heif._heif_image_is_premultiplied_alpha(image) !== 0 : false;

    const writer = await open(width, height);
    try {
      const strip = Buffer.allocUnsafe(rowsPerStrip * width * 3);
      for (let top = 0; top < height; top += rowsPerStrip) {
        const rows = Math.min(rowsPerStrip, height - top);
        convertRows(heif, { y, cb, cr, alpha, premultiplied, chroma, coefficients }, width, top, rows, strip);
        await writer.write(strip.subarray(0, rows * width * 3));
      }
    } finally {
      await writer.close();
    }
    return { width, height };
  } finally {
    if (image) heif._heif_image_release(image);
    if (handle) heif._heif_image_handle_release(handle);
    heif._heif_context_free(context);
    if (data) heif._free(data);
    heif._free(scratch);
  }
}

interface Planes {
  y: Plane;
  cb: Plane | null;
  cr: Plane | null;
  alpha: Plane | null;
  premultiplied: boolean;
  chroma: number;
  coefficients: Coefficients;
}

/** Rows `top`…`top + rows` as 8-bit RGB into `into`, as libheif's Op_YCbCr_to_RGB computes them. */
function convertRows(heif: HeifWasm, p: Planes, width: number, top: number, rows: number, strip: Buffer) {
  // Clamped, so a premultiplied sample above its alpha (a damaged file) stays white, not wrapped.
  const into = new Uint8ClampedArray(strip.buffer, strip.byteOffset, strip.byteLength);
  const wide = p.y.bits > 8;
  // Views taken now: wasm memory does not grow while this runs (nothing here allocates in it).
  const samples = wide ? heif.HEAPU16 : heif.HEAPU8;
  const alphaSamples = p.alpha && p.alpha.bits > 8 ? heif.HEAPU16 : heif.HEAPU8;
  const max = 2 ** p.y.bits - 1;
  const half = 2 ** (p.y.bits - 1);
  const offset = 16 * 2 ** (p.y.bits - 8);
  const toByte = 255 / max;
  const alphaMax = p.alpha ? 2 ** p.alpha.bits - 1 : 1;
  const shiftH = p.chroma === CHROMA_420 || p.chroma === CHROMA_422 ? 1 : 0;
  const shiftV = p.chroma === CHROMA_420 ? 1 : 0;
  const { identity, fullRange, rCr, gCb, gCr, bCb } = p.coefficients;
  const clip = (v: number) => (v < 0 ? 0 : v > max ? max : v);
  let o = 0;
  for (let row = top; row < top + rows; row++) {
    const yRow = p.y.at + row * p.y.stride;
    const cbRow = p.cb ? p.cb.at + (row >> shiftV) * p.cb.stride : 0;
    const crRow = p.cr ? p.cr.at + (row >> shiftV) * p.cr.stride : 0;
    const aRow = p.alpha ? p.alpha.at + row * p.alpha.stride : 0;
    for (let x = 0; x < width; x++) {
      let yv = samples[yRow + x]!;
      let r: number;
      let g: number;
      let b: number;
      if (!p.cb || !p.cr) {
        r = g = b = fullRange ? yv : clip((yv - offset) * 1.1689);
      } else {
        const cbs = samples[cbRow + (x >> shiftH)]!;
        const crs = samples[crRow + (x >> shiftH)]!;
        if (identity) {
          if (fullRange) [r, g, b] = [crs, yv, cbs];
          else
            [r, g, b] = [
              clip((crs - offset) * 1.1429),
              clip((yv - offset) * 1.1689),
              clip((cbs - offset) * 1.1429),
            ];
        } else {
          let cbv = cbs - half;
          let crv = crs - half;
          if (!fullRange) {
            yv = (yv - offset) * 1.1689;
            cbv *= 1.1429;
            crv *= 1.1429;
          }
          r = clip(yv + rCr * crv);
          g = clip(yv + gCb * cbv + gCr * crv);
          b = clip(yv + bCb * cbv);
        }
      }
      // libheif rounds to an integer sample; the 8-bit value is that sample scaled (and rounded).
      r = Math.round(r) * toByte;
      g = Math.round(g) * toByte;
      b = Math.round(b) * toByte;
      if (p.alpha) {
        const a = alphaSamples[aRow + x]! / alphaMax;
        const white = 255 * (1 - a);
        if (p.premultiplied) {
          r += white;
          g += white;
          b += white;
        } else {
          r = r * a + white;
          g = g * a + white;
          b = b * a + white;
        }
      }
      into[o++] = r;
      into[o++] = g;
      into[o++] = b;
    }
  }
}
