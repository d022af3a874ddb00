/**
 * (b) Requests/s of a cached XPhoto derivative: the real app in a child process, one picture
 * uploaded through the print upload with a session cookie, its 640 px sepia XPhoto requested once
 * (which makes and caches it), then that URL under autocannon with the same cookie. The child's
 * pictureStats before and after show that no sharp work happened under load.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { startPictureServer, writeNoisyJpeg } from './picture-helpers.ts';
import { report } from './report.ts';

const bench = 'picture-cached';
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const UPLOAD =
  '/system/iframes/upload_internal.php?handleuploads=1&interface=HTML&redirect=&uploadtype=printsorder&json=1&thumbnails=640';
const work = await mkdtemp(path.join(tmpdir(), 'bench-picture-cached-'));
const server = await startPictureServer();
try {
  const file = path.join(work, 'photo.jpg');
  await writeNoisyJpeg(file, 4000, 3000, 90, 12);
  const form = new FormData();
  form.append('images[]', new Blob([await readFile(file)], { type: 'image/jpeg' }), 'photo.jpg');
  const upload = await fetch(`${server.base}${UPLOAD}`, { method: 'POST', body: form });
  if (!upload.ok) throw new Error(`upload: ${upload.status} ${await upload.text()}`);
  const cookie = (upload.headers.get('set-cookie') ?? '').split(';')[0]!;
  const { files } = (await upload.json()) as { files: { uuid: string; error: string | null }[] };
  const uuid = files[0]?.uuid;
  if (!cookie || !uuid || files[0]?.error)
    throw new Error(`upload gave no cookie or picture: ${JSON.stringify(files)}`);

  const url = `${server.base}/system/XPhoto.php?uuid=${uuid}&scaleversion=640&type=2&rotation=0`;
  const first = await fetch(url, { headers: { cookie } });
  if (first.status !== 200 || first.headers.get('content-type') !== 'image/jpeg')
    throw new Error(`XPhoto warm-up: ${first.status}`);
  const derivativeBytes = (await first.arrayBuffer()).byteLength;

  const before = await server.command<{ sharpJobs: number }>('STATS', 'STATS');
  const result = await autocannon({ url, connections: 10, duration: seconds, headers: { cookie } });
  const after = await server.command<{ sharpJobs: number }>('STATS', 'STATS');
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`XPhoto: ${result.non2xx} non-2xx, ${result.errors} errors`);
  const sharpJobsUnderLoad = after!.sharpJobs - before!.sharpJobs;

  report({
    bench,
    figure: 'GET XPhoto 640 sepia (cached)',
    value: Math.round(result.requests.average),
    unit: 'req/s',
    note: `p99 ${result.latency.p99} ms, ${result.requests.total} requests of ${(derivativeBytes / 1024).toFixed(0)} KB, 10 connections, ${seconds} s`,
  });
  report({ bench, figure: 'XPhoto p99 latency', value: result.latency.p99, unit: 'ms' });
  report({
    bench,
    figure: 'sharp jobs during load',
    value: sharpJobsUnderLoad,
    unit: 'jobs',
    note: `pictureStats.sharpJobs ${before!.sharpJobs} before, ${after!.sharpJobs} after`,
  });
  if (sharpJobsUnderLoad !== 0)
    throw new Error(`${sharpJobsUnderLoad} sharp jobs ran under load: not cached`);
} finally {
  await server.stop();
  await rm(work, { recursive: true, force: true });
}
