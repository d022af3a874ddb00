import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Template } from '../../engine/template.ts';
import { startTestApp, type TestApp } from './app-harness.ts';
import { type DatabaseKind, databaseKinds } from './databases.ts';
import { uploadPhoto } from './multipart.ts';

/** Pixels of the JPEG within 24 of the colour in every channel. */
async function pixelsNear(jpeg: Buffer, [r, g, b]: [number, number, number]): Promise<number> {
  const { data, info } = await sharp(jpeg).raw().toBuffer({ resolveWithObject: true });
  let count = 0;
  for (let i = 0; i < data.length; i += info.channels) {
    if (Math.abs(data[i]! - r) < 24 && Math.abs(data[i + 1]! - g) < 24 && Math.abs(data[i + 2]! - b) < 24)
      count += 1;
  }
  return count;
}

const RED: [number, number, number] = [0xd0, 0x20, 0x30];

describe.each(databaseKinds())("'View with own pictures' previews on %s", (kind: DatabaseKind) => {
  let t: TestApp;
  let app: FastifyInstance;
  let cookieA: string;
  let cookieB: string;
  let pictureA: string;
  let pictureA2: string;
  let card: Template;
  const url = (pictures: string, width = 320) =>
    `/m/api/templates/by-uuid/${card.uuid}/own-preview.jpg?pictures=${pictures}&width=${width}`;

  const upload = async (cookie: string | null, colour: string) => {
    const { picture, cookie: session } = await uploadPhoto(app, {
      width: 1200,
      height: 900,
      background: colour,
      cookie,
    });
    return { uuid: picture.uuid, cookie: session };
  };

  beforeAll(async () => {
    t = await startTestApp(kind);
    app = t.app;
    ({ uuid: pictureA, cookie: cookieA } = await upload(null, '#d02030'));
    ({ uuid: pictureA2 } = await upload(cookieA, '#20d030'));
    ({ cookie: cookieB } = await upload(null, '#3a7bd5'));
    const cards = (await app.inject({ url: '/m/api/templates/cards' })).json() as Template[];
    card = cards.find((c) => c.name.en_GB === 'Balloon party')!;
  });
  afterAll(async () => {
    await t?.close();
  });

  it("draws the template's first page with the shopper's picture in it, for its owner", async () => {
    const res = await app.inject({ url: url(pictureA), headers: { cookie: cookieA } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers['cache-control']).toBe('private, no-cache');
    const meta = await sharp(res.rawPayload).metadata();
    expect(meta.width).toBe(320);
    expect(meta.height).toBe(Math.round((320 * card.dimensions.height) / card.dimensions.width));
    expect(await pixelsNear(res.rawPayload, RED)).toBeGreaterThan(2000);
    // The shopper's red picture fills the photo slot (the next test shows another picture replacing it).
  });

  it('is cached by its content: the same drawing answers 304, other pictures or widths another ETag', async () => {
    const first = await app.inject({ url: url(pictureA), headers: { cookie: cookieA } });
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[0-9a-f]{64}"$/);
    const again = await app.inject({
      url: url(pictureA),
      headers: { cookie: cookieA, 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    const other = await app.inject({ url: url(`${pictureA2},${pictureA}`), headers: { cookie: cookieA } });
    expect(other.statusCode).toBe(200);
    expect(other.headers.etag).not.toBe(etag);
    // The first picture given goes into the first slot: green now, not red.
    expect(await pixelsNear(other.rawPayload, [0x20, 0xd0, 0x30])).toBeGreaterThan(2000);
    expect(card.numUserImages).toBe(1);
    // The card's art has some red of its own; the shopper's red picture is gone from the slot.
    const redGone = (await pixelsNear(first.rawPayload, RED)) - (await pixelsNear(other.rawPayload, RED));
    expect(redGone).toBeGreaterThan(2000);
    const narrow = await app.inject({ url: url(pictureA, 100), headers: { cookie: cookieA } });
    expect((await sharp(narrow.rawPayload).metadata()).width).toBe(160);
    expect(narrow.headers.etag).not.toBe(etag);
  });

  it('is drawn in the preview worker thread, not on the event loop', async () => {
    const before = app.previewPool.drawn();
    const res = await app.inject({ url: url(pictureA, 640), headers: { cookie: cookieA } });
    expect(res.statusCode).toBe(200);
    expect(app.previewPool.drawn()).toBe(before + 1);
  });

  it('draws a few widths only: any width asked for is answered at the next bucket up, drawn once', async () => {
    const asked = [161, 200, 255, 300, 319, 320];
    const answers = await Promise.all(
      asked.map((width) => app.inject({ url: url(pictureA, width), headers: { cookie: cookieA } })),
    );
    const etags = new Set(answers.map((a) => a.headers.etag));
    expect(etags.size).toBe(1);
    for (const a of answers) expect((await sharp(a.rawPayload).metadata()).width).toBe(320);
    const widest = await app.inject({ url: url(pictureA, 1279), headers: { cookie: cookieA } });
    expect((await sharp(widest.rawPayload).metadata()).width).toBe(1280);
  });

  it("never draws another shopper's picture: not found, as if it did not exist", async () => {
    const stranger = await app.inject({ url: url(pictureA), headers: { cookie: cookieB } });
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json()).toMatchObject({ error: expect.stringContaining(pictureA) });
    const anonymous = await app.inject({ url: url(pictureA) });
    expect(anonymous.statusCode).toBe(404);
    const mixed = await app.inject({ url: url(`${pictureA},${pictureA2}`), headers: { cookie: cookieB } });
    expect(mixed.statusCode).toBe(404);
  });

  it('refuses bad input with a 4xx and a message', async () => {
    const cases: [string, number][] = [
      [`/m/api/templates/by-uuid/${card.uuid}/own-preview.jpg`, 400],
      [url('not-a-uuid'), 400],
      [url(''), 400],
      [url(Array.from({ length: 25 }, () => pictureA).join(',')), 400],
      [url(pictureA, 5000), 400],
      [url(pictureA, 0), 400],
      [
        `/m/api/templates/by-uuid/00000000-0000-4000-8000-000000000000/own-preview.jpg?pictures=${pictureA}`,
        404,
      ],
      [`/m/api/templates/by-uuid/nope/own-preview.jpg?pictures=${pictureA}`, 400],
    ];
    for (const [address, status] of cases) {
      const res = await app.inject({ url: address, headers: { cookie: cookieA } });
      expect(res.statusCode, address).toBe(status);
      expect(typeof (res.json() as { error: unknown }).error, address).toBe('string');
    }
  });
});
