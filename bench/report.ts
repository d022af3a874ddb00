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
