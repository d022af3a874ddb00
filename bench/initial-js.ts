/**
 * The start page's initial JavaScript, read from the build's manifest: the entry chunk of index.html
 * and every chunk it imports statically (what the browser must fetch before the first paint). Dynamic
 * imports are left out on purpose: they load after the first paint, so they do not delay it.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

export const distDir = path.resolve(import.meta.dirname, '..', 'dist');

interface Chunk {
  file: string;
  imports?: string[];
  css?: string[];
}

export interface InitialJs {
  /** The chunks' files, relative to dist/. */
  files: string[];
  /** The CSS those chunks pull in, relative to dist/. */
  css: string[];
  raw: number;
  gzip: number;
  brotli: number;
}

export function initialJs(dist = distDir): InitialJs {
  const manifestPath = path.join(dist, '.vite', 'manifest.json');
  if (!existsSync(manifestPath)) throw new Error('No build: run `npm run build` first (npm run bench does).');
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
  let brotli = 0;
  for (const file of files) {
    const body = readFileSync(path.join(dist, file));
    raw += body.length;
    // The strongest levels: the build precompresses once, so the fewest bytes it could send is the measure.
    gzip += gzipSync(body, { level: 9 }).length;
    brotli += brotliCompressSync(body, {
      params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
    }).length;
  }
  return { files: [...files], css: [...css], raw, gzip, brotli };
}
