/**
 * Photo books from the shopper's pictures (issue 33): POST /m/api/photobooks/autocreate starts a
 * pg-boss job; GET …/{job} tells how far it is and answers, once done, the very body the editor would
 * POST to /m/api/webshop/cart. Near-duplicates and a blurred picture are left out and listed; the
 * pages follow the capture times; only the session that asked sees the job.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isValidPageCount } from '../../engine/index.ts';
import type { AutocreateAnswer, TemplateLineAdd } from '../../shop/index.ts';
import { cookieOf, startTestApp, type TestApp } from './app-harness.ts';
import { databaseKinds } from './databases.ts';
import { multipartBody } from './multipart.ts';
import { cartOf, waitFor } from './production-helpers.ts';

const FAST = { pollingIntervalSeconds: 0.5, retryDelay: 1, retryLimit: 1, superviseIntervalSeconds: 1 };
const BOOK_UPLOAD =
  '/system/iframes/upload_internal.php?handleuploads=1&interface=HTML&redirect=&uploadtype=photobook&json=1&thumbnails=640';

/** EXIF's own date form, 'YYYY:MM:DD HH:MM:SS', of a time this many hours after the start. */
function exifTime(start: Date, hours: number): string {
  const t = new Date(start.getTime() + hours * 3_600_000);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${t.getUTCFullYear()}:${p(t.getUTCMonth() + 1)}:${p(t.getUTCDate())} ${p(t.getUTCHours())}:${p(t.getUTCMinutes())}:${p(t.getUTCSeconds())}`;
}

/** A picture of coloured blocks (sharp edges, a hash of its own), seeded; landscape or portrait. */
async function blocks(seed: number, portrait: boolean) {
  const [w, h] = portrait ? [6, 8] : [8, 6];
  const raw = Buffer.alloc(w * h * 3);
  let s = seed * 2654435761 || 1;
  for (let i = 0; i < raw.length; i++) {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    raw[i] = s & 0xff;
  }
  return sharp(raw, { raw: { width: w, height: h, channels: 3 } }).resize(w * 60, h * 60, {
    kernel: 'nearest',
  });
}

describe.each(databaseKinds())('photo book auto-create, on %s', (kind) => {
  let t: TestApp;
  let cookie: string;
  let template: { uuid: string; product: { uuid: string } };
  const start = new Date(Date.UTC(new Date().getUTCFullYear() - 1, 6, 1, 9));
  /** Upload order → capture hour: shuffled, and a two-day gap before the last six (a chapter). */
  const hours = [5, 1, 3, 0, 2, 4, 7, 6, 9, 8, 11, 10, 13, 12, 15, 14, 17, 16, 66, 65, 68, 67, 70, 69];
  const uuids: string[] = [];
  let duplicate: string;
  let blurred: string;
  let sharper: string;

  async function upload(bytes: Buffer, name: string) {
    const body = multipartBody([{ field: 'images[]', name, bytes }]);
    const res = await t.app.inject({
      method: 'POST',
      url: BOOK_UPLOAD,
      headers: { 'content-type': body.contentType, ...(cookie ? { cookie } : {}) },
      payload: body.payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    cookie ||= cookieOf(res.headers['set-cookie']);
    return (res.json() as { files: { uuid: string }[] }).files[0]!.uuid;
  }

  /** Asks for a book of these pictures, as a session, of a template (the book's by default). */
  const ask = (pictures: string[], as = cookie, of = template.uuid) =>
    t.app.inject({
      method: 'POST',
      url: '/m/api/photobooks/autocreate',
      headers: { cookie: as },
      payload: { template: of, pictures },
    });

  const status = async (job: string, as = cookie) =>
    t.app.inject({ url: `/m/api/photobooks/autocreate/${job}`, headers: { cookie: as } });

  beforeAll(async () => {
    // The queues poll only every 5 minutes here: a book is made at once because asking for it wakes
    // its queue (Jobs.wakePhotobook), not because a poll came by.
    t = await startTestApp(kind, { jobs: { work: true, timing: { ...FAST, pollingIntervalSeconds: 300 } } });
    cookie = '';
    for (const [i, hour] of hours.entries()) {
      const image = await blocks(i + 1, i % 3 === 0);
      const bytes = await image
        .withExifMerge({ IFD2: { DateTimeOriginal: exifTime(start, hour) } })
        .jpeg()
        .toBuffer();
      uuids.push(await upload(bytes, `IMG_${1000 + i}.JPG`));
    }
    // A second shot of picture 3 a few seconds later, slightly smaller and softer: a near-duplicate.
    const again = await (await blocks(3, false))
      .resize(470, 350)
      .blur(1.2)
      .withExifMerge({ IFD2: { DateTimeOriginal: exifTime(start, hours[2]! + 0.001) } })
      .jpeg({ quality: 70 })
      .toBuffer();
    duplicate = await upload(again, 'IMG_2000.JPG');
    sharper = uuids[2]!;
    // A picture of its own, shaken: far softer than the rest.
    blurred = await upload(await (await blocks(99, false)).blur(12).jpeg().toBuffer(), 'IMG_3000.JPG');
    const list = (await t.app.inject({ url: '/m/api/templates/photobooks' })).json() as {
      uuid: string;
      product: { uuid: string };
      type: string;
    }[];
    template = list.find((x) => x.type === 'PHOTOBOOK')!;
    expect(template).toBeDefined();
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('makes no print line for a picture uploaded for a book', async () => {
    expect((await cartOf(t.app, cookie)).orderLines).toHaveLength(0);
  });

  it('makes the book: the design is the cart line’s body, in capture order, the duplicate and the blurred left out', async () => {
    const asked = [...uuids, duplicate, blurred];
    const res = await ask(asked);
    expect(res.statusCode, res.body).toBe(200);
    const { job } = res.json() as { job: string };
    const seen: number[] = [];
    const done = await waitFor(
      'the book to be made',
      async () => {
        const answer = (await status(job)).json() as AutocreateAnswer;
        seen.push(answer.progress);
        return answer.status === 'done' || answer.status === 'failed' ? answer : null;
      },
      90_000,
    );
    expect(done.status).toBe('done');
    expect(done.progress).toBe(1);
    // The bar only moves forward.
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    expect(done.dropped).toEqual(
      expect.arrayContaining([
        { uuid: duplicate, reason: 'duplicate' },
        { uuid: blurred, reason: 'blurred' },
      ]),
    );
    expect(done.dropped.map((d) => d.uuid)).not.toContain(sharper);

    const design = done.design as TemplateLineAdd;
    expect(design.product.uuid).toBe(template.product.uuid);
    expect(design.template.uuid).toBe(template.uuid);
    const pages = design.template.bookPages!;
    // Every kept picture placed once, none of the dropped.
    const onPages = (r: (typeof design.template.resources)[number]) =>
      pages.some((p) => r.fullId!.startsWith(`${p.id}:`));
    const placed = design.template.resources.flatMap((r) =>
      r.type === 'IMAGE' && r.image && onPages(r) ? [r.image.uuid] : [],
    );
    expect([...placed].sort()).toEqual([...uuids].sort());
    // The cover shows one of the book's pictures.
    const cover = design.template.resources.filter((r) => r.type === 'IMAGE' && !onPages(r));
    expect(cover.length).toBeGreaterThan(0);
    for (const r of cover) expect(uuids).toContain(r.type === 'IMAGE' ? r.image?.uuid : null);
    // In capture order: the page of each picture never goes back in time.
    const pageOf = new Map<string, number>();
    for (const r of design.template.resources) {
      if (r.type === 'IMAGE' && r.image)
        pageOf.set(
          r.image.uuid,
          pages.findIndex((p) => r.fullId!.startsWith(`${p.id}:`)),
        );
    }
    const byTime = uuids.map((uuid, i) => ({ uuid, hour: hours[i]! })).sort((a, b) => a.hour - b.hour);
    const pagesInTime = byTime.map((p) => pageOf.get(p.uuid)!);
    expect(pagesInTime).toEqual([...pagesInTime].sort((a, b) => a - b));

    // The body the editor would send: the cart takes it as it is, one line.
    const added = await t.app.inject({
      method: 'POST',
      url: '/m/api/webshop/cart',
      headers: { cookie },
      payload: design,
    });
    expect(added.statusCode, added.body).toBe(200);
    expect((await cartOf(t.app, cookie)).orderLines).toHaveLength(1);
  }, 120_000);

  it('has its page count within the product’s range and step', async () => {
    const res = await ask(uuids);
    const { job } = res.json() as { job: string };
    const done = await waitFor('the book', async () => {
      const a = (await status(job)).json() as AutocreateAnswer;
      return a.status === 'done' ? a : null;
    });
    // The template's product's page rules, as the shop answers them.
    const { products } = (await t.app.inject({ url: '/m/api/products' })).json() as {
      products: { uuid: string; photobook?: { pages: { min: number; max: number; step: number } } }[];
    };
    const rules = products.find((p) => p.uuid === template.product.uuid)!.photobook!.pages;
    const count = done.design!.template.bookPages!.length;
    expect(isValidPageCount(count, { minPages: rules.min, maxPages: rules.max, pageStep: rules.step })).toBe(
      true,
    );
  }, 120_000);

  it('answers only the session that asked, and refuses what is not the shopper’s or not a book', async () => {
    const res = await ask(uuids);
    const { job } = res.json() as { job: string };
    // A stranger (a session of their own, with a picture of their own) is told there is no such book.
    const body = multipartBody([
      { field: 'images[]', name: 'mine.jpg', bytes: await (await blocks(500, false)).jpeg().toBuffer() },
    ]);
    const theirUpload = await t.app.inject({
      method: 'POST',
      url: BOOK_UPLOAD,
      headers: { 'content-type': body.contentType },
      payload: body.payload,
    });
    const stranger = cookieOf(theirUpload.headers['set-cookie']);
    expect((await status(job, stranger)).statusCode).toBe(404);
    // The stranger cannot make a book of this shopper's pictures.
    const theirs = await ask(uuids, stranger);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toMatchObject({ code: 'photobook_pictures_unknown' });
    // Too few pictures, a picture twice, and a card's template.
    const few = await ask(uuids.slice(0, 5));
    expect(few.statusCode).toBe(400);
    const twice = await ask([...uuids.slice(0, 20), uuids[0]!]);
    expect(twice.statusCode).toBe(400);
    const cards = (await t.app.inject({ url: '/m/api/templates/cards' })).json() as { uuid: string }[];
    const card = await ask(uuids, cookie, cards[0]!.uuid);
    expect(card.statusCode).toBe(404);
    expect(card.json()).toMatchObject({ code: 'not_a_photobook' });
  }, 60_000);
});
