// npm start: build the app if needed, then run one server process (PGlite under ./data unless DATABASE_URL).
import './node-version.mjs';
import { spawn } from 'node:child_process';
import path from 'node:path';
import { buildIfNeeded } from './build-if-needed.mjs';
import { SERVER_NODE_FLAGS } from './server-flags.mjs';

const root = path.resolve(import.meta.dirname, '..');
buildIfNeeded();
const server = spawn(
  process.execPath,
  [...SERVER_NODE_FLAGS, '--import', 'tsx', path.join(root, 'server', 'main.ts')],
  {
    cwd: root,
    stdio: 'inherit',
    // Two malloc arenas: sharp's and the render workers' threads otherwise fragment glibc's heap and
    // the server keeps hundreds of MB it no longer uses (bench/production.bench.ts measures it).
    env: { NODE_ENV: 'production', MALLOC_ARENA_MAX: '2', ...process.env },
  },
);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
