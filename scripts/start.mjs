// npm start: build the app if needed, then run the server (PGlite under ./data unless DATABASE_URL),
// started again by the supervisor should it ever exit abnormally (scripts/supervise.mjs).
import './node-version.mjs';
import path from 'node:path';
import { buildIfNeeded } from './build-if-needed.mjs';
import { SERVER_MALLOC_ENV, serverNodeFlags } from './server-flags.mjs';
import { supervise } from './supervise.mjs';

const root = path.resolve(import.meta.dirname, '..');
buildIfNeeded();
const server = supervise(
  process.execPath,
  [...serverNodeFlags(), '--import', 'tsx', path.join(root, 'server', 'main.ts')],
  {
    cwd: root,
    name: 'Print Shop server',
    // glibc's malloc tuned for a long-lived server (server-flags.mjs says why).
    env: { NODE_ENV: 'production', ...SERVER_MALLOC_ENV, ...process.env },
  },
);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.stop(signal));
