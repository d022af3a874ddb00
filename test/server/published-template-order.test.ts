/**
 * Issue 17 acceptance: a template published through POST /lab/api/templates, with art only its own
 * folder brings (stored in the shop's storage, never in public/templates2), is produced at order time
 * with that art in its print file, and its cart thumbnail (drawn in the preview worker) shows it too.
 */
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Template } from '../../engine/template.ts';
import { startTestApp, type TestApp } from './app-harness.ts';
import { type DatabaseKind, databaseKinds } from './databases.ts';
import { uploadPhoto } from './multipart.ts';
import { cartOf, colourAt, near, placeOrder, producedManifest, run } from './production-helpers.ts';

const PASSWORD = 'published template order password';
const FAST = { pollingIntervalSeconds: 0.5, retryDelay: 1, retryLimit: 1, superviseIntervalSeconds: 1 };
const FOLDERS = path.resolve(import.meta.dirname, '../fixtures/template-folders');
const TEMPLATES2 = path.resolve(import.meta.dirname, '../../public/templates2');

// A flat colour no demo template, photo or text of this card uses, so a pixel of it is the art.
const PLUM = { r: 0x7b, g: 0x2d, b: 0x8e };
const ART_NAME = 'art/plum-published-only.svg';
const plumSvg =
  '<svg xmlns="http://www.w3.org/2000/svg" width="1480" height="1050">' +
  '<rect width="1480" height="1050" fill="#7B2D8E"/></svg>';
const PHOTO = '#f0f0f0';

/** A point of the card's front that only its background art covers: below the photo and the texts (mm). */
const ART_ONLY = { x: 80, y: 100 };
const BLEED_MM = 3;

describe.each(databaseKinds())('a published template ordered on %s', (kind: DatabaseKind) => {
  let t: TestApp;
  let app: FastifyInstance;
  let scratch: string;
  let cookie: string;
  let lineUuid: string;
  const template = {
    ...JSON.parse(readFileSync(path.join(FOLDERS, 'author-card', 'template.json'), 'utf8')),
    uuid: '5e4d3c2b-1a09-4f8e-9d7c-6b5a4f3e2d1c',
    name: { en_GB: 'Plum order card' },
  };
  template.resources[0].image.src = ART_NAME;

  beforeAll(async () => {
    scratch = await mkdtemp(path.join(tmpdir(), 'published-order-'));
    t = await startTestApp(kind, { labPassword: PASSWORD, jobs: { work: true, timing: FAST } });
    app = t.app;
    // Sold on the test portal: the product of a demo card of the same size.
    const cards = (await app.inject({ url: '/m/api/templates/cards' })).json<Template[]>();
    template.product = cards.find((c) => c.name.en_GB === 'Balloon party')!.product;
    // The art is nowhere on disk where the renderers would find it without the storage.
    expect(existsSync(path.join(TEMPLATES2, ART_NAME))).toBe(false);
    const published = await app.inject({
      method: 'POST',
      url: '/lab/api/templates',
      headers: { authorization: `Bearer ${PASSWORD}` },
      payload: { template, art: { [ART_NAME]: Buffer.from(plumSvg).toString('base64') } },
    });
    expect(published.statusCode).toBe(201);

    // The editor's POST: the shopper's photo in the photo slot, a message of their own.
    const photo = await uploadPhoto(app, { width: 1400, height: 1800, background: PHOTO });
    cookie = photo.cookie;
    const added = await app.inject({
      method: 'POST',
      url: '/m/api/webshop/cart',
      headers: { cookie },
      payload: {
        product: { uuid: template.product.uuid },
        subProductUuids: [],
        quantity: 1,
        template: {
          uuid: template.uuid,
          resources: [
            {
              fullId: 'photo',
              type: 'IMAGE',
              image: { uuid: photo.picture.uuid, rotation: 0, cropRect: { x: 0, y: 0, width: 1, height: 1 } },
            },
            { fullId: 'message', type: 'STRING', font: { text: 'Thank you for the plums' } },
          ],
          year: null,
        },
      },
    });
    expect(added.statusCode, added.body).toBe(200);
    const line = (await cartOf(app, cookie)).orderLines.find(
      (l) => l.templates[0]?.template === template.uuid,
    );
    lineUuid = line!.uuid;
  });
  afterAll(async () => {
    await t?.close();
    await rm(scratch, { recursive: true, force: true });
  });

  it("shows the template's stored art in its cart thumbnail", async () => {
    const res = await app.inject({
      url: `/m/api/webshop/cart/${lineUuid}/preview.jpg?width=480`,
      headers: { cookie },
    });
    expect(res.statusCode).toBe(200);
    const { width, height } = template.dimensions as { width: number; height: number };
    const colour = await colourAt(res.rawPayload, ART_ONLY.x / width, ART_ONLY.y / height);
    expect(colour, JSON.stringify(colour)).toSatisfy((c: typeof PLUM) => near(c, PLUM));
  });

  it('is produced at order time with its stored art in the print file', async () => {
    const orderUuid = await placeOrder(app, cookie);
    const { row, manifest } = await producedManifest(t.db.database.db, t.dataDir, orderUuid);
    expect(row.productionError).toBeNull();
    expect(row.productionStatus).toBe('ready');
    const line = manifest.lines.find((l) => l.kind === 'card')!;
    const pdfEntry = line.files[0]!;
    const pdf = path.join(t.dataDir, 'production', orderUuid, pdfEntry.name);
    await run('qpdf', ['--check', pdf]);

    // The front page rasterised as a printer's RIP would; the page is the trim with 3 mm of bleed.
    const prefix = path.join(scratch, 'front');
    await run('pdftocairo', ['-r', '72', '-f', '1', '-l', '1', '-singlefile', '-png', pdf, prefix]);
    const page = await sharp(`${prefix}.png`).png().toBuffer();
    const pageW = pdfEntry.widthMm + 2 * BLEED_MM;
    const pageH = pdfEntry.heightMm + 2 * BLEED_MM;
    const colour = await colourAt(page, (ART_ONLY.x + BLEED_MM) / pageW, (ART_ONLY.y + BLEED_MM) / pageH);
    expect(colour, JSON.stringify(colour)).toSatisfy((c: typeof PLUM) => near(c, PLUM));
  });
});
