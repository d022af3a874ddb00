/**
 * Orders become print files (issue 14), on PGlite and PostgreSQL: the job queued with the order, the
 * print JPEGs and template PDFs checked with sharp and Debian's PDF tools, the manifest, a missing
 * picture failing its order readably.
 */
import { createHash } from 'node:crypto';
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Template } from '../../engine/template.ts';
import { pictures } from '../../server/db/schema.ts';
import type { Product } from '../../shop/contract.ts';
import { startTestApp, type TestApp } from './app-harness.ts';
import { type DatabaseKind, databaseKinds } from './databases.ts';
import { uploadPhoto } from './multipart.ts';
import {
  cartOf,
  colourAt,
  near,
  orderRow,
  placeOrder,
  producedManifest,
  QUADRANTS,
  quadrantPicture,
  run,
  uploadPrintPictures,
} from './production-helpers.ts';

const FAST = { pollingIntervalSeconds: 0.5, retryDelay: 1, retryLimit: 1, superviseIntervalSeconds: 1 };
const PT_PER_MM = 72 / 25.4;

describe.each(databaseKinds())('production on %s', (kind: DatabaseKind) => {
  let t: TestApp;
  let app: FastifyInstance;

  beforeAll(async () => {
    t = await startTestApp(kind, { jobs: { work: true, timing: FAST } });
    app = t.app;
  });
  afterAll(async () => {
    await t?.close();
  });

  const db = () => t.db.database.db;
  const file = (orderUuid: string, name: string) => path.join(t.dataDir, 'production', orderUuid, name);

  // A 300 dpi JPEG and a PDF with bleed rendered for real: about 10 s alone, over 30 s on a 2-core CI
  // machine busy with other test files.
  it('an order with a print and a card becomes a JPEG, a PDF and a manifest', async () => {
    const cookie = await uploadPrintPictures(app, [
      { name: 'quadrants.jpg', bytes: await quadrantPicture(1800, 1200) },
    ]);
    const [print] = (await cartOf(app, cookie)).orderLines;
    // The print editor's crop: the top right quadrant only (the paper is turned landscape like the photo).
    const put = await app.inject({
      method: 'PUT',
      url: `/m/api/webshop/cart/${print!.uuid}`,
      headers: { cookie },
      payload: {
        uuid: print!.uuid,
        product: print!.product,
        quantity: 3,
        image: { filter: 'original', cropRect: { x: 0.5, y: 0, width: 0.5, height: 0.5 } },
      },
    });
    expect(put.statusCode).toBe(200);

    const cards = (await app.inject({ url: '/m/api/templates/cards' })).json() as Template[];
    const card = cards.find((c) => c.name.en_GB === 'Balloon party')!;
    const products = ((await app.inject({ url: '/m/api/products' })).json() as { products: Product[] })
      .products;
    const cardProduct = products.find((p) => p.uuid === card.product.uuid)!;
    const { picture } = await uploadPhoto(app, { width: 3600, height: 2700, background: '#3a7bd5', cookie });
    const added = await app.inject({
      method: 'POST',
      url: '/m/api/webshop/cart',
      headers: { cookie },
      payload: {
        product: { uuid: cardProduct.uuid },
        subProductUuids: [],
        quantity: 2,
        template: {
          uuid: card.uuid,
          resources: [
            {
              fullId: 'photo',
              type: 'IMAGE',
              image: { uuid: picture.uuid, rotation: 0, cropRect: { x: 0, y: 0.1, width: 1, height: 0.8 } },
            },
            { fullId: 'greeting', type: 'STRING', font: { text: 'Happy day, Anna' } },
          ],
          year: new Date().getFullYear(),
        },
      },
    });
    expect(added.statusCode).toBe(200);

    const orderUuid = await placeOrder(app, cookie);
    const { row, manifest } = await producedManifest(db(), t.dataDir, orderUuid);
    expect(row.productionError).toBeNull();
    expect(row.productionStatus).toBe('ready');
    expect(manifest).toMatchObject({
      orderUuid,
      reference: orderUuid.slice(0, 8),
      status: 'ready',
      error: null,
    });
    expect(Date.parse(manifest.finishedAt!)).toBeGreaterThanOrEqual(Date.parse(manifest.createdAt));
    expect(manifest.lines.map((l) => l.kind).sort()).toEqual(['card', 'print']);

    // Every listed file is there, whole: its hash and size are the bytes on disk.
    for (const line of manifest.lines) {
      for (const f of line.files) {
        const bytes = await readFile(file(orderUuid, f.name));
        expect(bytes.length).toBe(f.bytes);
        expect(createHash('sha256').update(bytes).digest('hex')).toBe(f.sha256);
      }
    }

    const printLine = manifest.lines.find((l) => l.kind === 'print')!;
    expect(printLine.quantity).toBe(3);
    expect(printLine.files).toHaveLength(1);
    const jpegEntry = printLine.files[0]!;
    expect(jpegEntry.dpi).toBe(300);
    const jpeg = await readFile(file(orderUuid, jpegEntry.name));
    const meta = await sharp(jpeg).metadata();
    expect(meta.format).toBe('jpeg');
    expect(meta.density).toBe(300);
    expect(meta.icc).toBeInstanceOf(Buffer);
    // The physical size from the product, turned landscape: 300 dpi of its millimetres.
    expect(Math.max(jpegEntry.widthMm, jpegEntry.heightMm)).toBeGreaterThan(
      Math.min(jpegEntry.widthMm, jpegEntry.heightMm),
    );
    expect(meta.width).toBe(Math.round((jpegEntry.widthMm / 25.4) * 300));
    expect(meta.height).toBe(Math.round((jpegEntry.heightMm / 25.4) * 300));
    expect(meta.width).toBeGreaterThan(meta.height!);
    // It shows the crop: the top right quadrant fills the print.
    for (const [fx, fy] of [
      [0.2, 0.2],
      [0.8, 0.8],
      [0.5, 0.5],
    ] as const) {
      expect(near(await colourAt(jpeg, fx, fy), QUADRANTS.topRight)).toBe(true);
    }

    const cardLine = manifest.lines.find((l) => l.kind === 'card')!;
    expect(cardLine.quantity).toBe(2);
    const pdfEntry = cardLine.files[0]!;
    expect(pdfEntry.name).toMatch(/\.pdf$/);
    const pdfPath = file(orderUuid, pdfEntry.name);
    await run('qpdf', ['--check', pdfPath]);
    const { stdout: boxes } = await run('pdfinfo', ['-box', '-f', '1', '-l', '1', pdfPath]);
    const box = (name: string) =>
      boxes
        .match(new RegExp(`Page +1 ${name}: +([\\d.\\s-]+)`))![1]!
        .trim()
        .split(/\s+/)
        .map(Number);
    const trim = box('TrimBox');
    const bleed = box('BleedBox');
    const media = box('MediaBox');
    expect(media).toEqual(bleed);
    for (const i of [0, 1]) expect(trim[i]! - bleed[i]!).toBeCloseTo(3 * PT_PER_MM, 1);
    for (const i of [2, 3]) expect(bleed[i]! - trim[i]!).toBeCloseTo(3 * PT_PER_MM, 1);
    expect((trim[2]! - trim[0]!) / PT_PER_MM).toBeCloseTo(pdfEntry.widthMm, 0);
    const { stdout: fonts } = await run('pdffonts', [pdfPath]);
    const fontRows = fonts.split('\n').slice(2).filter(Boolean);
    for (const f of fontRows) expect(f).toMatch(/\byes\b/); // emb column
    const { stdout: images } = await run('pdfimages', ['-list', pdfPath]);
    const imageRows = images.split('\n').slice(2).filter(Boolean);
    expect(imageRows.length).toBeGreaterThan(0);
    for (const r of imageRows) {
      const cols = r.trim().split(/\s+/);
      // x-ppi and y-ppi are the 13th and 14th columns of pdfimages -list.
      expect(Number(cols[12])).toBeGreaterThanOrEqual(300);
      expect(Number(cols[13])).toBeGreaterThanOrEqual(300);
    }
  }, 90_000);

  it('a picture missing from the store fails its order with a readable error and marks nothing ready', async () => {
    const cookie = await uploadPrintPictures(app, [
      { name: 'gone.jpg', bytes: await quadrantPicture(600, 400) },
    ]);
    const [line] = (await cartOf(app, cookie)).orderLines;
    // The stored original of this line's picture vanishes before production gets to it.
    const uuid = line!.files[0]!.uuid;
    const [pic] = await db().select().from(pictures).where(eq(pictures.uuid, uuid));
    await rm(path.join(t.dataDir, 'pictures', 'originals', pic!.sha256), { force: true });
    await rm(path.join(t.dataDir, 'pictures', 'originals', `${pic!.sha256}.master.jpg`), { force: true });
    const orderUuid = await placeOrder(app, cookie);
    const { row: order, manifest } = await producedManifest(db(), t.dataDir, orderUuid);
    expect(order.productionStatus).toBe('failed');
    expect(order.productionError).toMatch(/gone\.jpg.*missing|missing.*gone\.jpg/);
    expect(manifest.status).toBe('failed');
    expect(manifest.error).toBe(order.productionError);
    expect(manifest.lines).toEqual([]);
    // The shopper's order is kept, receipt and all.
    const receipt = await app.inject({ url: `/m/api/order/${orderUuid}/receipt`, headers: { cookie } });
    expect(receipt.statusCode).toBe(200);
    expect((await orderRow(db(), orderUuid)).uuid).toBe(orderUuid);
  });

  it('a corrupt picture is retried, then fails its order with the picture named, never a file marked ready', async () => {
    const cookie = await uploadPrintPictures(app, [
      { name: 'broken.jpg', bytes: await quadrantPicture(600, 400) },
    ]);
    const [line] = (await cartOf(app, cookie)).orderLines;
    const [pic] = await db().select().from(pictures).where(eq(pictures.uuid, line!.files[0]!.uuid));
    await writeFile(path.join(t.dataDir, 'pictures', 'originals', pic!.sha256), 'not a picture at all');
    const orderUuid = await placeOrder(app, cookie);
    const { row: order, manifest } = await producedManifest(db(), t.dataDir, orderUuid);
    expect(order.productionStatus).toBe('failed');
    // The first attempt and its one retry (FAST.retryLimit), then it gave up.
    expect(order.productionAttempts).toBe(FAST.retryLimit + 1);
    expect(order.productionError).toMatch(/The picture broken\.jpg could not be printed/);
    expect(manifest).toMatchObject({ status: 'failed', error: order.productionError, lines: [] });
  });
});
