// npm run dev: the API server on :8080 (tsx watch) and Vite with hot reload on :5173, proxying the calls.
import './node-version.mjs';
import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const children = [
  spawn(bin('tsx'), ['watch', 'server/main.ts'], {
    cwd: root,
    stdio: 'inherit',
    env: { DIST_DIR: '', ...process.env },
  }),
  spawn(bin('vite'), [], { cwd: root, stdio: 'inherit' }),
];
console.log('Open http://localhost:5173/m/ (API on :8080)');
const stop = () => {
  for (const c of children) c.kill('SIGTERM');
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const c of children) c.on('exit', (code) => code && stop());
