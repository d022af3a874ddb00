// Builds the app when dist/ is missing or older than any of its sources, so `npm start` always serves
// what the checkout holds without rebuilding on every start.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

function newest(p) {
  if (!existsSync(p)) return 0;
  const s = statSync(p);
  if (!s.isDirectory()) return s.mtimeMs;
  return readdirSync(p).reduce((m, name) => Math.max(m, newest(path.join(p, name))), s.mtimeMs);
}

export function buildIfNeeded({ force = false } = {}) {
  const built = path.join(root, 'dist', 'index.html');
  const sources = ['src', 'shop', 'engine', 'public', 'index.html', 'vite.config.ts', 'package.json'];
  const stale =
    force || !existsSync(built) || sources.some((s) => newest(path.join(root, s)) > statSync(built).mtimeMs);
  if (!stale) return;
  console.log('Building the app (vite build)…');
  const res = spawnSync(
    process.execPath,
    [path.join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--logLevel', 'warn'],
    {
      cwd: root,
      stdio: 'inherit',
    },
  );
  if (res.status !== 0) process.exit(res.status ?? 1);
}

if (import.meta.url === `file://${process.argv[1]}`)
  buildIfNeeded({ force: process.argv.includes('--force') });
