/**
 * A shop in a process of its own (production-child.ts), for the tests that kill one with a signal:
 * started with the given environment, resolved once it says 'ready' (with its address when it
 * listens, LISTEN=1).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

export interface ShopProcess {
  child: ChildProcess;
  /** http://127.0.0.1:<port> when started with LISTEN=1, else null. */
  url: string | null;
}

export function startShopProcess(env: Record<string, string>): Promise<ShopProcess> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(root, 'test/server/production-child.ts')],
    {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let err = '';
  child.stderr!.on('data', (d) => {
    err += d;
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d) => {
      out += d;
      const ready = /^ready ?(\S*)$/m.exec(out);
      if (ready) resolve({ child, url: ready[1] || null });
    });
    child.once('exit', (code) =>
      reject(new Error(`The shop process exited (${code}) before it was ready: ${err}`)),
    );
  });
}

/** Resolves when the process has ended (at once if it has). */
export const stopped = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
