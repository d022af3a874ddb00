/**
 * The lab's order desk (/lab): the password, its rate limit, the orders list, the status rules and
 * their events, the files and their zip, re-runs. Orders are placed through the real checkout; their
 * production is not worked here (jobs off), so a test writes the manifest and files a ready order has.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configFromEnv } from '../../server/config.ts';
import { emailOutbox, orderEvents, orders } from '../../server/db/schema.ts';
import { LAB_FAILED_ATTEMPTS } from '../../server/routes/lab.ts';
import { LocalObjectStore } from '../../server/storage/localStore.ts';
import { type Manifest, writeManifest } from '../../server/storage/manifest.ts';
import type { LabOrder, LabOrderDetail, LabOrderPage } from '../../shop/lab.ts';
import { fixtureDist, startTestApp, type TestApp } from './app-harness.ts';
import { uploadPrints } from './checkout-helpers.ts';
import { type DatabaseKind, databaseKinds, openTestDatabase, type TestDatabase } from './databases.ts';
import { placeOrder as placeShopOrder } from './production-helpers.ts';

const run = promisify(execFile);
const PASSWORD = 'lab desk password for tests';
const auth = { authorization: `Bearer ${PASSWORD}` };
const contact = { name: 'Ada Lovelace', mobile: '+44 7700 900123', email: 'ada@example.com' };
const postal = { ...contact, address: '12 Analytical Row', zipcode: 'SW1A 1AA', city: 'London' };

/** Builds an app with LAB_PASSWORD as the environment would give it (server/config.ts reads it). */
function appWithLabPassword(
  kind: DatabaseKind,
  password: string | undefined,
  database: TestDatabase,
  distDir: string,
) {
  const { labPassword } = configFromEnv({ LAB_PASSWORD: password });
  return startTestApp(kind, { database, distDir, labPassword });
}

describe.each(databaseKinds())('lab order desk on %s', (kind: DatabaseKind) => {
  let database: TestDatabase;
  let off: TestApp;
  let t: TestApp;
  let app: FastifyInstance;
  let distDir: string;
  let pickupOrder: string;
  let postageOrder: string;

  /** Places the visitor's one print line as an order; answers its uuid. */
  const placeOrder = async (delivery: 'store-pickup' | 'postage') =>
    placeShopOrder(app, await uploadPrints(app, 1), {
      delivery,
      customer: delivery === 'postage' ? postal : contact,
      ordercomment: 'Matte, please',
    });

  const db = () => database.database.db;
  const productionDir = () => path.join(t.dataDir, 'production');
  const get = (url: string, headers: Record<string, string> = auth, remoteAddress?: string) =>
    app.inject({ url, headers, remoteAddress });
  const post = (url: string, payload: object = {}) =>
    app.inject({ method: 'POST', url, headers: auth, payload });
  const detail = async (uuid: string) => (await get(`/lab/api/orders/${uuid}`)).json<LabOrderDetail>();
  const setStatus = (uuid: string, status: string) => post(`/lab/api/orders/${uuid}/status`, { status });

  /** What production leaves for a ready order: print files, then the manifest, then the order's row. */
  async function makeReady(orderUuid: string) {
    const order = await detail(orderUuid);
    const dir = path.join(productionDir(), orderUuid);
    const line = order.lines[0]!;
    const jpeg = await sharp({
      create: { width: 300, height: 200, channels: 3, background: { r: 200, g: 30, b: 30 } },
    })
      .jpeg()
      .toBuffer();
    const pdf = Buffer.from('%PDF-1.4\n% a stand-in for a card\n%%EOF\n');
    mkdirSync(dir, { recursive: true });
    await writeFile(path.join(dir, '01-print-10x15.jpg'), jpeg);
    await writeFile(path.join(dir, '02-card.pdf'), pdf);
    const file = (name: string, bytes: Buffer) => ({
      name,
      sha256: 'x'.repeat(64),
      bytes: bytes.length,
      widthMm: 152,
      heightMm: 102,
      dpi: 300,
    });
    const manifest: Manifest = {
      orderUuid,
      reference: orderUuid.slice(0, 8),
      status: 'ready',
      error: null,
      createdAt: order.createdAt,
      finishedAt: new Date().toISOString(),
      lines: [
        {
          orderLineUuid: line.orderLineUuid,
          product: { uuid: '00000000-0000-4000-8000-000000000001', name: line.productName },
          quantity: line.quantity,
          kind: 'print',
          description: line.description,
          warnings: ['The picture is 300 × 200 px: 50 ppi at this size'],
          files: [
            file('01-print-10x15.jpg', jpeg),
            {
              ...file('02-card.pdf', pdf),
              pages: 2,
              printLayout: 'duplex',
              folds: [{ axis: 'vertical', atMm: 105 }],
            },
          ],
        },
      ],
    };
    await writeManifest(new LocalObjectStore(t.dataDir), orderUuid, manifest);
    await db()
      .update(orders)
      .set({ productionStatus: 'ready', productionFinishedAt: new Date() })
      .where(eq(orders.uuid, orderUuid));
    return { jpeg, pdf };
  }

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    distDir = fixtureDist();
    off = await appWithLabPassword(kind, undefined, database, distDir);
    t = await appWithLabPassword(kind, PASSWORD, database, distDir);
    app = t.app;
    pickupOrder = await placeOrder('store-pickup');
    postageOrder = await placeOrder('postage');
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await off?.close();
    await database?.drop();
    rmSync(distDir, { recursive: true, force: true });
  });

  describe('without LAB_PASSWORD', () => {
    it('answers 404 on every /lab path, the page and the API, with or without a password', async () => {
      for (const [method, url] of [
        ['GET', '/lab'],
        ['GET', '/lab/'],
        ['GET', '/lab/orders/whatever'],
        ['GET', '/lab/api/orders'],
        ['GET', `/lab/api/orders/${pickupOrder}`],
        ['GET', `/lab/api/orders/${pickupOrder}/files.zip`],
        ['POST', `/lab/api/orders/${pickupOrder}/status`],
        ['POST', `/lab/api/orders/${pickupOrder}/rerun`],
      ] as const) {
        for (const headers of [{}, auth]) {
          const res = await off.app.inject({
            method,
            url,
            headers,
            payload: method === 'POST' ? {} : undefined,
          });
          expect(res.statusCode, `${method} ${url}`).toBe(404);
        }
      }
    });
  });

  describe('the password', () => {
    it('serves the page without it (the page asks for it), but not the API', async () => {
      const page = await get('/lab', {});
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(page.body).toContain('id="portal-config"');
      expect((await get(`/lab/orders/${pickupOrder}`, {})).statusCode).toBe(200);
    });

    it('answers 401 with WWW-Authenticate without the header, 403 with a wrong one', async () => {
      const none = await get('/lab/api/orders', {});
      expect(none.statusCode).toBe(401);
      expect(none.headers['www-authenticate']).toMatch(/^Bearer/);
      expect(none.json().error).toEqual(expect.any(String));
      const basic = await get('/lab/api/orders', { authorization: `Basic ${btoa(`lab:${PASSWORD}`)}` });
      expect(basic.statusCode).toBe(401);
      const wrong = await get('/lab/api/orders', { authorization: 'Bearer not-the-password' }, '10.1.1.1');
      expect(wrong.statusCode).toBe(403);
      expect(wrong.json().error).toEqual(expect.any(String));
      const prefix = await get(
        '/lab/api/orders',
        { authorization: `Bearer ${PASSWORD.slice(0, -1)}` },
        '10.1.1.1',
      );
      expect(prefix.statusCode).toBe(403);
      expect((await get('/lab/api/orders')).statusCode).toBe(200);
    });

    it('refuses an address after repeated wrong passwords with 429, the right one too; others go on', async () => {
      const ip = '10.2.2.2';
      for (let i = 0; i < LAB_FAILED_ATTEMPTS; i++) {
        const res = await get('/lab/api/orders', { authorization: `Bearer guess-${i}` }, ip);
        expect(res.statusCode).toBe(403);
      }
      const blocked = await get('/lab/api/orders', { authorization: 'Bearer one-more' }, ip);
      expect(blocked.statusCode).toBe(429);
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
      expect(blocked.json().error).toMatch(/Too many/);
      expect((await get('/lab/api/orders', auth, ip)).statusCode).toBe(429);
      expect((await get('/lab/api/orders', auth, '10.3.3.3')).statusCode).toBe(200);
    });

    it('answers an unknown desk call with a JSON 404 after the password', async () => {
      expect((await get('/lab/api/nothing', {})).statusCode).toBe(401);
      const res = await get('/lab/api/nothing');
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('not_found');
    });
  });

  describe('orders', () => {
    it('lists every order newest first with shopper, delivery, total and lines', async () => {
      const res = await get('/lab/api/orders');
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toMatch(/no-store/);
      const page = res.json<LabOrderPage>();
      const uuids = page.orders.map((o) => o.uuid);
      expect(uuids.indexOf(postageOrder)).toBeLessThan(uuids.indexOf(pickupOrder));
      const times = page.orders.map((o) => Date.parse(o.createdAt));
      expect(times).toEqual([...times].sort((a, b) => b - a));
      const pickup = page.orders.find((o) => o.uuid === pickupOrder)!;
      expect(pickup).toMatchObject({
        reference: pickupOrder.slice(0, 8),
        production: { status: 'queued', error: null, attempts: 0 },
        fulfilment: null,
        events: [],
        nextStatuses: [],
        shopper: { name: contact.name, email: contact.email, phone: contact.mobile },
        delivery: { type: 'store-pickup', name: expect.any(String), city: expect.any(String) },
        comment: 'Matte, please',
      } satisfies Partial<Record<keyof LabOrder, unknown>>);
      expect(pickup.portal.name).toEqual(expect.any(String));
      expect(pickup.portal.currencyFormat).toEqual(expect.any(String));
      expect(pickup.total).toBeGreaterThan(0);
      expect(Number.isInteger(pickup.total)).toBe(true);
      expect(pickup.lines).toHaveLength(1);
      expect(pickup.lines[0]).toMatchObject({ kind: 'print', quantity: 1, warnings: [], files: [] });
      const postage = page.orders.find((o) => o.uuid === postageOrder)!;
      expect(postage.delivery).toEqual({
        type: 'postage',
        name: expect.any(String),
        address: {
          name: postal.name,
          address: postal.address,
          postalCode: postal.zipcode,
          city: postal.city,
        },
      });
    });

    it('pages with limit and before', async () => {
      const first = (await get('/lab/api/orders?limit=1')).json<LabOrderPage>();
      expect(first.orders).toHaveLength(1);
      expect(first.orders[0]!.uuid).toBe(postageOrder);
      expect(first.nextBefore).toBe(postageOrder);
      const second = (await get(`/lab/api/orders?limit=1&before=${first.nextBefore}`)).json<LabOrderPage>();
      expect(second.orders[0]!.uuid).toBe(pickupOrder);
      expect(second.nextBefore).toBe(null);
      for (const query of ['limit=0', 'limit=abc', 'limit=1000', 'before=not-a-uuid']) {
        const res = await get(`/lab/api/orders?${query}`);
        expect(res.statusCode, query).toBe(400);
        expect(res.json().error).toEqual(expect.any(String));
      }
      const unknownCursor = await get(`/lab/api/orders?before=${crypto.randomUUID()}`);
      expect(unknownCursor.statusCode).toBe(400);
    });

    it('answers one order with its manifest and events; 404 for an unknown one, 400 for a malformed id', async () => {
      const one = await get(`/lab/api/orders/${pickupOrder}`);
      expect(one.statusCode).toBe(200);
      expect(one.json()).toMatchObject({ uuid: pickupOrder, manifest: null, events: [] });
      const unknown = await get(`/lab/api/orders/${crypto.randomUUID()}`);
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().error).toMatch(/not found/);
      const malformed = await get('/lab/api/orders/1234');
      expect(malformed.statusCode).toBe(400);
      expect((await setStatus(crypto.randomUUID(), 'printed')).statusCode).toBe(404);
      expect((await post(`/lab/api/orders/${crypto.randomUUID()}/rerun`)).statusCode).toBe(404);
    });

    it("names a line's product in the order's portal language (issue 34): the demo's English name translated", async () => {
      const uuid = await placeOrder('store-pickup');
      // An order of the Norwegian portal's white-border print, whose demo name is stored in English.
      await db()
        .update(orders)
        .set({
          snapshot: sql`jsonb_set(jsonb_set(${orders.snapshot}, '{portal,locale}', '"nb_NO"'), '{lines,0,productName}', '"10x15 white border"')`,
        })
        .where(eq(orders.uuid, uuid));
      expect((await detail(uuid)).lines[0]!.productName).toBe('10x15 hvit kant');
      const listed = (await get('/lab/api/orders')).json<LabOrderPage>().orders.find((o) => o.uuid === uuid);
      expect(listed!.lines[0]!.productName).toBe('10x15 hvit kant');
    });
  });

  describe('files', () => {
    it('refuses the zip with 409 and a message until production is ready', async () => {
      const res = await get(`/lab/api/orders/${postageOrder}/files.zip`);
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toMatch(/not ready/);
      expect((await get(`/lab/api/orders/${postageOrder}/files/01-print-10x15.jpg`)).statusCode).toBe(409);
    });

    it('streams the zip with manifest.json and every listed file, byte for byte', async () => {
      const { jpeg, pdf } = await makeReady(pickupOrder);
      const res = await get(`/lab/api/orders/${pickupOrder}/files.zip`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/zip');
      expect(res.headers['content-disposition']).toBe(
        `attachment; filename="order-${pickupOrder.slice(0, 8)}.zip"`,
      );
      const zipFile = path.join(t.dataDir, 'order.zip');
      await writeFile(zipFile, res.rawPayload);
      const listing = (await run('unzip', ['-Z1', zipFile])).stdout.trim().split('\n').sort();
      expect(listing).toEqual(['01-print-10x15.jpg', '02-card.pdf', 'manifest.json']);
      const unzip = (name: string) =>
        run('unzip', ['-p', zipFile, name], { encoding: 'buffer', maxBuffer: 10 << 20 }).then(
          (r) => r.stdout,
        );
      expect(Buffer.compare(await unzip('01-print-10x15.jpg'), jpeg)).toBe(0);
      expect(Buffer.compare(await unzip('02-card.pdf'), pdf)).toBe(0);
      const manifest = JSON.parse((await unzip('manifest.json')).toString('utf8')) as Manifest;
      expect(manifest).toEqual(
        JSON.parse(await readFile(path.join(productionDir(), pickupOrder, 'manifest.json'), 'utf8')),
      );
      // The server's listing carries the manifest's warnings and the files, a JPEG with a thumbnail.
      const order = await detail(pickupOrder);
      expect(order.manifest?.status).toBe('ready');
      expect(order.lines[0]!.warnings).toEqual(manifest.lines[0]!.warnings);
      expect(order.lines[0]!.files.map((f) => [f.name, f.type, f.thumbnailUrl !== null])).toEqual([
        ['01-print-10x15.jpg', 'jpg', true],
        ['02-card.pdf', 'pdf', false],
      ]);
      expect(order.lines[0]!.thumbnailUrl).toBe(order.lines[0]!.files[0]!.thumbnailUrl);
      // A folded card's PDF says how it goes onto the sheet; a print says nothing.
      expect(order.lines[0]!.files.map((f) => [f.printLayout, f.folds])).toEqual([
        [null, []],
        ['duplex', [{ axis: 'vertical', atMm: 105 }]],
      ]);
    });

    it('serves a listed file and a JPEG thumbnail, and nothing the manifest does not list', async () => {
      const order = await detail(pickupOrder);
      const file = await get(order.lines[0]!.files[0]!.url);
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('image/jpeg');
      const thumb = await get(order.lines[0]!.thumbnailUrl!);
      expect(thumb.statusCode).toBe(200);
      expect((await sharp(thumb.rawPayload).metadata()).width).toBe(240);
      expect((await get(`/lab/api/orders/${pickupOrder}/files/02-card.pdf`)).headers['content-type']).toBe(
        'application/pdf',
      );
      expect((await get(`/lab/api/orders/${pickupOrder}/files/02-card.pdf?width=100`)).statusCode).toBe(400);
      expect((await get(`/lab/api/orders/${pickupOrder}/files/01-print-10x15.jpg?width=5`)).statusCode).toBe(
        400,
      );
      for (const name of ['manifest.json', '..%2Fmanifest.json', '%2Fetc%2Fpasswd', 'other.jpg']) {
        const res = await get(`/lab/api/orders/${pickupOrder}/files/${name}`);
        expect(res.statusCode, name).toBe(404);
      }
      expect((await get(`/lab/api/orders/${pickupOrder}/files/01-print-10x15.jpg`, {})).statusCode).toBe(401);
    });
  });

  describe('status', () => {
    it('follows the rules with 409s, records each change with its time, and repeats as no-ops', async () => {
      const refused = async (uuid: string, status: string, message: RegExp) => {
        const res = await setStatus(uuid, status);
        expect(res.statusCode, `${status}: ${res.body}`).toBe(409);
        expect(res.json().error).toMatch(message);
      };
      // The postage order is not produced yet: nothing can be recorded.
      await refused(postageOrder, 'printed', /not ready/);
      await refused(postageOrder, 'shipped', /before it is printed/);
      // The pickup order is ready (the files test made it so).
      await refused(pickupOrder, 'shipped', /picked up in a store/);
      await refused(pickupOrder, 'ready-for-pickup', /before it is printed/);
      const before = Date.now();
      const printed = await setStatus(pickupOrder, 'printed');
      expect(printed.statusCode).toBe(200);
      expect(printed.json<LabOrderDetail>()).toMatchObject({
        fulfilment: 'printed',
        nextStatuses: ['ready-for-pickup'],
        events: [{ status: 'printed', at: expect.any(String) }],
      });
      const at = Date.parse(printed.json<LabOrderDetail>().events[0]!.at);
      expect(at).toBeGreaterThanOrEqual(before - 1000);
      expect(at).toBeLessThanOrEqual(Date.now() + 1000);
      const again = await setStatus(pickupOrder, 'printed');
      expect(again.statusCode).toBe(200);
      expect(again.json<LabOrderDetail>().events).toEqual(printed.json<LabOrderDetail>().events);
      await refused(pickupOrder, 'shipped', /picked up in a store/);
      const ready = await setStatus(pickupOrder, 'ready-for-pickup');
      expect(ready.statusCode).toBe(200);
      expect(ready.json<LabOrderDetail>()).toMatchObject({
        fulfilment: 'ready-for-pickup',
        nextStatuses: [],
        events: [{ status: 'printed' }, { status: 'ready-for-pickup' }],
      });
      expect((await setStatus(pickupOrder, 'ready-for-pickup')).statusCode).toBe(200);
      expect((await setStatus(pickupOrder, 'printed')).json<LabOrderDetail>().fulfilment).toBe(
        'ready-for-pickup',
      );
      const rows = await db().select().from(orderEvents).where(eq(orderEvents.orderUuid, pickupOrder));
      expect(rows.map((r) => r.status).sort()).toEqual(['printed', 'ready-for-pickup']);
      expect(rows.every((r) => r.createdAt instanceof Date)).toBe(true);
      // The shopper is told once, by a mail queued with the change (issue 34); 'printed' mails nothing.
      const statusMails = async (uuid: string) =>
        (await db().select().from(emailOutbox).where(eq(emailOutbox.orderUuid, uuid)))
          .map((r) => r.kind)
          .filter((k) => k.startsWith('order-status:'));
      expect(await statusMails(pickupOrder)).toEqual(['order-status:ready-for-pickup']);
      // The list shows the latest change.
      const listed = (await get('/lab/api/orders'))
        .json<LabOrderPage>()
        .orders.find((o) => o.uuid === pickupOrder);
      expect(listed?.fulfilment).toBe('ready-for-pickup');

      // A postage order is shipped, never ready for pickup.
      await makeReady(postageOrder);
      expect((await setStatus(postageOrder, 'printed')).statusCode).toBe(200);
      await refused(postageOrder, 'ready-for-pickup', /sent by post/);
      const shipped = await setStatus(postageOrder, 'shipped');
      expect(shipped.statusCode).toBe(200);
      expect(shipped.json<LabOrderDetail>().fulfilment).toBe('shipped');
      expect(await statusMails(postageOrder)).toEqual(['order-status:shipped']);
    });

    it('records a status once when two desks send it at once', async () => {
      const order = await placeOrder('store-pickup');
      await makeReady(order);
      const answers = await Promise.all(Array.from({ length: 5 }, () => setStatus(order, 'printed')));
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200]);
      const rows = await db().select().from(orderEvents).where(eq(orderEvents.orderUuid, order));
      expect(rows).toHaveLength(1);
    });

    it('refuses an unknown status with 400', async () => {
      for (const payload of [{}, { status: 'lost' }, { status: 3 }]) {
        const res = await post(`/lab/api/orders/${pickupOrder}/status`, payload);
        expect(res.statusCode).toBe(400);
        expect(res.json().error).toMatch(/status/);
      }
    });
  });

  describe('re-run', () => {
    it('queues a failed production again, and refuses any other with 409', async () => {
      const order = await placeOrder('postage');
      const queued = await post(`/lab/api/orders/${order}/rerun`);
      expect(queued.statusCode).toBe(409);
      expect(queued.json().error).toMatch(/Only a failed production/);
      await db()
        .update(orders)
        .set({
          productionStatus: 'failed',
          productionError: 'Line 1: picture photo0.jpg is gone from the store',
        })
        .where(eq(orders.uuid, order));
      const failed = await detail(order);
      expect(failed.production).toMatchObject({ status: 'failed', error: expect.stringMatching(/gone/) });
      expect(failed.nextStatuses).toEqual([]);
      expect((await get(`/lab/api/orders/${order}/files.zip`)).json().error).toMatch(/failed.*gone/);
      const rerun = await post(`/lab/api/orders/${order}/rerun`);
      expect(rerun.statusCode, rerun.body).toBe(200);
      expect(rerun.json<LabOrderDetail>().production.status).toBe('queued');
      expect((await post(`/lab/api/orders/${order}/rerun`)).statusCode).toBe(409);
    });
  });
});
