/**
 * The picture analysis thread (pictureAnalysis.ts): faces and salient regions are found in a worker
 * thread of their own (piscina), never on the event loop, one picture at a time: the analysis is
 * background work (a pg-boss job), and one thread leaves the other cores to the shop and the print
 * files. TensorFlow and the detector's weights load once per thread; the thread ends after 10 s
 * without a picture, so an idle shop holds no model in memory (about 110 MB; reloading costs ~0.3 s).
 */
import { Piscina } from 'piscina';
import type { AnalysisResult } from './pictureAnalysis.ts';

export interface AnalysisPool {
  /** Analyses one upright picture's bytes (JPEG, PNG, WebP, GIF). */
  analyse(bytes: Uint8Array): Promise<AnalysisResult>;
  /** Pictures analysed so far (tests see whether work was redone). */
  analysed(): number;
  close(): Promise<void>;
}

export function createAnalysisPool(options: { idleMs?: number } = {}): AnalysisPool {
  let pool: Piscina | null = null;
  let before = 0;
  return {
    analysed: () => before + (pool?.completed ?? 0),
    analyse(bytes) {
      pool ??= new Piscina({
        filename: new URL('./picture-analysis-worker.mjs', import.meta.url).href,
        minThreads: 0,
        maxThreads: 1,
        idleTimeout: options.idleMs ?? 10_000,
        // TensorFlow's WASM heap and the models are about 100 MB; this bounds a runaway picture.
        resourceLimits: { maxOldGenerationSizeMb: 512 },
      });
      return pool.run(bytes) as Promise<AnalysisResult>;
    },
    async close() {
      before += pool?.completed ?? 0;
      await pool?.destroy();
      pool = null;
    },
  };
}
