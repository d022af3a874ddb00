/**
 * (c) Peak server memory while 20 photos of ≈8 MB are uploaded in one request to the print upload.
 * The app runs in a child process that samples its RSS every 20 ms from just before the request
 * until the answer; the parent builds the multipart body (all 20 files in its own memory, which is
 * not what is measured).
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startPictureServer, writeNoisyJpeg } from './picture-helpers.ts';
import { report } from './report.ts';

const bench = 'picture-upload-memory';
const FILES = 20;
const UPLOAD =
  '/system/iframes/upload_internal.php?handleuploads=1&interface=HTML&redirect=&uploadtype=printsorder&json=1&thumbnails=640';
const MB = 1024 * 1024;
const work = await mkdtemp(path.join(tmpdir(), 'bench-picture-upload-'));
const server = await startPictureServer();
try {
  // 4000×3000 at quality 98 with ±18 noise comes to ≈8 MB; a different seed per file, so each
  // is a distinct picture (originals are content-addressed).
  const form = new FormData();
  let total = 0;
  for (let i = 0; i < FILES; i++) {
    const file = path.join(work, `photo-${i}.jpg`);
    total += await writeNoisyJpeg(file, 4000, 3000, 98, 18, i + 1);
    form.append('images[]', new Blob([await readFile(file)], { type: 'image/jpeg' }), `photo-${i}.jpg`);
  }

  // A warm-up request first, so the baseline includes the loaded upload path (multipart, sharp).
  const warm = new FormData();
  warm.append('images[]', new Blob([await readFile(path.join(work, 'photo-0.jpg'))]), 'warm.jpg');
  const warmUp = await fetch(`${server.base}${UPLOAD}`, { method: 'POST', body: warm });
  if (!warmUp.ok) throw new Error(`warm-up upload: ${warmUp.status} ${await warmUp.text()}`);
  await new Promise((resolve) => setTimeout(resolve, 500));

  await server.command('MEM_START');
  const t0 = performance.now();
  const res = await fetch(`${server.base}${UPLOAD}`, { method: 'POST', body: form });
  const body = await res.text();
  const seconds = (performance.now() - t0) / 1000;
  const mem = await server.command<{ baseline: number; peak: number; samples: number }>('MEM_STOP', 'MEM');
  if (!res.ok) throw new Error(`upload: ${res.status} ${body}`);
  const { files } = JSON.parse(body) as { files: { uuid: string; error: string | null }[] };
  const stored = files.filter((f) => f.uuid && !f.error).length;
  if (stored !== FILES) throw new Error(`${stored} of ${FILES} files stored: ${body}`);

  report({
    bench,
    figure: 'peak server RSS during upload',
    value: +(mem!.peak / MB).toFixed(1),
    unit: 'MB',
    note: `+${((mem!.peak - mem!.baseline) / MB).toFixed(1)} MB over baseline; ${mem!.samples} samples at 20 ms over ${seconds.toFixed(1)} s`,
  });
  report({ bench, figure: 'baseline server RSS', value: +(mem!.baseline / MB).toFixed(1), unit: 'MB' });
  report({
    bench,
    figure: 'upload size',
    value: +(total / MB).toFixed(1),
    unit: 'MB',
    note: `${FILES} JPEGs 4000×3000 q98, ${(total / FILES / MB).toFixed(1)} MB each, one multipart request, all stored`,
  });
} finally {
  await server.stop();
  await rm(work, { recursive: true, force: true });
}
