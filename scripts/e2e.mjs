// The e2e suite: Debian's Chromium drives the real built app served by the real server on a fresh
// PGlite database (Playwright's webServer starts it; see playwright.config.ts).
import './node-version.mjs';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { buildIfNeeded } from './build-if-needed.mjs';
import { findChromium } from './chromium.mjs';

const root = path.resolve(import.meta.dirname, '..');
process.env.CHROMIUM_PATH = findChromium();
buildIfNeeded();
const res = spawnSync(
  process.execPath,
  [path.join(root, 'node_modules', '@playwright', 'test', 'cli.js'), 'test', ...process.argv.slice(2)],
  { cwd: root, stdio: 'inherit', env: process.env },
);
process.exit(res.status ?? 1);
