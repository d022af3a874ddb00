// npm run bench: builds the app if needed, runs every bench/*.bench.ts in turn and prints one table.
import './node-version.mjs';
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { buildIfNeeded } from './build-if-needed.mjs';

const root = path.resolve(import.meta.dirname, '..');
// BENCH_DIR and BENCH_NO_BUILD are for the runner's own test (test/unit/scripts/bench-runner.test.ts).
const benchDir = process.env.BENCH_DIR ? path.resolve(process.env.BENCH_DIR) : path.join(root, 'bench');
if (!process.env.BENCH_NO_BUILD) buildIfNeeded();
const only = process.argv[2];
const all = readdirSync(benchDir).filter((f) => f.endsWith('.bench.ts'));
// `npm run bench -- load` runs load.bench.ts alone; a part of names runs every bench it is in.
const files = (
  all.includes(`${only}.bench.ts`) ? [`${only}.bench.ts`] : all.filter((f) => !only || f.includes(only))
).sort();
const rows = [];
let failed = false;
for (const file of files) {
  process.stderr.write(`running ${file}…\n`);
  const res = spawnSync(process.execPath, ['--import', 'tsx', path.join(benchDir, file)], {
    cwd: root,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
    maxBuffer: 64 * 1024 * 1024,
  });
  for (const line of res.stdout.split('\n'))
    if (line.startsWith('BENCH ')) rows.push(JSON.parse(line.slice(6)));
  // A bench that fails (an error, answers that are not 2xx, a budget missed) is a FAILED row and a
  // non-zero exit: a table that only lacks a row hides the regression.
  if (res.status !== 0) {
    failed = true;
    rows.push({ bench: file, figure: 'FAILED', value: `exit ${res.status}`, unit: '' });
  }
}
const cols = ['bench', 'figure', 'value', 'unit', 'note'];
const width = cols.map((c) => Math.max(c.length, ...rows.map((r) => String(r[c] ?? '').length)));
const line = (cells) => cells.map((c, i) => String(c ?? '').padEnd(width[i])).join('  ');
console.log(line(cols));
console.log(width.map((w) => '-'.repeat(w)).join('  '));
for (const r of rows) console.log(line(cols.map((c) => r[c])));
process.exit(failed ? 1 : 0);
