/**
 * The picture analysis (issue 32): where the faces are and which region is the most salient, so a
 * default crop can keep them (engine/pictureRegions.ts). Runs in its own worker thread
 * (analysisPool.ts), never on the event loop: TensorFlow's WebAssembly backend and smartcrop are CPU
 * work, and the models are loaded once per thread.
 *
 * - The picture is read upright (the master where there is one; `.rotate()` for any EXIF left) and
 *   shrunk to ANALYSIS_SIZE on its long side with sharp (shrink-on-load: a 12 MP JPEG decodes at a quarter).
 * - Faces: face-api's tiny face detector (bundled weights, tfjs WASM backend). A picture much wider
 *   or taller than square is cut into overlapping square tiles first: the detector squares what it is
 *   given, and a 3:1 picture squared leaves a group's faces a few pixels tall.
 * - Salient region: smartcrop, through a sharp adapter (smartcrop-sharp pins an older sharp), asked
 *   for the best square of at least half the short side.
 * Boxes are fractions of the upright picture, so they apply to any derivative and to the original.
 * - Signals for the photo book (issue 33, pictureSignals.ts): capture time, perceptual hash and
 *   sharpness, from the same shrunk pixels (the picture is decoded once).
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import sharp from 'sharp';
import type { PictureRegions, RegionBox } from '../../../engine/index.ts';
import { type PictureSignals, signalsOf } from './pictureSignals.ts';

/** Long side of the picture the analysis looks at. */
export const ANALYSIS_SIZE = 640;
/**
 * The detector's input side (a multiple of 32): it pads a tile to a square and scales it to this.
 * Its smallest anchor is about 50 input pixels, so a tile is never shrunk (up to the analysis size):
 * a 4:3 picture's faces a fourteenth of its width are then 45 px, and found; at 416 they were not.
 * A small tile is enlarged to 416 for the same reason.
 */
const MIN_INPUT = 416;
/** smartcrop looks at the picture this size (long side): its scores are means over 8 px cells. */
const SALIENT_SIZE = 256;
/** Faces the detector is less sure of are dropped (its default is 0.5). */
const MIN_SCORE = 0.5;
/** Two boxes overlapping more than this (intersection over union) are one face seen by two tiles. */
const SAME_FACE_IOU = 0.3;
/** The most faces kept: more is a crowd, whose crop is its salient region anyway. */
const MAX_FACES = 20;

const require = createRequire(import.meta.url);

// The face-api bundle for WASM requires @tensorflow/tfjs as CommonJS: the same module instance is
// taken here, so the backend set below is the one it uses.
type Tf = typeof import('@tensorflow/tfjs');
type FaceApi = typeof import('@vladmandic/face-api');

interface Detector {
  tf: Tf;
  faceapi: FaceApi;
}

let detector: Promise<Detector> | null = null;

/** Loads TensorFlow's WASM backend and the detector's weights, once per thread. */
function loadDetector(): Promise<Detector> {
  detector ??= (async () => {
    const tf = require('@tensorflow/tfjs') as Tf;
    const wasm = require('@tensorflow/tfjs-backend-wasm') as typeof import('@tensorflow/tfjs-backend-wasm');
    const faceapi = require('@vladmandic/face-api/dist/face-api.node-wasm.js') as FaceApi;
    wasm.setWasmPaths(`${path.dirname(require.resolve('@tensorflow/tfjs-backend-wasm/package.json'))}/dist/`);
    // setBackend answers false rather than throwing, and tfjs would then run on its pure-JS backend,
    // many times slower: a failed job (retried) says more than a slow one.
    if (!(await tf.setBackend('wasm'))) throw new Error('TensorFlow could not start its WASM backend');
    await tf.ready();
    const models = path.join(path.dirname(require.resolve('@vladmandic/face-api/package.json')), 'model');
    await faceapi.nets.tinyFaceDetector.loadFromDisk(models);
    return { tf, faceapi };
  })();
  detector.catch(() => {
    detector = null;
  });
  return detector;
}

/** The picture upright and shrunk, as raw RGB. */
export async function uprightPixels(input: Buffer | Uint8Array | string, size = ANALYSIS_SIZE) {
  const { data, info } = await sharp(input, { limitInputPixels: false })
    .rotate()
    .resize(size, size, { fit: 'inside', withoutEnlargement: true })
    .removeAlpha()
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

interface Pixels {
  data: Buffer;
  width: number;
  height: number;
}

interface Scored extends RegionBox {
  score: number;
}

/** Square tiles (overlapping by a third) covering a picture much wider or taller than square. */
export function tilesOf(width: number, height: number): RegionBox[] {
  const long = Math.max(width, height);
  const short = Math.min(width, height);
  if (long <= short * 1.5) return [{ x: 0, y: 0, width, height }];
  const step = (short * 2) / 3;
  const count = Math.ceil((long - short) / step) + 1;
  const tiles: RegionBox[] = [];
  for (let i = 0; i < count; i++) {
    const at = Math.round(i === count - 1 ? long - short : i * step);
    tiles.push(
      width > height ? { x: at, y: 0, width: short, height } : { x: 0, y: at, width, height: short },
    );
  }
  return tiles;
}

const iou = (a: RegionBox, b: RegionBox) => {
  const w = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const h = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  if (w <= 0 || h <= 0) return 0;
  const inter = w * h;
  return inter / (a.width * a.height + b.width * b.height - inter);
};

async function detectFaces(pixels: Pixels): Promise<Scored[]> {
  const { tf, faceapi } = await loadDetector();
  const whole = tf.tensor3d(new Uint8Array(pixels.data.buffer, pixels.data.byteOffset, pixels.data.length), [
    pixels.height,
    pixels.width,
    3,
  ]);
  const found: Scored[] = [];
  try {
    for (const tile of tilesOf(pixels.width, pixels.height)) {
      const part =
        tile.width === pixels.width && tile.height === pixels.height
          ? whole
          : tf.slice(whole, [tile.y, tile.x, 0], [tile.height, tile.width, 3]);
      const side = Math.max(MIN_INPUT, Math.ceil(Math.max(tile.width, tile.height) / 32) * 32);
      const options = new faceapi.TinyFaceDetectorOptions({ inputSize: side, scoreThreshold: MIN_SCORE });
      try {
        // face-api's types want its own tensor class; the tensor is tfjs's, which it uses.
        const faces = await faceapi.detectAllFaces(part as never, options);
        for (const face of faces) {
          const { x, y, width, height } = face.box;
          found.push({ x: x + tile.x, y: y + tile.y, width, height, score: face.score });
        }
      } finally {
        if (part !== whole) part.dispose();
      }
    }
  } finally {
    whole.dispose();
  }
  // Most confident first; a face two tiles both saw is kept once.
  found.sort((a, b) => b.score - a.score);
  const kept: Scored[] = [];
  for (const face of found) if (!kept.some((k) => iou(k, face) > SAME_FACE_IOU)) kept.push(face);
  return kept.slice(0, MAX_FACES);
}

// smartcrop's image operations (open, resample, getData) over raw RGBA in memory, resampled by sharp.
interface RawImage {
  width: number;
  height: number;
  data: Buffer;
}

const smartcrop = require('smartcrop') as {
  crop(image: RawImage, options: object): Promise<{ topCrop: RegionBox }>;
  ImgData: new (width: number, height: number, data: Uint8ClampedArray) => unknown;
};

const rawOperations = {
  open: (image: RawImage) => Promise.resolve(image),
  async resample(image: RawImage, width: number, height: number): Promise<RawImage> {
    const w = Math.max(1, Math.round(width));
    const h = Math.max(1, Math.round(height));
    const data = await sharp(image.data, { raw: { width: image.width, height: image.height, channels: 4 } })
      .resize(w, h, { fit: 'fill' })
      .raw()
      .toBuffer();
    return { width: w, height: h, data };
  },
  getData: (image: RawImage) =>
    Promise.resolve(
      new smartcrop.ImgData(
        image.width,
        image.height,
        new Uint8ClampedArray(image.data.buffer, image.data.byteOffset, image.data.length),
      ),
    ),
};

/** The most salient square (at least half the short side), in the pixels of `pixels`. */
async function salientBox(pixels: Pixels): Promise<RegionBox | null> {
  const { data, info } = await sharp(pixels.data, {
    raw: { width: pixels.width, height: pixels.height, channels: 3 },
  })
    .resize(SALIENT_SIZE, SALIENT_SIZE, { fit: 'inside', withoutEnlargement: true })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { topCrop } = await smartcrop.crop(
    { width: info.width, height: info.height, data },
    { width: 1, height: 1, minScale: 0.5, prescale: false, imageOperations: rawOperations },
  );
  if (!topCrop || topCrop.width <= 0 || topCrop.height <= 0) return null;
  const scale = pixels.width / info.width;
  return {
    x: topCrop.x * scale,
    y: topCrop.y * scale,
    width: topCrop.width * scale,
    height: topCrop.height * scale,
  };
}

const clamp01 = (n: number) => Math.min(1, Math.max(0, n));

/** A box in pixels of a `width`×`height` picture, in fractions (4 decimals), kept inside it. */
export function asFractions(box: RegionBox, width: number, height: number): RegionBox {
  const x = clamp01(box.x / width);
  const y = clamp01(box.y / height);
  const r = (n: number) => Math.round(n * 10_000) / 10_000;
  return {
    x: r(x),
    y: r(y),
    width: r(clamp01((box.x + box.width) / width) - x),
    height: r(clamp01((box.y + box.height) / height) - y),
  };
}

export interface AnalysisResult {
  regions: PictureRegions;
  signals: PictureSignals;
  /**
   * Milliseconds of wall time: shrinking, faces, salient region, signals; and `cpu`, this thread's CPU
   * time for the whole (sharp's decoding runs in libvips's threads, so not in it), which other work on
   * the machine does not inflate as it does the wall time.
   */
  timings: { shrink: number; faces: number; salient: number; signals: number; cpu: number };
}

const cpuMs = (usage: NodeJS.CpuUsage) => (usage.user + usage.system) / 1000;

/**
 * Analyses one picture (its upright bytes or file), in this thread. `original`: the file as uploaded
 * when the upright bytes are a master made from it (HEIC, an EXIF rotation), whose EXIF says when it was
 * taken; else the upright bytes are the original.
 */
export async function analysePicture(
  input: Buffer | Uint8Array | string,
  original?: Uint8Array,
): Promise<AnalysisResult> {
  const cpu0 = process.threadCpuUsage();
  const t0 = performance.now();
  const pixels = await uprightPixels(input);
  const t1 = performance.now();
  const faces = await detectFaces(pixels);
  const t2 = performance.now();
  const salient = await salientBox(pixels);
  const t3 = performance.now();
  const signals = await signalsOf(pixels, original ?? input);
  const t4 = performance.now();
  const { width, height } = pixels;
  return {
    regions: {
      faces: faces.map((f) => asFractions(f, width, height)),
      salient: salient && asFractions(salient, width, height),
    },
    signals,
    timings: {
      shrink: t1 - t0,
      faces: t2 - t1,
      salient: t3 - t2,
      signals: t4 - t3,
      cpu: cpuMs(process.threadCpuUsage(cpu0)),
    },
  };
}

/**
 * The signals alone, for a picture analysed before issue 33 (it has its regions): no detector to load
 * or run, the picture shrunk as analysePicture shrinks it.
 */
export async function signalsOfPicture(
  input: Buffer | Uint8Array | string,
  original?: Uint8Array,
): Promise<PictureSignals> {
  return signalsOf(await uprightPixels(input), original ?? input);
}
