/**
 * (d) Server memory when 81-megapixel HEICs arrive (issue 28): the 9000×9000 fixture uploaded once,
 * and six times at once, and its alpha and 10-bit versions once each, each to a fresh shop alone in a process of its own, run as `npm start` runs it
 * (test/server/picture-memory-child.ts: its Node flags, MALLOC_ARENA_MAX=2). For each: the peak RSS
 * above the RSS before the upload (the kernel's VmHWM, reset just before), and the RSS 30 s after the
 * answer. Goals: ≤ 500 MB added at the peak, back within 50 MB 30 s after.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { multipartBody } from '../test/server/multipart.ts';
import { startPictureMemoryServer } from '../test/server/picture-memory.ts';
import { report } from './report.ts';

const bench = 'picture-decode-memory';
const MB = 1024 * 1024;
const fixtures = path.resolve(import.meta.dirname, '../test/fixtures/pictures');
const heic = (name: string) => readFile(path.join(fixtures, name));
const cases = [
  { what: 'one 81 MP HEIC', file: await heic('quadrants-9000x9000.heic'), count: 1 },
  { what: 'six 81 MP HEICs at once', file: await heic('quadrants-9000x9000.heic'), count: 6 },
  { what: 'one 81 MP HEIC with alpha', file: await heic('alpha-9000x9000.heic'), count: 1 },
  { what: 'one 81 MP 10-bit HEIC', file: await heic('ten-bit-9000x9000.heic'), count: 1 },
];
const small = await readFile(path.join(fixtures, 'sample-120x80.heic'));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const mb = (bytes: number) => +(bytes / MB).toFixed(0);

for (const { what, file: large, count } of cases) {
  // A fresh server for each, with the upload path loaded; the small decode's thread ends after 5 s
  // idle.
  const server = await startPictureMemoryServer({ DATABASE_URL: '' });
  const upload = async (bytes: Buffer, name: string) => {
    const body = multipartBody([{ field: 'file', name, type: 'image/heic', bytes }]);
    const res = await fetch(`${server.url}/m/api/pictures`, {
      method: 'POST',
      headers: { 'content-type': body.contentType },
      body: body.payload,
    });
    if (!res.ok) throw new Error(`upload: ${res.status} ${await res.text()}`);
  };
  try {
    await upload(small, 'warm.heic');
    await sleep(6_000);
    const { baseline } = await server.start();
    const t0 = performance.now();
    await Promise.all(Array.from({ length: count }, (_, i) => upload(large, `large-${i}.heic`)));
    const seconds = (performance.now() - t0) / 1000;
    const { peak } = await server.stop();
    await sleep(30_000);
    const after = await server.rss();
    report({
      bench,
      figure: `${what}: peak RSS added`,
      value: mb(peak - baseline),
      unit: 'MB',
      note: `from ${mb(baseline)} MB; answered in ${seconds.toFixed(1)} s`,
    });
    report({ bench, figure: `${what}: RSS added 30 s after`, value: mb(after - baseline), unit: 'MB' });
  } finally {
    await server.close();
  }
}
