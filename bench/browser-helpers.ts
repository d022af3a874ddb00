/**
 * Shared by the browser benches: the real server with the built app (dist/) on a fresh PGlite
 * database, in a child process of its own (scripts/e2e-server.mjs, which removes its data folder
 * when it stops), and Debian's headless Chromium with the flags of playwright.config.ts.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { type Browser, chromium } from 'playwright-core';

const root = path.resolve(import.meta.dirname, '..');

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** A port nothing listens on now, for a server started in a child process. */
export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

/**
 * The built app on the real server; `stop()` ends the process it started (by its own pid). `checkout`:
 * another checkout's build and server (bench/compare-editor-open.ts), this one by default.
 */
export async function startAppServer(
  checkout: string = root,
): Promise<{ base: string; stop: () => Promise<void> }> {
  if (!existsSync(path.join(checkout, 'dist', 'index.html')))
    throw new Error('No build: run `npm run build` first (npm run bench does).');
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(checkout, 'scripts', 'e2e-server.mjs')], {
    cwd: checkout,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', DATABASE_URL: '' },
  });
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the app server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/m/api/portal`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGTERM');
      throw new Error('the app server did not start within 60 s');
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    base,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
        child.on('exit', () => {
          clearTimeout(timer);
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
}

export const p95 = (xs: number[]) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)]!;
};

/** The phone the editor benches use: a Pixel 7's screen (412x915 at 2.625), touch. */
export const PHONE = {
  viewport: { width: 412, height: 915 },
  deviceScaleFactor: 2.625,
  isMobile: true,
  hasTouch: true,
};

/** The editor's address of the demo 13-page calendar (Classic A4) on the bench's server. */
export async function calendarEditorUrl(base: string): Promise<string> {
  const list = (await (await fetch(`${base}/m/api/templates/calendars`)).json()) as {
    uuid: string;
    name: Record<string, string>;
    product: { uuid: string };
    pages: unknown[];
  }[];
  // By name, as the benches' notes say: the catalogue has eight 13-page calendars (issue 18).
  const calendar = list.find((t) => t.name.en_GB === 'Classic A4' && t.pages.length === 13);
  if (!calendar) throw new Error('no 13-page demo calendar "Classic A4"');
  return `${base}/m/products/calendars/${calendar.product.uuid}/${calendar.uuid}`;
}

/** The performance mark the editor makes when its first page is drawn. */
export const FIRST_PAGE_MARK = 'editor:first-page-drawn';
