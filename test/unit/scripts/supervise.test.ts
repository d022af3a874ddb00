import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { supervise } from '../../../scripts/supervise.mjs';

/** A child that counts its runs in a file and ends as `plan` says for that run (a code, or 'wait'). */
const child = (dir: string, plan: (number | 'wait')[]) => [
  '-e',
  `const fs = require('node:fs'); const f = ${JSON.stringify(path.join(dir, 'runs'))};
   const n = fs.existsSync(f) ? Number(fs.readFileSync(f, 'utf8')) + 1 : 1; fs.writeFileSync(f, String(n));
   const plan = ${JSON.stringify(plan)}; const what = plan[Math.min(n, plan.length) - 1];
   if (what === 'wait') setInterval(() => {}, 1000); else process.exit(what);`,
];

// Each test starts one or two node processes: 5 s was not enough for two beside the e2e suite's
// start on CI's two cores.
describe('supervise (npm start keeps the server running)', { timeout: 30_000 }, () => {
  let dir: string;
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const run = (plan: (number | 'wait')[]) => {
    dir = mkdtempSync(path.join(tmpdir(), 'supervise-'));
    const lines: string[] = [];
    let exited: (code: number) => void = () => {};
    const exit = new Promise<number>((resolve) => {
      exited = resolve;
    });
    const supervisor = supervise(process.execPath, child(dir, plan), {
      name: 'test server',
      firstPauseMs: 20,
      maxPauseMs: 80,
      log: (line) => lines.push(line),
      exit: (code) => exited(code),
    });
    const runs = () => Number(readFileSync(path.join(dir, 'runs'), 'utf8'));
    return { supervisor, lines, exit, runs };
  };

  it('starts a crashed server again, says so, and ends when it ends normally', async () => {
    const { supervisor, lines, exit, runs } = run([1, 7, 0]);
    expect(await exit).toBe(0);
    expect(runs()).toBe(3);
    expect(supervisor.restarts()).toBe(2);
    expect(lines).toEqual([
      expect.stringMatching(/The test server exited with code 1; starting it again in 0 s \(restart 1\)/),
      expect.stringMatching(/The test server exited with code 7; .* \(restart 2\)/),
    ]);
  });

  /**
   * Until the child has started (written its run), however slow the machine is to start a node. The
   * file exists a moment before its number is in it: a child killed then left it empty, and the next
   * run, counting from nothing, waited for good (a CI run).
   */
  const written = () => {
    const file = path.join(dir, 'runs');
    return existsSync(file) && readFileSync(file, 'utf8') !== '';
  };
  const started = async () => {
    while (!written()) await new Promise((r) => setTimeout(r, 20));
  };

  it('does not start it again once it was asked to stop', async () => {
    const { supervisor, lines, exit, runs } = run(['wait']);
    await started();
    supervisor.stop('SIGTERM');
    expect(await exit).toBe(0);
    expect(runs()).toBe(1);
    expect(lines).toEqual([]);
  });

  it('counts a server killed by a signal it was not sent as a crash', async () => {
    const { supervisor, lines, exit } = run(['wait', 0]);
    await started();
    process.kill(supervisor.pid()!, 'SIGKILL');
    expect(await exit).toBe(0);
    expect(lines[0]).toMatch(/was killed by SIGKILL/);
  });
});
