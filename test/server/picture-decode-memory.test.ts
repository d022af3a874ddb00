/**
 * Decoding in bounded memory (issue 28): a 20 KB HEIC of 9000×9000 took the server from 456 MB to
 * 1.8 GB RSS and left it at 1.1-1.7 GB; six at once reached 2.4 GB. Now a HEIC is decoded in a worker
 * thread, large pictures one at a time, and the thread's memory is given back when it ends. The shop
 * runs in a process of its own (picture-memory-child.ts, as `npm start` runs it), so its RSS is the
 * server's alone; the peak is the kernel's high-water mark, which no sampling can miss. A HEIC is made
 * RGB from its own YCbCr a band at a time (heicBands.ts), so one with an alpha plane stays within the
 * bound too. The fixtures: test/fixtures/pictures/make-heic.ts.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { databaseKinds, openTestDatabase, type TestDatabase } from './databases.ts';
import { multipartBody } from './multipart.ts';
import { type PictureMemoryServer, startPictureMemoryServer } from './picture-memory.ts';

const fixtures = path.resolve(import.meta.dirname, '../fixtures/pictures');
const LARGE = readFileSync(path.join(fixtures, 'quadrants-9000x9000.heic'));
/** The quadrants with an alpha plane, the right half half transparent. */
const LARGE_ALPHA = readFileSync(path.join(fixtures, 'alpha-9000x9000.heic'));
const SMALL = readFileSync(path.join(fixtures, 'sample-120x80.heic'));
const MB = 1024 * 1024;
/** What one 81-megapixel decode may add to the server's RSS at its peak (issue 28's goal). */
const PEAK_ADDED = 500 * MB;
/** How close to where it started the RSS must be 30 s after the decodes (issue 28's goal). */
const SETTLED = 50 * MB;
/** How long a decode thread idles before it ends (pictures.ts DECODE_THREADS.idleMs), and a second. */
const THREAD_IDLE_MS = 6_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// The database plays no part in decoding: the first the run tests on is enough.
const kind = databaseKinds()[0]!;

describe(`a 9000×9000 HEIC decoded in bounded memory, on ${kind}`, () => {
  let server: PictureMemoryServer;
  let database: TestDatabase | null = null;

  beforeAll(async () => {
    let env: Record<string, string> = { DATABASE_URL: '', PGLITE_DUMP: inject('seededPgliteDump') };
    if (kind === 'postgres') {
      database = await openTestDatabase('postgres');
      const { connection } = database.database;
      env = { DATABASE_URL: connection.kind === 'postgres' ? connection.url : '' };
    }
    // Six 81-megapixel decodes in turn take 40 s on a 2-core machine busy with other work; a slower
    // one must not meet the queue's own bounded wait (60 s), which the unit test covers.
    server = await startPictureMemoryServer({ ...env, DECODE_WAIT_MS: String(10 * 60_000) });
    // A shop process started from source (tsx, migrations, the seed) beside the e2e lane and the
    // fuzz suite took CI past the hooks' 60 s.
  }, 240_000);
  afterAll(async () => {
    await server?.close();
    await database?.drop();
  });

  const upload = async (bytes: Buffer, name: string) => {
    const body = multipartBody([{ field: 'file', name, type: 'image/heic', bytes }]);
    const res = await fetch(`${server.url}/m/api/pictures`, {
      method: 'POST',
      headers: { 'content-type': body.contentType },
      body: body.payload,
    });
    const answer = await res.text();
    expect(res.status, answer).toBe(200);
    const cookie = res.headers.get('set-cookie')!.split(';')[0]!;
    const picture = (JSON.parse(answer) as { files: { uuid: string; width: number; height: number }[] })
      .files[0]!;
    return { picture, cookie };
  };

  /** The colour at the middle of each quadrant of a picture's 160-pixel preview, drawn from its master. */
  async function quadrantColours(uuid: string, cookie: string) {
    const res = await fetch(`${server.url}/system/XPhoto.php?uuid=${uuid}&scaleversion=160`, {
      headers: { cookie },
    });
    expect(res.status).toBe(200);
    const { data, info } = await sharp(Buffer.from(await res.arrayBuffer()))
      .resize(2, 2, { kernel: 'nearest' })
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect(info).toMatchObject({ width: 2, height: 2, channels: 3 });
    return [0, 1, 2, 3].map((i) => [...data.subarray(i * 3, i * 3 + 3)]);
  }
  const quadrants = async (uuid: string, cookie: string) =>
    (await quadrantColours(uuid, cookie)).map((colour) => colour.map((v) => Math.round(v / 255)));

  it('decodes in a worker: the server grows by at most 500 MB for one, six at once or one with alpha, and gives it back', async () => {
    // The upload path loaded (multipart, sharp, a decode thread), and that thread ended.
    await upload(SMALL, 'small.heic');
    await sleep(THREAD_IDLE_MS);

    const { baseline } = await server.start();
    const one = await upload(LARGE, 'large.heic');
    const single = await server.stop();
    expect(one.picture).toMatchObject({ width: 9000, height: 9000 });
    // Its master is the picture, upright: red and green above, blue and yellow below.
    expect(await quadrants(one.picture.uuid, one.cookie)).toEqual([
      [1, 0, 0],
      [0, 1, 0],
      [0, 0, 1],
      [1, 1, 0],
    ]);
    const stats = await server.stats();
    expect(stats.workerDecodes).toBe(2);
    expect(stats.libheifOnMainThread).toBe(false);

    await server.start();
    const six = await Promise.all(Array.from({ length: 6 }, (_, i) => upload(LARGE, `large-${i}.heic`)));
    const sixAtOnce = await server.stop();
    for (const { picture } of six) expect(picture).toMatchObject({ width: 9000, height: 9000 });
    expect((await server.stats()).workerDecodes).toBe(8);

    // With an alpha plane: made RGB a band at a time too, and flattened on white.
    await server.start();
    const clear = await upload(LARGE_ALPHA, 'alpha.heic');
    const withAlpha = await server.stop();
    expect(clear.picture).toMatchObject({ width: 9000, height: 9000 });
    const [red, halfGreen, blue, halfYellow] = await quadrantColours(clear.picture.uuid, clear.cookie);
    const near = (colour: number[] | undefined, expected: number[]) => {
      for (const [i, v] of colour!.entries()) {
        expect(Math.abs(v - expected[i]!), JSON.stringify(colour)).toBeLessThanOrEqual(8);
      }
    };
    near(red, [255, 0, 0]);
    near(halfGreen, [128, 255, 128]);
    near(blue, [0, 0, 255]);
    near(halfYellow, [255, 255, 128]);

    await sleep(30_000);
    const settled = await server.rss();
    const mb = (bytes: number) => `${Math.round(bytes / MB)} MB`;
    const figures = {
      baseline: mb(baseline),
      oneAdded: mb(single.peak - baseline),
      sixAdded: mb(sixAtOnce.peak - sixAtOnce.baseline),
      alphaAdded: mb(withAlpha.peak - withAlpha.baseline),
      after30s: mb(settled - baseline),
    };
    expect(single.peak - baseline, JSON.stringify(figures)).toBeLessThanOrEqual(PEAK_ADDED);
    // In turn, not at once: six reach no more than one does (with room for what a thread leaves).
    expect(sixAtOnce.peak - sixAtOnce.baseline, JSON.stringify(figures)).toBeLessThanOrEqual(PEAK_ADDED);
    expect(withAlpha.peak - withAlpha.baseline, JSON.stringify(figures)).toBeLessThanOrEqual(PEAK_ADDED);
    expect(settled - baseline, JSON.stringify(figures)).toBeLessThanOrEqual(SETTLED);
    // 150 s alone; past 300 s beside the e2e suite on a slow day of CI's two cores.
  }, 600_000);
});
