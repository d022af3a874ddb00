/**
 * Crops that keep faces (issue 32): a print line whose crop is the shop's carries the suggestion once
 * the analysis has recorded the picture's regions, and its print file shows the faces; a picture not
 * analysed prints the centred crop; a crop the shopper set is never moved.
 *
 * The analysis job's own work records the regions (analyseStoredPicture), with the detector replaced
 * by the boxes the painted "faces" were drawn at, so the test needs no detector; the queue itself is
 * not worked here, so a picture stays unanalysed until the test says.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CropRect } from '../../engine/image.ts';
import type { PictureRegions, RegionBox } from '../../engine/pictureRegions.ts';
import { QUEUES } from '../../server/production/jobs.ts';
import { analyseStoredPicture, setPictureRegions } from '../../server/services/pictures/pictureRegions.ts';
import type { OrderLine, Product } from '../../shop/contract.ts';
import { startTestApp, type TestApp } from './app-harness.ts';
import { type DatabaseKind, databaseKinds } from './databases.ts';
import {
  cartOf,
  colourAt,
  near,
  placeOrder,
  producedManifest,
  uploadPrintPictures,
  waitFor,
} from './production-helpers.ts';

const FAST = { pollingIntervalSeconds: 0.5, retryDelay: 1, retryLimit: 1, superviseIntervalSeconds: 1 };

/** A wide (3:1) group photo: three people, as three flat marks, in its left third. */
const WIDTH = 1800;
const HEIGHT = 600;
const BACKGROUND = { r: 128, g: 128, b: 128 };
const MARKS: { box: RegionBox; colour: { r: number; g: number; b: number } }[] = [
  { box: { x: 0.03, y: 0.3, width: 0.05, height: 0.15 }, colour: { r: 220, g: 30, b: 30 } },
  { box: { x: 0.11, y: 0.35, width: 0.05, height: 0.15 }, colour: { r: 30, g: 200, b: 40 } },
  { box: { x: 0.19, y: 0.3, width: 0.05, height: 0.15 }, colour: { r: 30, g: 40, b: 220 } },
];
const REGIONS: PictureRegions = { faces: MARKS.map((m) => m.box), salient: null };

async function groupPhoto(): Promise<Buffer> {
  const marks = await Promise.all(
    MARKS.map(async ({ box, colour }) => ({
      input: await sharp({
        create: {
          width: Math.round(box.width * WIDTH),
          height: Math.round(box.height * HEIGHT),
          channels: 3,
          background: colour,
        },
      })
        .png()
        .toBuffer(),
      left: Math.round(box.x * WIDTH),
      top: Math.round(box.y * HEIGHT),
    })),
  );
  return sharp({ create: { width: WIDTH, height: HEIGHT, channels: 3, background: BACKGROUND } })
    .composite(marks)
    .jpeg({ quality: 95 })
    .toBuffer();
}

const holds = (crop: CropRect, box: RegionBox) =>
  box.x >= crop.x &&
  box.x + box.width <= crop.x + crop.width &&
  box.y >= crop.y &&
  box.y + box.height <= crop.y + crop.height;
/** Where a point of the picture lands on a print of `crop` (no white border), in fractions of the print. */
const onPrint = (crop: CropRect, x: number, y: number) => ({
  x: (x - crop.x) / crop.width,
  y: (y - crop.y) / crop.height,
});

describe.each(databaseKinds())('crops that keep faces, on %s', (kind: DatabaseKind) => {
  let t: TestApp;
  let app: FastifyInstance;
  beforeAll(async () => {
    t = await startTestApp(kind, { jobs: { work: true, timing: FAST } });
    app = t.app;
    // Production is worked; the analysis is run by the test, when it chooses.
    await app.jobs.boss.offWork(QUEUES.analysis);
  });
  afterAll(async () => {
    await t?.close();
  });
  const db = () => t.db.database.db;

  async function uploadGroup(): Promise<{ cookie: string; line: OrderLine; picture: string }> {
    const cookie = await uploadPrintPictures(app, [{ name: 'group.jpg', bytes: await groupPhoto() }]);
    const [line] = (await cartOf(app, cookie)).orderLines;
    return { cookie, line: line!, picture: line!.files[0]!.uuid };
  }

  async function printJpeg(cookie: string): Promise<Buffer> {
    const orderUuid = await placeOrder(app, cookie);
    const { row, manifest } = await producedManifest(db(), t.dataDir, orderUuid);
    expect(row.productionError).toBeNull();
    const entry = manifest.lines.find((l) => l.kind === 'print')!.files[0]!;
    return readFile(path.join(t.dataDir, 'production', orderUuid, entry.name));
  }

  // Two 300 dpi prints rendered for real.
  it('prints an off-centre group photo with its faces once analysed, and the empty centre before', async () => {
    const analysed = await uploadGroup();
    const centred = analysed.line.image!;
    expect(centred.defaultCrop).toBe(true);
    // The centred crop of the landscape 10x15 (half the picture's width) holds none of the people.
    expect(MARKS.filter((m) => holds(centred.cropRect!, m.box))).toEqual([]);

    const signals = { takenAt: null, hash: '0123456789abcdef', sharpness: 100 };
    const job = {
      db: db(),
      storage: app.storage.store,
      analyse: async () => ({ regions: REGIONS, signals }),
      signals: async () => signals,
    };
    expect(await analyseStoredPicture(job, analysed.picture)).toBe('analysed');
    // On PostgreSQL a server's kept cart reads forget this cart when the line's change notice arrives.
    const moved = await waitFor('the cart to show the moved crop', async () => {
      const image = (await cartOf(app, analysed.cookie)).orderLines[0]!.image!;
      return image.cropRect!.x !== centred.cropRect!.x && image;
    });
    expect(moved.defaultCrop).toBe(true);
    expect(moved.cropRect!.width).toBe(centred.cropRect!.width);
    for (const mark of MARKS) expect(holds(moved.cropRect!, mark.box)).toBe(true);
    // Recording the same regions again moves nothing.
    expect(await setPictureRegions(db(), analysed.picture, REGIONS)).toEqual({ found: true, moved: 0 });

    const waiting = await uploadGroup();
    expect(waiting.line.image!.cropRect).toEqual(centred.cropRect);

    const withFaces = await printJpeg(analysed.cookie);
    for (const { box, colour } of MARKS) {
      const at = onPrint(moved.cropRect!, box.x + box.width / 2, box.y + box.height / 2);
      expect(near(await colourAt(withFaces, at.x, at.y), colour), JSON.stringify(colour)).toBe(true);
    }

    // Not analysed yet: the centred crop, the empty middle of the picture, on every sample across it.
    const centre = await printJpeg(waiting.cookie);
    for (const fx of [0.1, 0.3, 0.5, 0.7, 0.9]) {
      for (const fy of [0.4, 0.5, 0.6]) {
        expect(near(await colourAt(centre, fx, fy), BACKGROUND, 12), `${fx}, ${fy}`).toBe(true);
      }
    }
  });

  it('never moves a crop the shopper set; a crop sent back unchanged or reset stays the shop’s', async () => {
    const set = await uploadGroup();
    const shopperCrop = { ...set.line.image!.cropRect!, x: 1 - set.line.image!.cropRect!.width };
    const put = (
      line: OrderLine,
      cookie: string,
      body: Omit<Partial<OrderLine>, 'image'> & { image: unknown },
    ) =>
      app.inject({
        method: 'PUT',
        url: `/m/api/webshop/cart/${line.uuid}`,
        headers: { cookie },
        payload: { uuid: line.uuid, product: line.product, quantity: line.quantity, ...body },
      });
    const shopper = await put(set.line, set.cookie, { image: { filter: 'original', cropRect: shopperCrop } });
    expect(shopper.statusCode).toBe(200);
    expect(await setPictureRegions(db(), set.picture, REGIONS)).toEqual({ found: true, moved: 0 });
    // The editors learn the regions with the picture's size, for the crops they make themselves.
    const recent = await app.inject({ url: '/m/api/user/recent-images', headers: { cookie: set.cookie } });
    expect(recent.json().images).toEqual([
      { uuid: set.picture, width: WIDTH, height: HEIGHT, regions: REGIONS },
    ]);
    const kept = (await cartOf(app, set.cookie)).orderLines[0]!.image!;
    expect(kept.cropRect).toEqual(shopperCrop);
    expect(kept.defaultCrop).toBe(false);

    // The editor saves the whole line when only the quantity changed: the shop's crop stays the shop's.
    const quantity = await uploadGroup();
    const same = await put(quantity.line, quantity.cookie, {
      quantity: 2,
      image: { filter: 'bw', cropRect: quantity.line.image!.cropRect },
    });
    expect(same.statusCode).toBe(200);
    expect(await setPictureRegions(db(), quantity.picture, REGIONS)).toEqual({ found: true, moved: 1 });
    const suggested = await waitFor('the cart to show the moved crop', async () => {
      const image = (await cartOf(app, quantity.cookie)).orderLines[0]!.image!;
      return image.cropRect!.x !== quantity.line.image!.cropRect!.x && image;
    });
    expect(suggested).toMatchObject({ filter: 'bw', defaultCrop: true });
    for (const mark of MARKS) expect(holds(suggested.cropRect!, mark.box)).toBe(true);

    // A new format resets the crop (null): the server makes the suggestion for it from the regions.
    const products = ((await app.inject({ url: '/m/api/products' })).json() as { products: Product[] })
      .products;
    const other = products.find((p) => p.producttype === 0 && p.name === '13x18')!;
    const reset = await put(quantity.line, quantity.cookie, {
      product: { uuid: other.uuid, type: 0 },
      image: { filter: 'bw', cropRect: null },
    });
    expect(reset.statusCode).toBe(200);
    const formatted = (await cartOf(app, quantity.cookie)).orderLines[0]!;
    expect(formatted.product.uuid).toBe(other.uuid);
    expect(formatted.image!.defaultCrop).toBe(true);
    expect(formatted.image!.cropRect!.width).not.toBe(suggested.cropRect!.width);
    for (const mark of MARKS) expect(holds(formatted.image!.cropRect!, mark.box)).toBe(true);
  });
});
