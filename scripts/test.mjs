// npm test: typecheck, lint, unit tests, the server suite, the server suite on PGlite with the clock
// five years ahead (faketime), and the e2e suite. Every step runs; the exit code is non-zero when any
// failed. With DATABASE_URL set, each database runs the suite once: PostgreSQL (and Redis) on the
// machine's clock, PGlite on the clock ahead; without it, PGlite runs on both clocks.
import './node-version.mjs';
import { spawn } from 'node:child_process';
import path from 'node:path';
import { ensureFaketime, FAKETIME_ENV, FAKETIME_OFFSET } from './faketime.mjs';
import { ensurePdfTools } from './pdf-tools.mjs';

const root = path.resolve(import.meta.dirname, '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const vitest = bin('vitest');

try {
  ensurePdfTools();
} catch (error) {
  // The server suite then fails on the missing tool; this says how to get it.
  console.error(error.message);
}

/**
 * The faked-clock pass: PGlite and the in-process limit store only, since a PostgreSQL or Redis
 * server keeps the machine's own clock and would disagree with the app's. Without faketime the step
 * fails and says how to install it.
 */
function clockAheadStep() {
  const name = `server under a clock five years ahead (PGlite, faketime ${FAKETIME_OFFSET})`;
  let faketime;
  try {
    faketime = ensureFaketime();
  } catch (error) {
    return { name, missing: error.message };
  }
  return {
    name,
    cmd: faketime,
    // The server-once project (the fuzz suite and the print PDF comparisons) runs in the first pass
    // only, to keep CI under 30 minutes (vitest.config.ts says why each can).
    args: ['-f', FAKETIME_OFFSET, vitest, 'run', '--project', 'server'],
    env: { ...process.env, ...FAKETIME_ENV, DATABASE_URL: '', REDIS_URL: '' },
  };
}

const clockAhead = clockAheadStep();
// PostgreSQL only when PGlite has the faked-clock pass: the same suite a third time would take CI past
// its 30 minutes (docs/decisions.md, "CI's time budget").
const postgresOnly = Boolean(process.env.DATABASE_URL) && !clockAhead.missing;
/**
 * Two lanes side by side: the checks and the first server pass in one, the e2e suite and the faked-clock
 * pass in the other. Each alone leaves much of the 2 cores idle (the e2e specs wait on the browser,
 * timers and the server; the server files on PostgreSQL, pg-boss, child processes and their own
 * waits), and one after another they took CI to 32 minutes (docs/decisions.md, "CI's time budget").
 */
const steps = [
  [
    { name: 'typecheck', short: 'tsc', cmd: bin('tsc'), args: ['-p', 'tsconfig.json', '--noEmit'] },
    { name: 'lint', short: 'lint', cmd: bin('biome'), args: ['check', '.'] },
    { name: 'unit', short: 'unit', cmd: vitest, args: ['run', '--project', 'unit'] },
    {
      name: `${
        postgresOnly
          ? 'server (PostgreSQL)'
          : process.env.DATABASE_URL
            ? 'server (PGlite and PostgreSQL)'
            : 'server (PGlite; set DATABASE_URL to add PostgreSQL)'
      }${process.env.REDIS_URL ? ', with Redis' : '; set REDIS_URL to test the Redis limit store'}`,
      short: 'server',
      cmd: vitest,
      args: ['run', '--project', 'server', '--project', 'server-once'],
      env: postgresOnly ? { ...process.env, SERVER_DATABASES: 'postgres' } : process.env,
    },
  ],
  [
    { name: 'e2e', short: 'e2e', cmd: process.execPath, args: [path.join(root, 'scripts', 'e2e.mjs')] },
    // After the e2e suite, beside the end of the PostgreSQL pass: with both server passes in one lane,
    // the other lane sat idle for the last ten minutes of a CI run.
    { ...clockAhead, short: 'server+5y' },
  ],
];

/**
 * A step as a child process. Steps of one lane run one after another; lanes run side by side, and a
 * lane's lines are prefixed with its step's name so the log reads apart. With TEST_LANES=1 (or one
 * lane given) everything runs in turn, with the child's own output.
 */
function runStep(step, prefixed) {
  return new Promise((resolve) => {
    if (step.missing) {
      console.error(step.missing);
      resolve(false);
      return;
    }
    const child = spawn(step.cmd, step.args, {
      cwd: root,
      stdio: prefixed ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      env: step.env ?? process.env,
    });
    if (prefixed) {
      const tag = `[${step.short}] `;
      for (const stream of [child.stdout, child.stderr]) {
        let rest = '';
        stream.on('data', (chunk) => {
          const lines = (rest + chunk).split('\n');
          rest = lines.pop();
          for (const line of lines) {
            process.stdout.write(`${tag}${line}\n`);
            noteFailure(tag, line);
          }
        });
        stream.on('end', () => rest && process.stdout.write(`${tag}${rest}\n`));
      }
    }
    child.on('close', (code) => resolve(code === 0));
  });
}

const results = [];

/**
 * The lines that name a failure (vitest's FAIL and ×, Playwright's ✘ and numbered failures, an
 * assertion's message), said again under the summary: with two lanes interleaved, a failure early
 * in a long run is far above a log's tail, which is often all a CI page keeps.
 */
const failureLines = [];
const FAILURE = /(^|\s)(FAIL|×|✘)\s|AssertionError|^\s*\d+\) \[|Error: expect\(/;
function noteFailure(tag, line) {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the colour codes of a terminal
  const plain = line.replace(/\x1b\[[0-9;]*m/g, '');
  if (FAILURE.test(plain) && failureLines.length < 60)
    failureLines.push(`${tag}${plain.trim().slice(0, 240)}`);
}
async function runLane(lane, prefixed) {
  for (const step of lane) {
    console.log(`\n=== ${step.name} ===`);
    const started = Date.now();
    const ok = await runStep(step, prefixed);
    results.push({ name: step.name, ok, seconds: ((Date.now() - started) / 1000).toFixed(1) });
    console.log(
      `=== ${step.name}: ${ok ? 'ok' : 'FAILED'} (${((Date.now() - started) / 1000).toFixed(1)} s) ===`,
    );
  }
}
const lanes = process.env.TEST_LANES === '1' ? [steps.flat()] : steps;
const started = Date.now();
// The app is built first, on its own: the e2e suite serves it, and a build racing the server lane
// would only slow both.
await runLane(
  [{ name: 'build', cmd: process.execPath, args: [path.join(root, 'scripts', 'build-if-needed.mjs')] }],
  false,
);
await Promise.all(lanes.map((lane) => runLane(lane, lanes.length > 1)));
console.log('\n=== summary ===');
for (const r of results) console.log(`${r.ok ? 'ok  ' : 'FAIL'}  ${r.name} (${r.seconds} s)`);
const failed = results.filter((r) => !r.ok).length;
if (failed && failureLines.length) {
  console.log('\nwhat failed (lines from above):');
  for (const line of failureLines) console.log(`  ${line}`);
}
console.log(
  `steps: ${results.length - failed} passed, ${failed} failed, ${((Date.now() - started) / 1000).toFixed(0)} s in all`,
);
process.exit(failed ? 1 : 0);
