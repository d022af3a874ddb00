/**
 * The start page's initial JavaScript: the entry chunk of index.html and every chunk it imports
 * statically (what the browser must fetch before the first paint), raw and gzipped, and whether any
 * of it comes from Konva or the editor (read from the source maps' module paths).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { report } from './report.ts';

const dist = path.resolve(import.meta.dirname, '..', 'dist');
const manifestPath = path.join(dist, '.vite', 'manifest.json');
if (!existsSync(manifestPath)) throw new Error('No build: run `npm run build` first (npm run bench does).');

interface Chunk {
  file: string;
  imports?: string[];
  isEntry?: boolean;
  css?: string[];
}
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, Chunk>;
const entry = manifest['index.html'];
if (!entry) throw new Error('The manifest has no index.html entry');

const files = new Set<string>();
const css = new Set<string>();
const visit = (chunk: Chunk) => {
  if (files.has(chunk.file)) return;
  files.add(chunk.file);
  for (const c of chunk.css ?? []) css.add(c);
  for (const key of chunk.imports ?? []) visit(manifest[key]!);
};
visit(entry);

let raw = 0;
let gzip = 0;
const forbidden: string[] = [];
for (const file of files) {
  const body = readFileSync(path.join(dist, file));
  raw += body.length;
  gzip += gzipSync(body, { level: 9 }).length;
  const mapPath = path.join(dist, `${file}.map`);
  if (existsSync(mapPath)) {
    const sources = (JSON.parse(readFileSync(mapPath, 'utf8')) as { sources: string[] }).sources;
    forbidden.push(
      ...sources.filter((s) => /node_modules\/(konva|react-konva)\/|\/src\/features\/editor\//.test(s)),
    );
  }
  if (/\bKonva\b/.test(body.toString('utf8'))) forbidden.push(`${file} mentions Konva`);
}
let cssGzip = 0;
for (const file of css) cssGzip += gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length;

report({ bench: 'start page', figure: 'initial JS chunks', value: files.size, unit: 'files' });
report({ bench: 'start page', figure: 'initial JS', value: +(raw / 1024).toFixed(1), unit: 'KiB' });
report({ bench: 'start page', figure: 'initial JS gzip', value: +(gzip / 1024).toFixed(1), unit: 'KiB' });
report({ bench: 'start page', figure: 'initial CSS gzip', value: +(cssGzip / 1024).toFixed(1), unit: 'KiB' });
report({
  bench: 'start page',
  figure: 'Konva or editor in initial JS',
  value: forbidden.length === 0 ? 'no' : 'YES',
  unit: '',
  note: forbidden.slice(0, 3).join(', '),
});
if (forbidden.length) process.exitCode = 1;
