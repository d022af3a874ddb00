/**
 * The app reads one clock (issue 16): built with a clock five years ahead of the machine's, the
 * calendar years it sells, the sessions it keeps, the time an order is paid and the age of a cached
 * thumbnail all follow that clock, never the machine's date.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Template } from '../../engine/template.ts';
import { SESSION_DAYS } from '../../server/services/identity/sessions.ts';
import type { Receipt } from '../../shop/checkout.ts';
import { SetClock, systemClock } from '../../shop/clock.ts';
import type { Cart } from '../../shop/contract.ts';
import { startTestApp, type TestApp } from './app-harness.ts';
import { uploadPrints } from './checkout-helpers.ts';
import { type DatabaseKind, databaseKinds } from './databases.ts';
import { uploadPhoto } from './multipart.ts';
import { placeOrder } from './production-helpers.ts';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const CART = '/m/api/webshop/cart';

describe.each(databaseKinds())('the app on a clock five years ahead, on %s', (kind: DatabaseKind) => {
  const ahead = systemClock.now().getFullYear() + 5;
  const march = new Date(ahead, 2, 1, 12);
  const clock = new SetClock(march);
  let t: TestApp;
  let app: FastifyInstance;
  let dataDir: string;
  let calendar: Template;
  let card: Template;
  const thumbnails = () => path.join(dataDir, 'cart-previews');

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'clock-test-'));
    mkdirSync(thumbnails());
    // Written now by the machine's clock: five years old by the app's. The other was served a day
    // before the app's now.
    writeFileSync(path.join(thumbnails(), 'machine-today.jpg'), 'x');
    const yesterday = new Date(march.getTime() - DAY);
    writeFileSync(path.join(thumbnails(), 'app-yesterday.jpg'), 'x');
    utimesSync(path.join(thumbnails(), 'app-yesterday.jpg'), yesterday, yesterday);
    t = await startTestApp(kind, { clock, dataDir });
    app = t.app;
    const calendars = (await app.inject({ url: '/m/api/templates/calendars' })).json() as Template[];
    calendar = calendars.find((c) => c.name.en_GB === 'Modern 20x30')!;
    const cards = (await app.inject({ url: '/m/api/templates/cards' })).json() as Template[];
    card = cards.find((c) => c.name.en_GB === 'Balloon party')!;
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('sweeps cached thumbnails by its clock when it starts', async () => {
    await vi.waitFor(() => expect(existsSync(path.join(thumbnails(), 'machine-today.jpg'))).toBe(false));
    expect(existsSync(path.join(thumbnails(), 'app-yesterday.jpg'))).toBe(true);
  });

  describe('calendar years', () => {
    let cookie: string;
    let picture: { uuid: string };
    /** Sets the clock and starts a shopper then (a session lasts SESSION_DAYS by the clock). */
    const shopperAt = async (at: Date) => {
      clock.set(at);
      ({ picture, cookie } = await uploadPhoto(app, { width: 900, height: 1200, background: '#2b6f9b' }));
    };
    const add = (year?: number) => {
      const photo = { uuid: picture.uuid, cropRect: { x: 0, y: 0, width: 1, height: 1 } };
      const resources = ['cover:photo', ...Array.from({ length: 12 }, (_, i) => `month-${i + 1}:photo`)].map(
        (fullId) => ({ fullId, type: 'IMAGE', image: photo }),
      );
      return app.inject({
        method: 'POST',
        url: CART,
        headers: { cookie },
        payload: {
          product: { uuid: calendar.product.uuid },
          subProductUuids: [],
          quantity: 1,
          template: { uuid: calendar.uuid, resources, ...(year === undefined ? {} : { year }) },
        },
      });
    };
    /** A card sent without a year (as the editor sends one): the server fills the year itself. */
    const addCard = () =>
      app.inject({
        method: 'POST',
        url: CART,
        headers: { cookie },
        payload: {
          product: { uuid: card.product.uuid },
          subProductUuids: [],
          quantity: 1,
          template: {
            uuid: card.uuid,
            resources: [
              {
                fullId: 'photo',
                type: 'IMAGE',
                image: { uuid: picture.uuid, cropRect: { x: 0, y: 0, width: 1, height: 1 } },
              },
            ],
            year: null,
          },
        },
      });
    const yearOf = (res: { json(): unknown }) => (res.json() as Cart).orderLines.at(-1)!.templates[0]!.year;

    it('fills the year of a card sent without one from its clock: this year, the next one from July', async () => {
      await shopperAt(march);
      expect(yearOf(await addCard())).toBe(ahead);
      await shopperAt(new Date(ahead, 8, 1, 12));
      expect(yearOf(await addCard())).toBe(ahead + 1);
    });

    it('refuses a calendar without its year, naming the years of its clock', async () => {
      await shopperAt(march);
      const res = await add();
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'year_required',
        error: expect.stringContaining(`${ahead} to`),
      });
    });

    it('takes its clock’s year to the template’s last, and refuses the year before and after', async () => {
      await shopperAt(march);
      // Modern 20x30 is made for this year and the next two.
      for (const year of [ahead, ahead + 2]) expect(yearOf(await add(year))).toBe(year);
      for (const year of [ahead - 1, ahead + 3]) {
        const res = await add(year);
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({
          code: 'invalid_year',
          error: expect.stringContaining(String(year)),
        });
      }
    });

    it('stamps a thumbnail it draws with its clock’s time, so its own sweep keeps it', async () => {
      await shopperAt(march);
      const line = (await add(ahead)).json<Cart>().orderLines.at(-1)!;
      const res = await app.inject({
        url: `${CART}/${line.uuid}/preview.jpg?width=320`,
        headers: { cookie },
      });
      expect(res.statusCode).toBe(200);
      const file = path.join(thumbnails(), `${JSON.parse(res.headers.etag as string)}.jpg`);
      await vi.waitFor(() => expect(statSync(file).mtimeMs).toBe(march.getTime()));
      // The app's first drawing starts its render worker and loads the renderer there: 9 s alone,
      // past 30 s beside the e2e suite on CI's two cores.
    }, 90_000);
  });

  it(`keeps a session ${SESSION_DAYS} days by its clock`, async () => {
    clock.set(march);
    const { picture, cookie } = await uploadPhoto(app, { width: 60, height: 40, background: '#c52b2b' });
    const recent = async () =>
      (await app.inject({ url: '/m/api/user/recent-images', headers: { cookie } })).json<{
        images: { uuid: string }[];
      }>().images;
    expect((await recent()).map((p) => p.uuid)).toEqual([picture.uuid]);
    clock.advance(SESSION_DAYS * DAY - HOUR);
    expect((await recent()).map((p) => p.uuid)).toEqual([picture.uuid]);
    clock.advance(2 * HOUR);
    expect(await recent()).toEqual([]);
  });

  it('records an order as paid at its clock’s time', async () => {
    clock.set(march);
    const cookie = await uploadPrints(app, 1);
    const orderUuid = await placeOrder(app, cookie);
    const receipt = await app.inject({ url: `/m/api/order/${orderUuid}/receipt`, headers: { cookie } });
    expect(receipt.json<Receipt>().createdAt).toBe(march.toISOString());
  });
});
