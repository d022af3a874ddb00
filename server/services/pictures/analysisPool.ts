/**
 * The picture analysis threads (pictureAnalysis.ts): faces, salient regions and the photo book's signals
 * (pictureSignals.ts) are found in worker threads (piscina), never on the event loop.
 * - The full analysis (the detector) runs in one thread, one picture at a time: it is background work
 *   (a pg-boss job), and one thread leaves the other cores to the shop and the print files. TensorFlow
 *   and the detector's weights load once per thread (about 110 MB; reloading costs ~0.3 s).
 * - The signals alone (no detector, ~40 ms a picture) run in threads of their own, up to SIGNAL_THREADS:
 *   a photo book's auto-create waits for them (docs/decisions.md 3.21), so they use both cores of a
 *   small server while a book is made, and hold no model (a thread is ~40 MB).
 * Each thread ends after 10 s without a picture, so an idle shop holds no model in memory.
 */
import { Piscina } from 'piscina';
import type { AnalysisResult } from './pictureAnalysis.ts';
import type { PictureSignals } from './pictureSignals.ts';

export interface AnalysisPool {
  /**
   * Analyses one upright picture's bytes (JPEG, PNG, WebP, GIF). `original`: the file as uploaded when
   * the bytes are its upright master (its EXIF tells when it was taken); else the bytes are the original.
   */
  analyse(bytes: Uint8Array, original?: Uint8Array, options?: HandOver): Promise<AnalysisResult>;
  /**
   * The photo book's signals alone (issue 33), without the detector: for a picture with regions already,
   * and for a book that cannot wait for the detector. Up to SIGNAL_THREADS at once.
   */
  signals(bytes: Uint8Array, original?: Uint8Array, options?: HandOver): Promise<PictureSignals>;
  /** Pictures analysed so far, signals alone included (tests see whether work was redone). */
  analysed(): number;
  close(): Promise<void>;
}

/** Threads computing signals at once: the 2 cores of the smallest server the shop runs on. */
export const SIGNAL_THREADS = 2;

export interface HandOver {
  /**
   * The caller is done with the bytes: their memory moves to the thread instead of being copied
   * (unusable here afterwards). A photo book's 200 phone photos are 400 MB read in this thread, whose
   * copies and garbage collection cost the server a second of its two cores.
   */
  handOver?: boolean;
}

/** The memory of each view that has its buffer to itself (a view into a shared pool is copied). */
function ownBuffers(views: (Uint8Array | undefined)[]): ArrayBuffer[] {
  const buffers: ArrayBuffer[] = [];
  for (const view of views) {
    const buffer = view?.buffer;
    if (
      buffer instanceof ArrayBuffer &&
      view!.byteOffset === 0 &&
      view!.byteLength === buffer.byteLength &&
      !buffers.includes(buffer)
    )
      buffers.push(buffer);
  }
  return buffers;
}
const transferOf = (views: (Uint8Array | undefined)[], options?: HandOver) =>
  options?.handOver ? { transferList: ownBuffers(views) } : {};

export function createAnalysisPool(options: { idleMs?: number } = {}): AnalysisPool {
  let pool: Piscina | null = null;
  let signalPool: Piscina | null = null;
  let before = 0;
  const threads = (maxThreads: number) =>
    new Piscina({
      filename: new URL('./picture-analysis-worker.mjs', import.meta.url).href,
      minThreads: 0,
      maxThreads,
      idleTimeout: options.idleMs ?? 10_000,
      // TensorFlow's WASM heap and the models are about 100 MB; this bounds a runaway picture.
      resourceLimits: { maxOldGenerationSizeMb: 512 },
    });
  const full = () => {
    pool ??= threads(1);
    return pool;
  };
  const signalThreads = () => {
    signalPool ??= threads(SIGNAL_THREADS);
    return signalPool;
  };
  return {
    analysed: () => before + (pool?.completed ?? 0) + (signalPool?.completed ?? 0),
    analyse: (bytes, original, options) =>
      full().run({ bytes, original }, transferOf([bytes, original], options)) as Promise<AnalysisResult>,
    signals: (bytes, original, options) =>
      signalThreads().run(
        { bytes, original },
        { name: 'signals', ...transferOf([bytes, original], options) },
      ) as Promise<PictureSignals>,
    async close() {
      before += (pool?.completed ?? 0) + (signalPool?.completed ?? 0);
      await Promise.all([pool?.destroy(), signalPool?.destroy()]);
      pool = null;
      signalPool = null;
    },
  };
}
