/**
 * The pages a real shop has (issue 34): every footer page in every portal; the Delivery and Help
 * pages filled from the checkout's own data; dates on the delivery options and in the order info,
 * computed from the shop's clock and the stores' opening days; the items ordered on the payment
 * step's order info and on the receipt; an ordered template line's drawing for its owner only.
 */

import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseTemplate, type Template } from '../../engine/template.ts';
import { contentPages } from '../../server/db/schema.ts';
import { seedIfEmpty } from '../../server/db/seed.ts';
import { seedPortals } from '../../server/db/seed-data.ts';
import type { DeliveryType, OrderInfo, PaymentOption, Receipt } from '../../shop/checkout.ts';
import { SetClock } from '../../shop/clock.ts';
import type { Cart, ContentModule, ContentPage } from '../../shop/contract.ts';
import { FOOTER_PAGE_IDS } from '../../shop/firstScreen.ts';
import { addPayload } from '../../src/features/editor/buy/buyRules.ts';
import { newSession, startTestApp, type TestApp } from './app-harness.ts';
import { uploadPrints } from './checkout-helpers.ts';
import { uploadPhoto } from './multipart.ts';
import { placeOrder } from './production-helpers.ts';
import { filled } from './template-helpers.ts';

const HOSTS = ['localhost', 'no.localhost', 'us.localhost', 'dk.localhost'];
const DAY_MS = 86_400_000;
const iso = (d: Date) => d.toISOString().slice(0, 10);

/** Next Friday from the machine's clock (no year written here), 16:30 UTC: after a 15:00 cut-off in London, in winter and summer. */
const today = new Date(`${iso(new Date())}T00:00:00Z`);
const friday = new Date(today.getTime() + ((5 - today.getUTCDay() + 7) % 7 || 7) * DAY_MS);
const fridayAfternoon = new Date(friday.getTime() + 16.5 * 3_600_000);
const dayAfter = (n: number) => iso(new Date(friday.getTime() + n * DAY_MS));

describe('shop pages and dates', () => {
  let t: TestApp;
  let app: FastifyInstance;
  const clock = new SetClock(fridayAfternoon);
  beforeAll(async () => {
    t = await startTestApp('pglite', { clock });
    app = t.app;
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  const page = async (id: string, host = 'localhost') => {
    const res = await app.inject({ url: `/m/api/legacy-pages/${id}`, headers: { host } });
    return { status: res.statusCode, page: res.json<ContentPage>() };
  };
  const moduleOf = <T extends ContentModule['type']>(p: ContentPage, type: T) =>
    p.modules.find((m) => m.type === type) as Extract<ContentModule, { type: T }> | undefined;

  it('has every footer page in every portal, each with a title and words', async () => {
    for (const host of HOSTS) {
      for (const id of FOOTER_PAGE_IDS) {
        const { status, page: p } = await page(id, host);
        expect(status, `${host} ${id}`).toBe(200);
        expect(p.title.length).toBeGreaterThan(2);
        expect(p.modules.length).toBeGreaterThan(1);
      }
    }
    // Translated: the Norwegian privacy page is not the English one.
    expect((await page('privacy', 'no.localhost')).page.title).toBe('Personvern');
    expect((await page('returns', 'dk.localhost')).page.title).toBe('Returnering og reklamation');
  });

  it('fills the Delivery page from the checkout: postage, pickup and the stores', async () => {
    const types = (await app.inject({ url: '/m/api/checkout/delivery-options' })).json<DeliveryType[]>();
    const postage = types.find((d) => d.type === 'postage')!;
    const info = moduleOf((await page('delivery')).page, 'DeliveryInfo')!;
    expect(info.postage.map((o) => [o.name, o.price, o.deliverytime])).toEqual(
      postage.deliveryOptions.map((o) => [o.name, o.price, o.deliverytime]),
    );
    const heathrow = info.stores.find((s) => s.description === 'Heathrow Terminal 5')!;
    expect(heathrow.openingdays).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(heathrow.cutoffhour).toBe(18);
    const oxford = info.stores.find((s) => s.description === 'Oxford Street')!;
    expect(oxford.expresshours).toBe(1);
    expect(info.stores.some((s) => s.description.includes('express'))).toBe(false);
    expect(info.expressPrice).toBeGreaterThan(0);
    // The regional variant lists only the stores it offers (S0 §5).
    const norwegian = moduleOf((await page('delivery', 'no.localhost')).page, 'DeliveryInfo')!;
    expect(norwegian.stores.map((s) => s.description)).not.toContain('Longyearbyen');
  });

  it('fills the Help page with the ways of paying the checkout offers', async () => {
    const help = moduleOf((await page('help')).page, 'PaymentInfo')!;
    const types = (await app.inject({ url: '/m/api/checkout/delivery-options' })).json<DeliveryType[]>();
    const pickup = types.find((d) => d.type === 'store-pickup')!.pickupLocations[0]!;
    const offered = (
      await app.inject({ url: `/m/api/checkout/delivery-options/${pickup.uuid}/payment-options` })
    ).json<PaymentOption[]>();
    expect(help.options.map((o) => o.title)).toEqual(offered.map((o) => o.title));
    // Stripe is not configured here: the page does not offer it.
    expect(help.options.map((o) => o.title)).not.toContain('Card, Apple Pay or Google Pay');
  });

  it('dates each option from the clock, the opening days and the cut-off', async () => {
    const types = (await app.inject({ url: '/m/api/checkout/delivery-options' })).json<DeliveryType[]>();
    const stores = types.find((d) => d.type === 'store-pickup')!.pickupLocations;
    const store = (name: string, express = false) =>
      stores.find((s) => s.description === name && (s.deliverytimeunit === 'h') === express)!;
    // Friday after 15:00: Oxford Street (Monday to Saturday, 2 days) starts Saturday, ready Tuesday.
    expect(store('Oxford Street').readydate).toBe(dayAfter(4));
    // Its express starts Saturday too: ready that day.
    expect(store('Oxford Street', true).readydate).toBe(dayAfter(1));
    // Heathrow works every day until 18:00: started Friday, ready Saturday.
    expect(store('Heathrow Terminal 5').readydate).toBe(dayAfter(1));
    // The post (weekdays) starts Monday: 3 days is Thursday, 1 day Tuesday.
    const post = types.find((d) => d.type === 'postage')!.deliveryOptions;
    expect(post.map((o) => o.deliverydate)).toEqual([dayAfter(6), dayAfter(4)]);
  });

  it('puts the items and the delivery date in the order info and on the receipt', async () => {
    const cookie = await uploadPrints(app, 2);
    const types = (await app.inject({ url: '/m/api/checkout/delivery-options' })).json<DeliveryType[]>();
    const option = types.find((d) => d.type === 'store-pickup')!.pickupLocations[0]!;
    const res = await app.inject({
      method: 'POST',
      url: '/m/api/checkout/order-lines',
      headers: { cookie },
      payload: { deliveryOption: option.uuid, paymentOption: '' },
    });
    const info = res.json<OrderInfo>();
    expect(info.delivery).toEqual({ type: 'store-pickup', date: option.readydate });
    expect(info.items).toHaveLength(2);
    for (const item of info.items!) {
      expect(item.type).toBe(0);
      expect(item.picture?.uuid).toMatch(/^[0-9a-f-]{36}$/);
      expect(item.quantity).toBeGreaterThan(0);
    }
    const orderUuid = await placeOrder(app, cookie);
    const receipt = (
      await app.inject({ url: `/m/api/order/${orderUuid}/receipt`, headers: { cookie } })
    ).json<Receipt>();
    expect(receipt.orderInfo?.items?.map((i) => i.picture?.uuid)).toEqual(
      info.items!.map((i) => i.picture?.uuid),
    );
    expect(receipt.orderInfo?.delivery?.date).toBe(option.readydate);
    // A print has no drawing of its own: its picture is the thumbnail.
    const print = await app.inject({
      url: `/m/api/order/${orderUuid}/lines/${info.items![0]!.uuid}/preview.jpg?width=320`,
      headers: { cookie },
    });
    expect(print.statusCode).toBe(404);
  });

  it("draws an ordered template line for the order's owner only", async () => {
    const { picture, cookie } = await uploadPhoto(app, { width: 1200, height: 900, background: '#3a7bd5' });
    const cards = (await app.inject({ url: '/m/api/templates/cards' })).json<Template[]>();
    const parsed = parseTemplate(cards[0]);
    if (!parsed.ok) throw new Error('The demo card does not parse');
    const card = parsed.template;
    const added = await app.inject({
      method: 'POST',
      url: '/m/api/webshop/cart',
      headers: { cookie },
      payload: addPayload(
        card,
        filled(card, picture, clock.now()),
        card.product.uuid,
        { subProductUuids: [] },
        10,
      ) as object,
    });
    expect(added.statusCode, added.body).toBe(200);
    const line = added.json<Cart>().orderLines.at(-1)!;
    const orderUuid = await placeOrder(app, cookie);
    const url = `/m/api/order/${orderUuid}/lines/${line.uuid}/preview.jpg?width=320`;
    const own = await app.inject({ url, headers: { cookie } });
    expect(own.statusCode, own.body).toBe(200);
    expect(own.headers['content-type']).toContain('image/jpeg');
    const stranger = await newSession(t);
    expect((await app.inject({ url, headers: { cookie: stranger } })).statusCode).toBe(404);
    expect((await app.inject({ url })).statusCode).toBe(404);
    const receipt = (
      await app.inject({ url: `/m/api/order/${orderUuid}/receipt`, headers: { cookie } })
    ).json<Receipt>();
    expect(receipt.orderInfo?.items?.map((i) => [i.uuid, i.picture])).toEqual([[line.uuid, null]]);
  });

  it("gives a demo database's one-sentence Help and Delivery pages their facts, and leaves an edited page alone", async () => {
    const db = t.db.database.db;
    const en = seedPortals.find((p) => p.locale === 'en_GB')!.uuid;
    const dk = seedPortals.find((p) => p.locale === 'da_DK')!.uuid;
    const oneSentence = (id: string) => [
      { id: `${id}-title`, type: 'Title', text: 'Old' },
      { id: `${id}-text`, type: 'Paragraph', text: 'One sentence.' },
    ];
    const edited = [{ id: 'my-own', type: 'RichText', html: '<p>Our own delivery words.</p>' }];
    const set = (portal: string, pageId: string, modules: Record<string, unknown>[]) =>
      db
        .update(contentPages)
        .set({ modules })
        .where(and(eq(contentPages.portalUuid, portal), eq(contentPages.pageId, pageId)));
    await set(en, 'delivery', oneSentence('delivery'));
    await set(en, 'help', oneSentence('help'));
    await set(dk, 'delivery', edited);
    await db
      .delete(contentPages)
      .where(and(eq(contentPages.portalUuid, en), eq(contentPages.pageId, 'privacy')));
    await seedIfEmpty(db);
    expect(moduleOf((await page('delivery')).page, 'DeliveryInfo')).toBeDefined();
    expect(moduleOf((await page('help')).page, 'PaymentInfo')).toBeDefined();
    expect((await page('privacy')).status).toBe(200);
    expect((await page('delivery', 'dk.localhost')).page.modules.map((m) => m.id)).toEqual(['my-own']);
  });
});
