// npm start: build the app if needed, then run the server (PGlite under ./data unless DATABASE_URL),
// started again by the supervisor should it ever exit abnormally (scripts/supervise.mjs).
import './node-version.mjs';
import path from 'node:path';
import { buildIfNeeded } from './build-if-needed.mjs';
import { SERVER_NODE_FLAGS } from './server-flags.mjs';
import { supervise } from './supervise.mjs';

const root = path.resolve(import.meta.dirname, '..');
buildIfNeeded();
const server = supervise(
  process.execPath,
  [...SERVER_NODE_FLAGS, '--import', 'tsx', path.join(root, 'server', 'main.ts')],
  {
    cwd: root,
    name: 'Print Shop server',
    // Two malloc arenas: sharp's and the render workers' threads otherwise fragment glibc's heap and
    // the server keeps hundreds of MB it no longer uses (bench/production.bench.ts measures it).
    env: { NODE_ENV: 'production', MALLOC_ARENA_MAX: '2', ...process.env },
  },
);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.stop(signal));
