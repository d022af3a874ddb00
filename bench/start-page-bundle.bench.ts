/**
 * The start page's initial JavaScript (bench/initial-js.ts: the entry chunk of index.html and every
 * chunk it imports statically), raw, gzipped and brotli-compressed, and whether any of it comes from
 * Konva or the editor (read from the source maps' module paths).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { distDir as dist, initialJs } from './initial-js.ts';
import { report } from './report.ts';

const { files, css, raw, gzip, brotli } = initialJs();

const forbidden: string[] = [];
for (const file of files) {
  const body = readFileSync(path.join(dist, file));
  const mapPath = path.join(dist, `${file}.map`);
  if (existsSync(mapPath)) {
    const sources = (JSON.parse(readFileSync(mapPath, 'utf8')) as { sources: string[] }).sources;
    forbidden.push(...sources.filter((s) => /node_modules\/konva\/|\/src\/features\/editor\//.test(s)));
  }
  if (/\bKonva\b/.test(body.toString('utf8'))) forbidden.push(`${file} mentions Konva`);
}
let cssGzip = 0;
for (const file of css) cssGzip += gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length;

report({ bench: 'start page', figure: 'initial JS chunks', value: files.length, unit: 'files' });
report({ bench: 'start page', figure: 'initial JS', value: +(raw / 1024).toFixed(1), unit: 'KiB' });
report({ bench: 'start page', figure: 'initial JS gzip', value: +(gzip / 1024).toFixed(1), unit: 'KiB' });
report({ bench: 'start page', figure: 'initial JS brotli', value: +(brotli / 1024).toFixed(1), unit: 'KiB' });
report({ bench: 'start page', figure: 'initial CSS gzip', value: +(cssGzip / 1024).toFixed(1), unit: 'KiB' });
report({
  bench: 'start page',
  figure: 'Konva or editor in initial JS',
  value: forbidden.length === 0 ? 'no' : 'YES',
  unit: '',
  note: forbidden.slice(0, 3).join(', '),
});
if (forbidden.length) process.exitCode = 1;
