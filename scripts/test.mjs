// npm test: typecheck, lint, unit tests, the server suite (PGlite, and PostgreSQL when DATABASE_URL is
// set) and the e2e suite. Every step runs; the exit code is non-zero when any failed.
import './node-version.mjs';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { ensurePdfTools } from './pdf-tools.mjs';

const root = path.resolve(import.meta.dirname, '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const steps = [
  ['typecheck', bin('tsc'), ['-p', 'tsconfig.json', '--noEmit']],
  ['lint', bin('biome'), ['check', '.']],
  ['unit', bin('vitest'), ['run', '--project', 'unit']],
  [
    `${
      process.env.DATABASE_URL
        ? 'server (PGlite and PostgreSQL)'
        : 'server (PGlite; set DATABASE_URL to add PostgreSQL)'
    }${process.env.REDIS_URL ? ', with Redis' : '; set REDIS_URL to test the Redis limit store'}`,
    bin('vitest'),
    ['run', '--project', 'server'],
  ],
  ['e2e', process.execPath, [path.join(root, 'scripts', 'e2e.mjs')]],
];

try {
  ensurePdfTools();
} catch (error) {
  // The server suite then fails on the missing tool; this says how to get it.
  console.error(error.message);
}

const results = [];
for (const [name, cmd, args] of steps) {
  console.log(`\n=== ${name} ===`);
  const started = Date.now();
  const res = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: process.env });
  results.push({ name, ok: res.status === 0, seconds: ((Date.now() - started) / 1000).toFixed(1) });
}
console.log('\n=== summary ===');
for (const r of results) console.log(`${r.ok ? 'ok  ' : 'FAIL'}  ${r.name} (${r.seconds} s)`);
const failed = results.filter((r) => !r.ok).length;
console.log(`steps: ${results.length - failed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
