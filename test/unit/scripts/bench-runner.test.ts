/**
 * `npm run bench` (scripts/bench.mjs) fails when a bench fails (issue 31): the picture-cached bench
 * had thrown on 429 answers for a while, and the table simply lacked its rows.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');
const dir = mkdtempSync(path.join(tmpdir(), 'bench-runner-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

writeFileSync(
  path.join(dir, 'fine.bench.ts'),
  `console.log('BENCH ' + JSON.stringify({ bench: 'fine', figure: 'speed', value: 42, unit: 'req/s' }));\n`,
);
writeFileSync(
  path.join(dir, 'broken.bench.ts'),
  `console.log('BENCH ' + JSON.stringify({ bench: 'broken', figure: 'half', value: 1, unit: 'x' }));\nthrow new Error('5336 non-2xx answers');\n`,
);

function runBench(only?: string) {
  return spawnSync(process.execPath, [path.join(root, 'scripts', 'bench.mjs'), ...(only ? [only] : [])], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, BENCH_DIR: dir, BENCH_NO_BUILD: '1' },
  });
}

describe('npm run bench', () => {
  it('prints a FAILED row for a bench that fails, beside the others, and exits non-zero', () => {
    const res = runBench();
    expect(res.status).toBe(1);
    const rows = res.stdout.split('\n');
    expect(rows.some((r) => /^fine\s+speed\s+42\s+req\/s/.test(r))).toBe(true);
    expect(rows.some((r) => /^broken\.bench\.ts\s+FAILED\s+exit 1/.test(r))).toBe(true);
  }, 60_000);

  it('exits 0 when every bench it ran passed', () => {
    const res = runBench('fine');
    expect(res.status).toBe(0);
    expect(res.stdout).not.toContain('FAILED');
  }, 60_000);
});
