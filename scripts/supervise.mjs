// Keeps a server process running (issue 28): a process that exits abnormally (a crash, a signal it
// did not ask for) is started again after a pause that doubles from 1 s to 30 s, and the log says so
// each time; a run that lasted a minute starts the pause from 1 s again. A normal exit (code 0), or
// one after SIGINT/SIGTERM sent to the supervisor, ends the supervisor with the same code.
import { spawn } from 'node:child_process';

/**
 * @param {string} command
 * @param {string[]} args
 * @param {{ env?: NodeJS.ProcessEnv, cwd?: string, name?: string, firstPauseMs?: number, maxPauseMs?: number,
 *   stableMs?: number, log?: (line: string) => void, exit?: (code: number) => void }} [options]
 * @returns {{ stop(signal?: NodeJS.Signals): void, restarts(): number, pid(): number | undefined }}
 */
export function supervise(command, args, options = {}) {
  const {
    name = 'server',
    firstPauseMs = 1000,
    maxPauseMs = 30_000,
    stableMs = 60_000,
    log = (line) => console.error(line),
    exit = (code) => process.exit(code),
  } = options;
  let child;
  let stopping = false;
  let restarts = 0;
  let pauseMs = firstPauseMs;
  let timer;

  const start = () => {
    const startedAt = Date.now();
    child = spawn(command, args, { cwd: options.cwd, env: options.env, stdio: 'inherit' });
    child.on('exit', (code, signal) => {
      if (stopping || code === 0) {
        exit(code ?? 0);
        return;
      }
      if (Date.now() - startedAt >= stableMs) pauseMs = firstPauseMs;
      restarts += 1;
      const how = signal ? `was killed by ${signal}` : `exited with code ${code}`;
      log(
        `[supervisor] The ${name} ${how}; starting it again in ${Math.round(pauseMs / 100) / 10} s (restart ${restarts}).`,
      );
      timer = setTimeout(start, pauseMs);
      pauseMs = Math.min(maxPauseMs, pauseMs * 2);
    });
  };
  start();

  return {
    stop(signal = 'SIGTERM') {
      stopping = true;
      if (timer) {
        clearTimeout(timer);
        // Between two runs there is no child to wait for.
        if (child.exitCode !== null || child.signalCode !== null) exit(0);
      }
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    },
    restarts: () => restarts,
    pid: () => child.pid,
  };
}
