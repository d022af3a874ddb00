// Builds the app when dist/ is missing or older than any of its sources, so `npm start` always serves
// what the checkout holds without rebuilding on every start: the browser's build (dist/index.html and
// its assets) and the first screen's server render (dist/server/ssr.js, `vite build --ssr`), which the
// server loads from dist/ at run time (server/routes/app-shell.ts).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const SOURCES = ['src', 'shop', 'engine', 'public', 'index.html', 'vite.config.ts', 'package.json'];
/** The server render's own build, inside dist/ (the client build empties dist/, so it runs second). */
export const SSR_MODULE = path.join(root, 'dist', 'server', 'ssr.js');

function newest(p) {
  if (!existsSync(p)) return 0;
  const s = statSync(p);
  if (!s.isDirectory()) return s.mtimeMs;
  return readdirSync(p).reduce((m, name) => Math.max(m, newest(path.join(p, name))), s.mtimeMs);
}

function stale(built) {
  return !existsSync(built) || SOURCES.some((s) => newest(path.join(root, s)) > statSync(built).mtimeMs);
}

function vite(args) {
  const res = spawnSync(
    process.execPath,
    [path.join(root, 'node_modules', 'vite', 'bin', 'vite.js'), ...args],
    {
      cwd: root,
      stdio: 'inherit',
    },
  );
  if (res.status !== 0) process.exit(res.status ?? 1);
}

/**
 * Builds dist/server/ssr.js when it is missing or older than its sources. Built aside and moved into
 * place, so a server (or a test) that loads it meanwhile never reads half a build.
 */
export function buildSsrIfNeeded({ force = false } = {}) {
  if (!force && !stale(SSR_MODULE)) return;
  console.log('Building the first screen’s server render (vite build --ssr)…');
  mkdirSync(path.join(root, 'dist'), { recursive: true });
  const aside = mkdtempSync(path.join(root, 'dist', '.server-'));
  vite(['build', '--ssr', '--outDir', aside, '--logLevel', 'warn']);
  rmSync(path.dirname(SSR_MODULE), { recursive: true, force: true });
  renameSync(aside, path.dirname(SSR_MODULE));
}

export function buildIfNeeded({ force = false } = {}) {
  const built = path.join(root, 'dist', 'index.html');
  if (force || stale(built)) {
    console.log('Building the app (vite build)…');
    vite(['build', '--logLevel', 'warn']);
  }
  buildSsrIfNeeded({ force });
}

if (import.meta.url === `file://${process.argv[1]}`)
  buildIfNeeded({ force: process.argv.includes('--force') });
