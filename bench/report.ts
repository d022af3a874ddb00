/** Every benchmark prints its figures as `BENCH {json}` lines; scripts/bench.mjs gathers them into a table. */
export interface Figure {
  bench: string;
  figure: string;
  value: number | string;
  unit: string;
  note?: string;
}

export function report(figure: Figure) {
  console.log(`BENCH ${JSON.stringify(figure)}`);
}

/** Median time per call of `run` in microseconds, over `batches` batches of `perBatch` calls. */
export function medianMicros(run: () => void, perBatch: number, batches = 9, before?: () => void): number {
  const samples: number[] = [];
  for (let b = 0; b < batches; b++) {
    let total = 0;
    for (let i = 0; i < perBatch; i++) {
      before?.();
      const t0 = performance.now();
      run();
      total += performance.now() - t0;
    }
    samples.push((total / perBatch) * 1000);
  }
  samples.sort((a, b) => a - b);
  return samples[Math.floor(samples.length / 2)]!;
}
