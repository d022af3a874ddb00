/**
 * Resumable uploads (tus 1.0, issue 32): an upload cut mid-piece goes on from the server's offset
 * and becomes a picture as a one-shot upload does; only its session sees or resumes it; a foreign
 * page is refused; a length over the limit is refused at creation.
 */
import http from 'node:http';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieOf, startTestApp, type TestApp } from './app-harness.ts';
import { type DatabaseKind, databaseKinds } from './databases.ts';

const b64 = (s: string) => Buffer.from(s).toString('base64');

describe.each(databaseKinds())('resumable uploads on %s', (kind: DatabaseKind) => {
  let t: TestApp;
  let base = '';
  beforeAll(async () => {
    t = await startTestApp(kind, { pictureLimits: { maxFileBytes: 2 * 1024 * 1024 } });
    base = await t.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    await t?.close();
  });

  const tus = { 'Tus-Resumable': '1.0.0' };
  async function create(bytes: number, cookie?: string, uploadtype = 'editor') {
    return fetch(`${base}/m/api/uploads`, {
      method: 'POST',
      headers: {
        ...tus,
        'Upload-Length': String(bytes),
        'Upload-Metadata': `filename ${b64('beach.jpg')},filetype ${b64('image/jpeg')},uploadtype ${b64(uploadtype)}`,
        ...(cookie ? { cookie } : {}),
      },
    });
  }
  const offsetOf = async (url: string, cookie: string) => {
    const res = await fetch(`${base}${url}`, { method: 'HEAD', headers: { ...tus, cookie } });
    return { status: res.status, offset: Number(res.headers.get('upload-offset')) };
  };
  /** A PATCH whose connection drops after `cut` bytes of its body: what a tunnel does. */
  const cutPatch = (url: string, cookie: string, body: Buffer, offset: number, cut: number) =>
    new Promise<void>((resolve) => {
      const request = http.request(`${base}${url}`, {
        method: 'PATCH',
        headers: {
          ...tus,
          cookie,
          'Upload-Offset': String(offset),
          'Content-Type': 'application/offset+octet-stream',
          'Content-Length': String(body.length),
        },
      });
      request.on('error', () => resolve());
      request.on('response', () => resolve());
      request.write(body.subarray(0, cut), () => setTimeout(() => request.destroy(), 200));
    });
  const patch = (url: string, cookie: string, body: Buffer, offset: number) =>
    fetch(`${base}${url}`, {
      method: 'PATCH',
      headers: {
        ...tus,
        cookie,
        'Upload-Offset': String(offset),
        'Content-Type': 'application/offset+octet-stream',
      },
      body: new Uint8Array(body),
    });

  it('goes on from the offset after cuts, and the whole becomes a picture in the list, once', async () => {
    // Noise compresses badly: a JPEG of a few hundred KB.
    const raw = Buffer.alloc(600 * 400 * 3);
    for (let i = 0; i < raw.length; i++) raw[i] = (i * 7919) % 251;
    const photo = await sharp(raw, { raw: { width: 600, height: 400, channels: 3 } })
      .jpeg()
      .toBuffer();
    const made = await create(photo.length);
    expect(made.status).toBe(201);
    const cookie = cookieOf(made.headers.getSetCookie());
    const url = made.headers.get('location')!;
    expect(url).toMatch(/^\/m\/api\/uploads\/[0-9a-f]{32}$/);

    let sent = 0;
    for (const fraction of [0.2, 0.5, 0.8]) {
      await cutPatch(url, cookie, photo.subarray(sent), sent, Math.floor(photo.length * fraction) - sent);
      const { status, offset } = await offsetOf(url, cookie);
      expect(status).toBe(200);
      // What arrived before the cut is kept: nothing is sent twice.
      expect(offset).toBeGreaterThan(sent);
      expect(offset).toBeLessThanOrEqual(Math.floor(photo.length * fraction));
      sent = offset;
    }
    const last = await patch(url, cookie, photo.subarray(sent), sent);
    expect(last.status).toBe(200);
    const answer = (await last.json()) as { files: { uuid: string; width: number; height: number }[] };
    expect(answer.files[0]).toMatchObject({ width: 600, height: 400 });

    const recent = (await (
      await fetch(`${base}/m/api/user/recent-images`, { headers: { cookie } })
    ).json()) as {
      images: { uuid: string }[];
    };
    expect(recent.images.map((p) => p.uuid)).toEqual([answer.files[0]!.uuid]);
    // Finished: the upload is gone; its picture stays.
    expect((await offsetOf(url, cookie)).status).toBe(404);
  });

  it('is its session’s alone, refuses a foreign page and a length over the limit', async () => {
    const made = await create(1000);
    const cookie = cookieOf(made.headers.getSetCookie());
    const url = made.headers.get('location')!;
    const stranger = cookieOf((await create(10)).headers.getSetCookie());
    expect((await offsetOf(url, stranger)).status).toBe(404);
    expect((await patch(url, stranger, Buffer.alloc(10), 0)).status).toBe(404);
    const foreign = await fetch(`${base}${url}`, {
      method: 'PATCH',
      headers: {
        ...tus,
        cookie,
        origin: 'https://elsewhere.example',
        'Upload-Offset': '0',
        'Content-Type': 'application/offset+octet-stream',
      },
      body: new Uint8Array(10),
    });
    expect(foreign.status).toBe(403);
    expect((await offsetOf(url, cookie)).offset).toBe(0);
    expect((await create(3 * 1024 * 1024)).status).toBe(413);
    expect((await create(10, undefined, 'nonsense')).status).toBe(400);
  });

  it('refuses bytes that are not a picture when the last piece arrives, keeping nothing', async () => {
    const junk = Buffer.from('not a picture at all, only words');
    const made = await create(junk.length);
    const cookie = cookieOf(made.headers.getSetCookie());
    const url = made.headers.get('location')!;
    const last = await patch(url, cookie, junk, 0);
    expect(last.status).toBeGreaterThanOrEqual(400);
    expect(last.status).toBeLessThan(500);
    const recent = (await (
      await fetch(`${base}/m/api/user/recent-images`, { headers: { cookie } })
    ).json()) as {
      images: unknown[];
    };
    expect(recent.images).toEqual([]);
  });
});
