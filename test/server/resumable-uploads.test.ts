/**
 * Resumable uploads (tus 1.0, issue 32): an upload cut mid-piece goes on from the server's offset
 * and becomes a picture as a one-shot upload does, with its pieces on the local disk and in an S3
 * bucket (s3rver); only its session sees or resumes it; a foreign page is refused; a length over
 * the limit or over the day's allowance is refused at creation; unfinished uploads expire by the
 * cleanup job; two instances of the shop on one PostgreSQL never both write (or finish) an upload.
 */
import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pictures, resumableUploads } from '../../server/db/schema.ts';
import { hashToken } from '../../server/services/identity/sessions.ts';
import { RESUMABLE_PREFIX } from '../../server/services/pictures/resumableStores.ts';
import { expireResumable, RESUMABLE_EXPIRY_MS } from '../../server/services/pictures/resumableUploads.ts';
import { SetClock } from '../../shop/clock.ts';
import { cookieOf, startTestApp, type TestApp } from './app-harness.ts';
import { cartOf } from './checkout-helpers.ts';
import { type DatabaseKind, databaseKinds } from './databases.ts';
import { startS3rver, type TestS3 } from './s3rver.ts';

const b64 = (s: string) => Buffer.from(s).toString('base64');
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const MiB = 1024 * 1024;

/** Noise, which JPEG cannot shrink: a photo of `width`×`height` that weighs what a phone's does. */
async function noisePhoto(width: number, height: number): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 3);
  for (let i = 0; i < raw.length; i++) raw[i] = (i * 7919 + (i >> 7) * 31) % 251;
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 100, chromaSubsampling: '4:4:4' })
    .toBuffer();
}

const TUS = { 'Tus-Resumable': '1.0.0' };

function create(base: string, bytes: number, cookie?: string, uploadtype = 'editor') {
  return fetch(`${base}/m/api/uploads`, {
    method: 'POST',
    headers: {
      ...TUS,
      'Upload-Length': String(bytes),
      'Upload-Metadata': `filename ${b64('beach.jpg')},filetype ${b64('image/jpeg')},uploadtype ${b64(uploadtype)}`,
      ...(cookie ? { cookie } : {}),
    },
  });
}

async function offsetOf(base: string, url: string, cookie: string) {
  const res = await fetch(`${base}${url}`, { method: 'HEAD', headers: { ...TUS, cookie } });
  return { status: res.status, offset: Number(res.headers.get('upload-offset')) };
}

interface PatchOptions {
  /** The connection drops after this many bytes of the body, as in a tunnel (answers null). */
  cut?: number;
  /** The rest of the body is held back this long after `pauseAt` bytes (a slow phone). */
  pauseAt?: number;
  pauseMs?: number;
  origin?: string;
}

/** A PATCH of `body` at `offset`: the status and text of its answer, or null when it was cut. */
function patch(
  base: string,
  url: string,
  cookie: string,
  body: Buffer,
  offset: number,
  options: PatchOptions = {},
) {
  return new Promise<{ status: number; text: string } | null>((resolve) => {
    const request = http.request(`${base}${url}`, {
      method: 'PATCH',
      headers: {
        ...TUS,
        cookie,
        'Upload-Offset': String(offset),
        'Content-Type': 'application/offset+octet-stream',
        'Content-Length': String(body.length),
        ...(options.origin ? { origin: options.origin } : {}),
      },
    });
    request.on('error', () =>
      resolve(options.cut === undefined ? { status: 0, text: 'connection lost' } : null),
    );
    request.on('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        text += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode!, text }));
      res.on('error', () => resolve({ status: res.statusCode!, text }));
    });
    if (options.cut !== undefined) {
      request.write(body.subarray(0, options.cut), () => setTimeout(() => request.destroy(), 200));
    } else if (options.pauseAt !== undefined) {
      request.flushHeaders();
      request.write(body.subarray(0, options.pauseAt));
      setTimeout(() => request.end(body.subarray(options.pauseAt)), options.pauseMs ?? 1000);
    } else {
      request.end(body);
    }
  });
}

const stores = ['disk', 's3'] as const;

describe.each(databaseKinds())('resumable uploads on %s', (kind: DatabaseKind) => {
  describe.each(stores)('kept on %s', (where) => {
    let t: TestApp;
    let s3: TestS3 | null = null;
    let base = '';
    const clock = new SetClock(Date.now());
    // Above S3's 5 MiB part: cuts at 20 and 80 % leave an incomplete part in the bucket, the one at
    // 50 % completes a part, so a resume goes through both.
    let photo: Buffer;
    beforeAll(async () => {
      s3 = where === 's3' ? await startS3rver() : null;
      t = await startTestApp(kind, {
        pictureLimits: { maxFileBytes: 16 * MiB },
        requestLimits: { uploadBytesPerAddressDay: 20 * MiB },
        storage: s3?.config,
        clock,
        jobs: { work: true, timing: { pollingIntervalSeconds: 0.5 } },
      });
      base = await t.app.listen({ host: '127.0.0.1', port: 0 });
      photo = await noisePhoto(2400, 1800);
    });
    afterAll(async () => {
      await t?.close();
      await s3?.close();
    });

    /** The names of what is kept for unfinished uploads: files on disk, objects in the bucket. */
    async function kept(): Promise<string[]> {
      if (where === 'disk') return readdirSync(path.join(t.dataDir, 'resumable-uploads'));
      const names: string[] = [];
      for await (const o of t.app.storage.store.list(RESUMABLE_PREFIX))
        names.push(o.key.slice(RESUMABLE_PREFIX.length));
      return names;
    }

    const rowsOf = async (id: string) =>
      t.db.database.db.select().from(resumableUploads).where(eq(resumableUploads.id, id));
    const idOf = (url: string) => url.split('/').at(-1)!;

    it('goes on from the offset after cuts, and the whole becomes a picture in the list, once', async () => {
      expect(photo.length).toBeGreaterThan(10 * MiB);
      const made = await create(base, photo.length);
      expect(made.status).toBe(201);
      const cookie = cookieOf(made.headers.getSetCookie());
      const url = made.headers.get('location')!;
      expect(url).toMatch(/^\/m\/api\/uploads\/[0-9a-f]{32}$/);

      let sent = 0;
      for (const fraction of [0.2, 0.5, 0.8]) {
        const cut = Math.floor(photo.length * fraction) - sent;
        expect(await patch(base, url, cookie, photo.subarray(sent), sent, { cut })).toBeNull();
        const { status, offset } = await offsetOf(base, url, cookie);
        expect(status).toBe(200);
        // What arrived before the cut is kept: nothing is sent twice.
        expect(offset).toBeGreaterThan(sent);
        expect(offset).toBeLessThanOrEqual(Math.floor(photo.length * fraction));
        sent = offset;
      }
      const last = await patch(base, url, cookie, photo.subarray(sent), sent);
      expect(last?.status).toBe(200);
      const answer = JSON.parse(last!.text) as { files: { uuid: string; width: number; height: number }[] };
      expect(answer.files[0]).toMatchObject({ width: 2400, height: 1800 });

      const recent = (await (
        await fetch(`${base}/m/api/user/recent-images`, { headers: { cookie } })
      ).json()) as {
        images: { uuid: string }[];
      };
      expect(recent.images.map((p) => p.uuid)).toEqual([answer.files[0]!.uuid]);
      // The picture is the photo, byte for byte.
      const [row] = await t.db.database.db
        .select()
        .from(pictures)
        .where(eq(pictures.uuid, answer.files[0]!.uuid));
      expect(row!.sha256).toBe(sha256(photo));
      expect(sha256((await t.app.storage.store.get(`pictures/originals/${row!.sha256}`))!)).toBe(
        sha256(photo),
      );
      // Finished: the pieces are gone; the row stays, marked finished, for a client that lost the answer.
      expect(await offsetOf(base, url, cookie)).toEqual({ status: 200, offset: photo.length });
      expect((await rowsOf(idOf(url)))[0]!.finishedAt).not.toBeNull();
      expect((await kept()).filter((name) => name.startsWith(idOf(url)))).toEqual([]);
    });

    it('tells a client whose last answer was lost what its upload became: no second picture or print line', async () => {
      const small = await noisePhoto(600, 400);
      const made = await create(base, small.length, undefined, 'printsorder');
      const cookie = cookieOf(made.headers.getSetCookie());
      const url = made.headers.get('location')!;
      // The last piece arrives and is finished; its answer is "lost" (ignored here).
      expect((await patch(base, url, cookie, small, 0))?.status).toBe(200);
      const session = hashToken(cookie.split('=')[1]!);
      const picturesOfSession = async () =>
        t.db.database.db.select().from(pictures).where(eq(pictures.sessionIdHash, session));
      const [picture] = await picturesOfSession();

      // The next try asks where it is: whole, and what it became.
      const head = await fetch(`${base}${url}`, { method: 'HEAD', headers: { ...TUS, cookie } });
      expect(head.status).toBe(200);
      expect(head.headers.get('upload-offset')).toBe(String(small.length));
      expect(head.headers.get('upload-length')).toBe(String(small.length));
      const result = JSON.parse(
        Buffer.from(head.headers.get('x-print-shop-upload-result')!, 'base64url').toString(),
      ) as { files: { uuid: string }[] };
      expect(result.files[0]!.uuid).toBe(picture!.uuid);

      // A further piece at its end (a client that sends anyway) gets the same answer, makes nothing.
      const again = await patch(base, url, cookie, Buffer.alloc(0), small.length);
      expect(again?.status).toBe(200);
      expect((JSON.parse(again!.text) as { files: { uuid: string }[] }).files[0]!.uuid).toBe(picture!.uuid);
      expect((await offsetOf(base, url, cookie)).offset).toBe(small.length);
      expect(await picturesOfSession()).toHaveLength(1);
      expect((await cartOf(t.app, cookie)).orderLines).toHaveLength(1);

      // Others still do not see it.
      const stranger = cookieOf((await create(base, 10)).headers.getSetCookie());
      expect((await offsetOf(base, url, stranger)).status).toBe(404);

      // It expires with the unfinished ones (no bytes left to remove), once.
      clock.advance(RESUMABLE_EXPIRY_MS + 60_000);
      await expireResumable(t.db.database.db, t.app.storage.resumable.store, clock.now());
      expect(await rowsOf(idOf(url))).toEqual([]);
      expect((await offsetOf(base, url, cookie)).status).toBe(404);
      await expireResumable(t.db.database.db, t.app.storage.resumable.store, clock.now());
      expect(await picturesOfSession()).toHaveLength(1);
    });

    it('is its session’s alone, refuses a foreign page and a length over the limit', async () => {
      const made = await create(base, 1000);
      const cookie = cookieOf(made.headers.getSetCookie());
      const url = made.headers.get('location')!;
      const stranger = cookieOf((await create(base, 10)).headers.getSetCookie());
      expect((await offsetOf(base, url, stranger)).status).toBe(404);
      expect((await patch(base, url, stranger, Buffer.alloc(10), 0))?.status).toBe(404);
      const foreign = await patch(base, url, cookie, Buffer.alloc(10), 0, {
        origin: 'https://elsewhere.example',
      });
      expect(foreign?.status).toBe(403);
      expect((await offsetOf(base, url, cookie)).offset).toBe(0);
      expect((await create(base, 17 * MiB)).status).toBe(413);
      expect((await create(base, 10, undefined, 'nonsense')).status).toBe(400);
    });

    it('refuses bytes that are not a picture when the last piece arrives, keeping nothing', async () => {
      const junk = Buffer.from('not a picture at all, only words');
      const made = await create(base, junk.length);
      const cookie = cookieOf(made.headers.getSetCookie());
      const url = made.headers.get('location')!;
      const last = await patch(base, url, cookie, junk, 0);
      expect(last!.status).toBeGreaterThanOrEqual(400);
      expect(last!.status).toBeLessThan(500);
      const recent = (await (
        await fetch(`${base}/m/api/user/recent-images`, { headers: { cookie } })
      ).json()) as {
        images: unknown[];
      };
      expect(recent.images).toEqual([]);
      expect(await rowsOf(idOf(url))).toEqual([]);
      expect((await kept()).filter((name) => name.startsWith(idOf(url)))).toEqual([]);
    });

    it('counts an upload’s length against the day’s allowance at creation, and refuses one past it', async () => {
      // From an address of its own: the day's bytes are counted per address (plugins/limits.ts).
      const creation = (bytes: number) =>
        t.app.inject({
          method: 'POST',
          url: '/m/api/uploads',
          remoteAddress: '10.32.0.7',
          headers: {
            ...TUS,
            'Upload-Length': String(bytes),
            'Upload-Metadata': `uploadtype ${b64('editor')}`,
          },
        });
      const rowsBefore = (await t.db.database.db.select().from(resumableUploads)).length;
      const keptBefore = (await kept()).length;
      expect((await creation(12 * MiB)).statusCode).toBe(201);
      // 12 MiB are counted before a byte arrives: a second 12 MiB would pass 20 MiB.
      const refused = await creation(12 * MiB);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ code: 'upload_quota' });
      expect(refused.headers['retry-after']).toBeDefined();
      // Nothing behind: no row, no bytes, no session.
      expect(refused.headers['set-cookie']).toBeUndefined();
      expect((await t.db.database.db.select().from(resumableUploads)).length).toBe(rowsBefore + 1);
      expect((await kept()).length).toBe(keptBefore + (where === 'disk' ? 2 : 1));
      // What is left of the allowance is still there.
      expect((await creation(8 * MiB)).statusCode).toBe(201);
      expect((await creation(1)).statusCode).toBe(429);
      // A deferred length would let bytes in uncounted.
      const deferred = await t.app.inject({
        method: 'POST',
        url: '/m/api/uploads',
        headers: { ...TUS, 'Upload-Defer-Length': '1' },
      });
      expect(deferred.statusCode).toBe(400);
    });

    it('removes unfinished uploads a day old, rows and bytes, by the cleanup job', async () => {
      const begin = async () => {
        const made = await create(base, 1000);
        const cookie = cookieOf(made.headers.getSetCookie());
        const url = made.headers.get('location')!;
        expect((await patch(base, url, cookie, Buffer.alloc(400, 7), 0))?.status).toBe(204);
        return { cookie, url, id: idOf(url) };
      };
      const old = await begin();
      expect((await kept()).some((name) => name.startsWith(old.id))).toBe(true);
      clock.advance(RESUMABLE_EXPIRY_MS + 60_000);
      const fresh = await begin();

      await t.app.jobs.cleanupNow();
      await expect
        .poll(async () => (await rowsOf(old.id)).length, { timeout: 20_000, interval: 250 })
        .toBe(0);
      expect((await kept()).filter((name) => name.startsWith(old.id))).toEqual([]);
      expect((await offsetOf(base, old.url, old.cookie)).status).toBe(404);
      // The fresh one is untouched, and resumes.
      expect(await rowsOf(fresh.id)).toHaveLength(1);
      expect(await offsetOf(base, fresh.url, fresh.cookie)).toEqual({ status: 200, offset: 400 });
      // Run again, nothing more goes.
      expect(await expireResumable(t.db.database.db, t.app.storage.resumable.store, clock.now())).toBe(0);
      expect(await rowsOf(fresh.id)).toHaveLength(1);
    });
  });
});

describe.runIf(databaseKinds().includes('postgres'))(
  'one upload sent to two instances of one PostgreSQL',
  () => {
    let a: TestApp;
    let b: TestApp;
    const bases: string[] = [];
    beforeAll(async () => {
      a = await startTestApp('postgres');
      // The second instance: the same database and data folder, as two processes behind a proxy.
      b = await startTestApp('postgres', { database: a.db, dataDir: a.dataDir });
      for (const t of [a, b]) bases.push(await t.app.listen({ host: '127.0.0.1', port: 0 }));
    });
    afterAll(async () => {
      await b?.close();
      await a?.close();
    });

    it('is written by one at a time and ends whole, one picture and one print line', async () => {
      const photo = await noisePhoto(800, 600);
      const made = await create(bases[0]!, photo.length, undefined, 'printsorder');
      expect(made.status).toBe(201);
      const cookie = cookieOf(made.headers.getSetCookie());
      const url = made.headers.get('location')!;
      // The same piece, on both instances at once (a phone whose request to A stalled resumes on B
      // while A still waits for the body): both are at offset 0 before a byte arrives, then both
      // bodies come. One instance must wait for the other; two writers would both finish the upload.
      const first = patch(bases[0]!, url, cookie, photo, 0, { pauseAt: 0, pauseMs: 1500 });
      const second = patch(bases[1]!, url, cookie, photo, 0, { pauseAt: 0, pauseMs: 1500 });
      const answers = await Promise.all([first, second]);
      // Then as a client does: asks how far it is and sends the rest, if any (a finished upload
      // answers its whole length, and a piece at its end the same answer again).
      const { status, offset } = await offsetOf(bases[1]!, url, cookie);
      expect(status).toBe(200);
      const rest = await patch(bases[1]!, url, cookie, photo.subarray(offset), offset);
      answers.push(rest);
      const finished = answers.filter((answer) => answer?.status === 200);
      expect(finished.length, JSON.stringify(answers)).toBeGreaterThanOrEqual(1);
      const named = new Set(
        finished.map((answer) => (JSON.parse(answer!.text) as { files: { uuid: string }[] }).files[0]!.uuid),
      );
      expect(named.size).toBe(1);

      const session = hashToken(cookie.split('=')[1]!);
      const rows = await a.db.database.db.select().from(pictures).where(eq(pictures.sessionIdHash, session));
      expect(rows).toHaveLength(1);
      expect(rows[0]!.sha256).toBe(sha256(photo));
      expect(sha256((await a.app.storage.store.get(`pictures/originals/${rows[0]!.sha256}`))!)).toBe(
        sha256(photo),
      );
      expect((await cartOf(a.app, cookie)).orderLines).toHaveLength(1);
    });

    it('has a stalled request on one instance let go when the other asks', async () => {
      const photo = await noisePhoto(400, 300);
      const made = await create(bases[0]!, photo.length);
      const cookie = cookieOf(made.headers.getSetCookie());
      const url = made.headers.get('location')!;
      // A holds the upload and sends nothing (a connection gone quiet in a tunnel)...
      const stalled = patch(bases[0]!, url, cookie, photo, 0, { pauseAt: 0, pauseMs: 8000 });
      await new Promise((resolve) => setTimeout(resolve, 300));
      // ...and the phone, back on the network, resumes on B: B asks A to let go (NOTIFY), and A stops
      // after tus's drain time (3 s) instead of B waiting out the lock's 30 s.
      const started = Date.now();
      const resumed = await patch(bases[1]!, url, cookie, photo, 0);
      expect(resumed?.status, resumed?.text).toBe(200);
      expect(Date.now() - started).toBeLessThan(7000);
      await stalled;
    });
  },
);
