/**
 * Starts picture-memory-child.ts (the shop alone in a process, reporting its memory) as `npm start`
 * runs the server: with its Node flags and two malloc arenas.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { SERVER_MALLOC_ENV, SERVER_NODE_FLAGS } from '../../scripts/server-flags.mjs';

const root = path.resolve(import.meta.dirname, '../..');

export interface MemoryReading {
  baseline: number;
  peak: number;
  rss: number;
}

export interface PictureMemoryServer {
  url: string;
  /** Resets the peak; answers the RSS it starts from. */
  start(): Promise<{ baseline: number }>;
  /** The peak since start(), and the RSS now. */
  stop(): Promise<MemoryReading>;
  rss(): Promise<number>;
  stats(): Promise<{ workerDecodes: number; libheifOnMainThread: boolean }>;
  close(): Promise<void>;
}

export async function startPictureMemoryServer(env: Record<string, string>): Promise<PictureMemoryServer> {
  const child = spawn(
    process.execPath,
    [...SERVER_NODE_FLAGS, '--import', 'tsx', path.join(root, 'test/server/picture-memory-child.ts')],
    {
      cwd: root,
      env: { ...process.env, NODE_ENV: 'production', ...SERVER_MALLOC_ENV, ...env },
      stdio: ['pipe', 'pipe', 'pipe'],
    },
  );
  let err = '';
  child.stderr.on('data', (d: Buffer) => {
    err += d;
  });
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code) => reject(new Error(`The shop process exited (${code}): ${err.slice(-2000)}`))),
  );
  exited.catch(() => {});
  const waiters: { word: string; resolve: (line: string) => void }[] = [];
  let out = '';
  child.stdout.on('data', (d: Buffer) => {
    out += d;
    for (let nl = out.indexOf('\n'); nl >= 0; nl = out.indexOf('\n')) {
      const line = out.slice(0, nl);
      out = out.slice(nl + 1);
      const at = waiters.findIndex((w) => line.startsWith(`${w.word} `));
      if (at >= 0) waiters.splice(at, 1)[0]!.resolve(line.slice(line.indexOf(' ') + 1));
    }
  });
  const next = (word: string) =>
    Promise.race([new Promise<string>((resolve) => waiters.push({ word, resolve })), exited]);
  const ask = async <T>(command: string, word: string): Promise<T> => {
    const answer = next(word);
    child.stdin.write(`${command}\n`);
    return JSON.parse(await answer) as T;
  };
  const url = await next('ready');
  return {
    url,
    start: () => ask('MEM_START', 'MEM_STARTED'),
    stop: () => ask('MEM_STOP', 'MEM'),
    rss: async () => (await ask<{ rss: number }>('RSS', 'RSS')).rss,
    stats: () => ask('STATS', 'STATS'),
    close: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        child.once('exit', () => {
          clearTimeout(timer);
          resolve();
        });
        child.stdin.end();
      }),
  };
}
