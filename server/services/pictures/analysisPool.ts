/**
 * The picture analysis thread (pictureAnalysis.ts): faces, salient regions and the photo book's signals
 * (pictureSignals.ts) are found in a worker thread of their own (piscina), never on the event loop, one
 * picture at a time: the analysis is background work (a pg-boss job), and one thread leaves the other
 * cores to the shop and the print files. TensorFlow and the detector's weights load once per thread; the
 * thread ends after 10 s without a picture, so an idle shop holds no model in memory (about 110 MB;
 * reloading costs ~0.3 s).
 */
import { Piscina } from 'piscina';
import type { AnalysisResult } from './pictureAnalysis.ts';
import type { PictureSignals } from './pictureSignals.ts';

export interface AnalysisPool {
  /**
   * Analyses one upright picture's bytes (JPEG, PNG, WebP, GIF). `original`: the file as uploaded when
   * the bytes are its upright master (its EXIF tells when it was taken); else the bytes are the original.
   */
  analyse(bytes: Uint8Array, original?: Uint8Array): Promise<AnalysisResult>;
  /** The photo book's signals alone (issue 33), without the detector: for a picture with regions already. */
  signals(bytes: Uint8Array, original?: Uint8Array): Promise<PictureSignals>;
  /** Pictures analysed so far, signals alone included (tests see whether work was redone). */
  analysed(): number;
  close(): Promise<void>;
}

export function createAnalysisPool(options: { idleMs?: number } = {}): AnalysisPool {
  let pool: Piscina | null = null;
  let before = 0;
  const started = () =>
    (pool ??= new Piscina({
      filename: new URL('./picture-analysis-worker.mjs', import.meta.url).href,
      minThreads: 0,
      maxThreads: 1,
      idleTimeout: options.idleMs ?? 10_000,
      // TensorFlow's WASM heap and the models are about 100 MB; this bounds a runaway picture.
      resourceLimits: { maxOldGenerationSizeMb: 512 },
    }));
  return {
    analysed: () => before + (pool?.completed ?? 0),
    analyse: (bytes, original) => started().run({ bytes, original }) as Promise<AnalysisResult>,
    signals: (bytes, original) =>
      started().run({ bytes, original }, { name: 'signals' }) as Promise<PictureSignals>,
    async close() {
      before += pool?.completed ?? 0;
      await pool?.destroy();
      pool = null;
    },
  };
}
