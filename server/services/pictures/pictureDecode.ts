/**
 * Decoding an upload whole (a truncated file fails here) and writing its upright JPEG master when it
 * needs one (HEIC, EXIF orientation ≠ 1). Small JPEG, PNG, WebP and GIF pictures are decoded from the
 * main thread (sharp works in its own threads); every HEIC, and any picture above
 * PictureLimits.workerPixels, in a worker thread (DecodeThreads), in turn (decodeQueue.ts). libheif is
 * WebAssembly, and a wasm memory only grows: decoded on the main thread, a 9000×9000 HEIC left the
 * server 0.5 GB larger for good (issue 28). A thread's memory goes when the thread ends. The figures
 * and how they were measured: docs/decisions.md, "Decoding large pictures in bounded memory".
 */
import { readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import sharp, { type Metadata } from 'sharp';
import { decodeHeicBands, type HeifWasm } from './heicBands.ts';
import { openRgbTiff } from './rgbTiff.ts';

export interface DecodeTask {
  /** The upload's scratch file. */
  file: string;
  /** Its type from its magic bytes (sniffMime). */
  mime: string;
  /** Where the master goes, if it needs one. */
  masterTemp: string;
  maxPixels: number;
}

export type DecodeResult =
  | { width: number; height: number; master: boolean }
  | { refused: 'unreadable_picture' | 'too_many_pixels' };

/**
 * The master's JPEG settings. Huffman optimisation is off: libjpeg then keeps every DCT coefficient
 * of the picture for a second pass (6 bytes a pixel, 470 MB for 81 megapixels); without it the
 * encoder streams, and the master is a few per cent larger.
 */
const MASTER_JPEG = { quality: 92, optimiseCoding: false } as const;

const pixelLimit = (err: unknown) => /pixel limit/i.test(String(err));

/** Decodes the picture of `task` here, in this thread. */
export async function decodePicture(task: DecodeTask): Promise<DecodeResult> {
  if (task.mime === 'image/heic') return decodeHeic(task);
  const options = { limitInputPixels: task.maxPixels, failOn: 'warning' as const };
  let meta: Metadata;
  try {
    meta = await sharp(task.file, options).metadata();
  } catch (err) {
    return { refused: pixelLimit(err) ? 'too_many_pixels' : 'unreadable_picture' };
  }
  if (!meta.width || !meta.height) return { refused: 'unreadable_picture' };
  if (meta.width * meta.height > task.maxPixels) return { refused: 'too_many_pixels' };
  const orientation = meta.orientation ?? 1;
  const master = orientation !== 1;
  try {
    if (master) await sharp(task.file, options).rotate().jpeg(MASTER_JPEG).toFile(task.masterTemp);
    // Decoding the whole picture catches a truncated file; a small thumbnail keeps it cheap
    // (shrink-on-load for JPEG and WebP).
    else await sharp(task.file, options).resize(64, 64, { fit: 'inside' }).toBuffer();
  } catch (err) {
    return { refused: pixelLimit(err) ? 'too_many_pixels' : 'unreadable_picture' };
  }
  const swapped = orientation >= 5 && orientation <= 8;
  return { width: swapped ? meta.height : meta.width, height: swapped ? meta.width : meta.height, master };
}

// libheif-js (libheif compiled to WebAssembly, with embind bindings) ships no types for its
// bundle: the calls used here, typed.
interface HeifEnum {
  value: number;
}
interface HeifChannel {
  id: HeifEnum;
  width: number;
  height: number;
  /** Bytes a row, padding included. */
  stride: number;
  bits_per_pixel: number;
  /** A view of the wasm memory, not a copy. */
  data: Uint8Array;
}
type Handle = { code?: HeifEnum; message?: string };
interface LibHeif {
  heif_error_code: { heif_error_Ok: HeifEnum };
  heif_colorspace: { heif_colorspace_RGB: HeifEnum };
  heif_chroma: { heif_chroma_444: HeifEnum };
  heif_channel: Record<
    'heif_channel_R' | 'heif_channel_G' | 'heif_channel_B' | 'heif_channel_Alpha',
    HeifEnum
  >;
  heif_context_alloc(): object | null;
  heif_context_free(context: object): void;
  heif_context_read_from_memory(context: object, bytes: Uint8Array): { code: HeifEnum; message: string };
  heif_js_context_get_primary_image_handle(context: object): Handle | null;
  heif_image_handle_get_width(handle: Handle): number;
  heif_image_handle_get_height(handle: Handle): number;
  heif_image_handle_release(handle: Handle): void;
  heif_js_decode_image2(
    handle: Handle,
    colorspace: HeifEnum,
    chroma: HeifEnum,
  ): Promise<{ code?: HeifEnum; image: object; channels: HeifChannel[] } | null>;
  heif_image_release(image: object): void;
}

let libheif: Promise<LibHeif & HeifWasm> | null = null;

/**
 * libheif-js's build that reads its .wasm file (its wasm-bundle decodes the same bytes from base64
 * text first: a slower start, paid by every new thread).
 */
function loadLibheif(): Promise<LibHeif & HeifWasm> {
  const factory = createRequire(import.meta.url)('libheif-js/libheif-wasm/libheif.js') as (
    options: object,
  ) => LibHeif;
  return new Promise((resolve, reject) => {
    // Emscripten's module is the options object itself, filled in as it starts.
    const heif: object = {
      onRuntimeInitialized: () => resolve(heif as LibHeif & HeifWasm),
      onAbort: reject,
    };
    factory(heif);
  });
}

/** Rows a strip of the TIFF between the HEIC decoder and sharp (81 MP: 9000 × 64 × 3 = 1.7 MB a strip). */
const STRIP_ROWS = 64;

/**
 * A HEIC in its own YCbCr, made RGB a band at a time into a TIFF that sharp encodes as the master
 * (heicBands.ts); a picture whose colours that does not cover goes through libheif's RGB.
 */
async function decodeHeic(task: DecodeTask): Promise<DecodeResult> {
  libheif ??= loadLibheif();
  const heif = await libheif;
  const tiff = `${task.masterTemp}.tiff`;
  try {
    const bands = await decodeHeicBands(heif, await readFile(task.file), task.maxPixels, STRIP_ROWS, (w, h) =>
      openRgbTiff(tiff, w, h, STRIP_ROWS),
    );
    if ('unsupported' in bands) return await decodeHeicRgb(task);
    if ('refused' in bands) return bands;
    await sharp(tiff, { limitInputPixels: false, sequentialRead: true })
      .jpeg(MASTER_JPEG)
      .toFile(task.masterTemp);
    return { ...bands, master: true };
  } catch (err) {
    // libheif's own failures (an abort in its wasm) are a damaged file; sharp's, writing the master,
    // are the server's. The thread is not used again after either (DecodeThreads).
    if (err instanceof WebAssembly.RuntimeError) return { refused: 'unreadable_picture' };
    throw err;
  } finally {
    await rm(tiff, { force: true });
  }
}

/**
 * The fallback for a HEIC whose colours heicBands.ts does not convert, and what tests compare it with.
 * A HEIC through libheif's RGB and sharp, with as few copies of its pixels as there can be: libheif decodes
 * to three planes of R, G and B in its wasm memory (its interleaved RGB goes through planes and then
 * copies, 500 instead of 370 MB for 81 megapixels), each plane is packed in place (rows without their
 * padding, and 8 bits a sample for a 10- or 12-bit picture), and sharp reads the planes where they lie
 * and writes the JPEG in strips.
 */
export async function decodeHeicRgb(task: DecodeTask): Promise<DecodeResult> {
  libheif ??= loadLibheif();
  const heif = await libheif;
  const context = heif.heif_context_alloc();
  if (!context) throw new Error('libheif could not make a context');
  let handle: Handle | null = null;
  let image: object | null = null;
  try {
    const read = heif.heif_context_read_from_memory(context, await readFile(task.file));
    if (read.code !== heif.heif_error_code.heif_error_Ok) return { refused: 'unreadable_picture' };
    handle = heif.heif_js_context_get_primary_image_handle(context);
    if (!handle || handle.code) return { refused: 'unreadable_picture' };
    const width = heif.heif_image_handle_get_width(handle);
    const height = heif.heif_image_handle_get_height(handle);
    if (width * height > task.maxPixels) return { refused: 'too_many_pixels' };
    const decoded = await heif.heif_js_decode_image2(
      handle,
      heif.heif_colorspace.heif_colorspace_RGB,
      heif.heif_chroma.heif_chroma_444,
    );
    if (!decoded || decoded.code) return { refused: 'unreadable_picture' };
    image = decoded.image;
    const plane = (channel: HeifEnum) => decoded.channels.find((c) => c.id.value === channel.value);
    const [r, g, b] = [
      heif.heif_channel.heif_channel_R,
      heif.heif_channel.heif_channel_G,
      heif.heif_channel.heif_channel_B,
    ].map(plane);
    const alpha = plane(heif.heif_channel.heif_channel_Alpha);
    if (!r || !g || !b) return { refused: 'unreadable_picture' };
    // The transformations of the file (irot, imir, clap) are applied: its size may differ from the
    // handle's, and the pixels are upright.
    const size = { width: r.width, height: r.height };
    const planes = [r, g, b, ...(alpha ? [alpha] : [])];
    if (planes.some((p) => p.width !== size.width || p.height !== size.height)) {
      return { refused: 'unreadable_picture' };
    }
    if (size.width * size.height > task.maxPixels) return { refused: 'too_many_pixels' };
    const [red, green, blue, opacity] = planes.map(packPlane) as [Buffer, Buffer, Buffer, Buffer?];
    // Flattened on white here: sharp joins channels after its flatten step, so it would not.
    if (opacity) for (const colour of [red, green, blue]) flattenOnWhite(colour, opacity);
    const raw = { raw: { ...size, channels: 1 as const } };
    await sharp(red, { ...raw, limitInputPixels: false })
      .joinChannel([green, blue], raw)
      .toColourspace('srgb')
      .jpeg(MASTER_JPEG)
      .toFile(task.masterTemp);
    return { ...size, master: true };
  } finally {
    // A throw (libheif's abort) is decodeHeic's to word.
    if (image) heif.heif_image_release(image);
    if (handle && !handle.code) heif.heif_image_handle_release(handle);
    heif.heif_context_free(context);
  }
}

/** A colour plane composited over white by its (straight) alpha plane, in place. */
function flattenOnWhite(colour: Buffer, alpha: Buffer) {
  for (let i = 0; i < colour.length; i++) {
    const a = alpha[i]!;
    colour[i] = Math.round((colour[i]! * a + 255 * (255 - a)) / 255);
  }
}

/**
 * One plane as a Buffer over the same memory, packed in place: its rows without their padding, and
 * a sample of more than 8 bits (16-bit words, little-endian as wasm memory is) scaled to 8 bits.
 * Packing runs forwards and never writes past what it has read, so it needs no second buffer.
 */
function packPlane(plane: HeifChannel): Buffer {
  const { width, height, stride, data } = plane;
  const bits = plane.bits_per_pixel;
  if (bits <= 8) {
    if (stride !== width)
      for (let y = 1; y < height; y++) data.copyWithin(y * width, y * stride, y * stride + width);
  } else {
    const words = new Uint16Array(data.buffer, data.byteOffset, (stride / 2) * height);
    const scale = 255 / (2 ** bits - 1);
    for (let y = 0; y < height; y++) {
      const from = (y * stride) / 2;
      const to = y * width;
      for (let x = 0; x < width; x++) data[to + x] = Math.round(words[from + x]! * scale);
    }
  }
  return Buffer.from(data.buffer, data.byteOffset, width * height);
}

export interface DecodeThreadOptions {
  /** A decode still running after this is stopped (its thread ended), and fails. */
  timeoutMs: number;
  /**
   * A thread that has decoded a picture of more pixels than this ends right after it: its wasm memory
   * is as large as the largest picture it decoded, and only ending the thread gives it back. One that
   * decoded a smaller picture waits `idleMs` for the next: a new thread costs about a second of CPU
   * (loading tsx, sharp and libheif, compiling libheif's code again) on top of a 12-megapixel decode's
   * one or two.
   */
  reusePixels: number;
  idleMs: number;
}

interface Thread {
  worker: Worker;
  idle: NodeJS.Timeout | null;
}

type Reply = { result: DecodeResult } | { error: string };

/**
 * The worker threads pictures are decoded in (picture-decode-worker.mjs), with their JavaScript heap
 * capped (the pixels are in wasm memory and sharp's, not there). How many decode at once is the
 * caller's to bound (decodeQueue.ts); each decode has a thread to itself.
 */
export class DecodeThreads {
  private readonly idle: Thread[] = [];
  /** Threads started so far, for tests. */
  started = 0;

  constructor(private readonly options: DecodeThreadOptions) {}

  /** Decodes `task` (a picture of `pixels` pixels) in a thread; with a larger one, after it has ended. */
  async decode(task: DecodeTask, pixels: number): Promise<DecodeResult> {
    const thread = this.idle.pop() ?? this.start();
    if (thread.idle) clearTimeout(thread.idle);
    thread.idle = null;
    thread.worker.ref();
    let reply: Reply;
    try {
      reply = await this.ask(thread.worker, task);
    } catch (err) {
      await thread.worker.terminate();
      throw err;
    }
    // A thread whose libheif failed on a damaged file may be left in a bad state: it goes too.
    if ('error' in reply || 'refused' in reply.result || pixels > this.options.reusePixels) {
      await thread.worker.terminate();
    } else this.park(thread);
    if ('error' in reply) throw new Error(`The picture decoder failed: ${reply.error}`);
    return reply.result;
  }

  /** Ends the idle threads (a thread still decoding ends after its decode). */
  async close(): Promise<void> {
    const idle = this.idle.splice(0);
    for (const thread of idle) if (thread.idle) clearTimeout(thread.idle);
    await Promise.all(idle.map((thread) => thread.worker.terminate()));
  }

  private start(): Thread {
    this.started++;
    const worker = new Worker(new URL('./picture-decode-worker.mjs', import.meta.url), {
      resourceLimits: { maxOldGenerationSizeMb: 96, maxYoungGenerationSizeMb: 16 },
    });
    const thread: Thread = { worker, idle: null };
    // A thread that fails while idle is dropped; without a listener its error would end the process.
    worker.on('error', () => {});
    worker.on('exit', () => this.forget(thread));
    return thread;
  }

  private forget(thread: Thread) {
    const at = this.idle.indexOf(thread);
    if (at >= 0) this.idle.splice(at, 1);
  }

  private park(thread: Thread) {
    // An idle thread keeps neither the process nor a test alive.
    thread.worker.unref();
    thread.idle = setTimeout(() => {
      // Out of the idle list first, so no decode is given a thread that is ending.
      this.forget(thread);
      void thread.worker.terminate();
    }, this.options.idleMs).unref();
    this.idle.push(thread);
  }

  private ask(worker: Worker, task: DecodeTask): Promise<Reply> {
    return new Promise<Reply>((resolve, reject) => {
      const done = () => {
        clearTimeout(timer);
        worker.off('message', onMessage);
        worker.off('error', onError);
        worker.off('exit', onExit);
      };
      const onMessage = (reply: Reply) => {
        done();
        resolve(reply);
      };
      const onError = (error: Error) => {
        done();
        reject(error);
      };
      const onExit = (code: number) => {
        done();
        reject(new Error(`The picture decoder ended (${code})`));
      };
      const timer = setTimeout(() => {
        done();
        reject(new Error(`The picture decode took more than ${this.options.timeoutMs} ms`));
      }, this.options.timeoutMs);
      worker.on('message', onMessage);
      worker.on('error', onError);
      worker.on('exit', onExit);
      worker.postMessage(task);
    });
  }
}
