/**
 * The fuzz suite (issue 16): every route the app registers, found as the app adds them (so a new route
 * is fuzzed without editing this file), gets arbitrary JSON, strings and numbers in its path, query and
 * body, under every content type, with a real session for half the cases: no answer may be ≥ 500.
 * FUZZ_RUNS sets the cases per route: 120 by default, a fresh random seed each run (fast-check prints
 * the seed of a failure to replay it), so CI covers new cases every run: 300 had grown, with the
 * routes, to 517 s of a CI run beside the e2e lane (docs/decisions.md, "CI's time budget").
 * `FUZZ_RUNS=5000` for a long hunt before a release.
 *
 * Half of a body route's cases are one of the contract's example bodies (a cart line, a login, a
 * confirm…) that the route takes, with a few values changed: a NUL put inside a string, a number
 * replaced, a field removed. Noise alone rarely gets past a route's schema to the code behind it.
 */
import { rmSync } from 'node:fs';
import Fastify, { type RouteOptions } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import type { Template } from '../../engine/template.ts';
import { errorsPlugin } from '../../server/plugins/errors.ts';
import type { DeliveryType, PaymentOption } from '../../shop/checkout.ts';
import type { Cart } from '../../shop/contract.ts';
import { type FakeStripe, startFakeStripe } from '../support/fakeStripe.ts';
import { type FakeVipps, startFakeVipps } from '../support/fakeVipps.ts';
import { fixtureDist, startTestApp, type TestApp } from './app-harness.ts';
import { cartOf, login, me, PASSWORD, registeredUser, uploadPrints } from './checkout-helpers.ts';
import { type DatabaseKind, databaseKinds } from './databases.ts';
import { type FuzzContext, type FuzzFailure, fuzzRoute, routeList, routeName } from './fuzz-requests.ts';
import { contact, placeOrder } from './production-helpers.ts';

// Passwords hashed at a fraction of the real cost: a fuzzed login or sign-up that gets through the
// validation is hashed like any other, and a thousand of them at 50 ms would be most of the run.
vi.mock('../../server/services/identity/passwords.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../server/services/identity/passwords.ts')>();
  const cheap = { N: 16, r: 1, p: 1 };
  const dummy = real.hashPassword('no one’s password', cheap);
  return {
    ...real,
    hashPassword: (password: string) => real.hashPassword(password, cheap),
    dummyHash: () => dummy,
  };
});

const RUNS = Number(process.env.FUZZ_RUNS ?? 120);
const LAB_PASSWORD = 'lab desk password for the fuzz suite';
const HOSTS = ['localhost', 'no.localhost', 'us.localhost', 'dk.localhost', 'unknown.example'];

const tinyJpeg = () =>
  sharp({ create: { width: 24, height: 16, channels: 3, background: '#8a4' } })
    .jpeg()
    .toBuffer();

// On one database: PostgreSQL when DATABASE_URL is set (what a shop runs on), else PGlite. The
// answers do not depend on which (the other suites run both); twice would cost CI two minutes more.
describe.each(databaseKinds().slice(-1))('fuzzing every route, on %s', (kind: DatabaseKind) => {
  const routes: RouteOptions[] = [];
  let t: TestApp;
  let stripe: FakeStripe;
  let vipps: FakeVipps;
  let picture: Buffer;
  let distDir: string;
  let ids: string[] = [];
  let cookies: string[] = [];
  let user: { email: string; password: string };
  /** The contract's bodies that do not depend on the session (see FuzzContext.examples). */
  let fixedExamples: unknown[] = [];
  let cartExamples: unknown[] = [];

  /**
   * An anonymous session with print lines and a logged-in one, made again or refilled when a case
   * ended them (a logout) or emptied the cart (a delete, an order).
   */
  async function keepSessions() {
    const [anonymous, loggedIn] = cookies;
    const cartRes = anonymous
      ? await t.app.inject({ url: '/m/api/webshop/cart', headers: { cookie: anonymous } })
      : null;
    const alive = cartRes !== null && !cartRes.headers['set-cookie'];
    const next = [...cookies];
    if (!alive) next[0] = await uploadPrints(t.app, 2);
    else if (cartRes.json<Cart>().orderLines.length === 0) await uploadPrints(t.app, 2, anonymous);
    if (!loggedIn || (await me(t.app, loggedIn)).isAnonymousUser) {
      const res = await login(t.app, user.email, user.password, { ip: '10.1.1.1' });
      if (!res.cookie) throw new Error(`login failed: ${JSON.stringify(res.body)}`);
      next[1] = res.cookie;
    }
    cookies = next;
    const lines = (await cartOf(t.app, cookies[0]!)).orderLines;
    for (const id of lines.flatMap((l) => [l.uuid, ...l.files.map((f) => f.uuid)])) {
      if (!ids.includes(id)) ids.push(id);
    }
    cartExamples = [lines[0], lines];
  }

  /** Stores, postage, payment options, rebate codes, an order: the ids and bodies of a checkout. */
  async function checkoutExamples() {
    const get = async <T>(url: string) => (await t.app.inject({ url })).json<T>();
    const types = await get<DeliveryType[]>('/m/api/checkout/delivery-options');
    const pickup = types.find((d) => d.type === 'store-pickup')!.pickupLocations[0]!;
    const payments = await get<PaymentOption[]>(
      `/m/api/checkout/delivery-options/${pickup.uuid}/payment-options`,
    );
    const invoice = payments.find((p) => p.type === 'invoice')!;
    const buyer = await uploadPrints(t.app, 1);
    const orderUuid = await placeOrder(t.app, buyer);
    ids.push(pickup.uuid, invoice.uuid, orderUuid);
    const [template] = await get<Template[]>('/m/api/templates/cards');
    const year = new Date().getFullYear();
    ids.push(template!.uuid);
    fixedExamples = [
      { username: user.email, password: user.password },
      { name: 'Ada Lovelace', mobile: '+44 7700 900123', email: 'fuzz-{n}@example.com', password: PASSWORD },
      { code: 'SUMMER10' },
      { paymentOption: invoice.uuid, deliveryOption: pickup.uuid },
      {
        ...contact,
        paymentoption: invoice.uuid,
        deliveryoption: pickup.uuid,
        cartfallback: true,
        ordercomment: '',
      },
      { autoCorrection: 1 },
      { status: 'printed' },
      {
        product: { uuid: template!.product.uuid },
        subProductUuids: [],
        quantity: 1,
        template: { uuid: template!.uuid, version: template!.version, resources: [], year },
      },
      { template, year, pageId: template!.pages[0]!.id, widthPx: 48 },
      { transactionId: orderUuid, result: 'paid', amount: 100 },
      // A Stripe event as its webhook receives it (unsigned here, so refused before it is read).
      {
        id: 'evt_fuzz',
        object: 'event',
        type: 'checkout.session.completed',
        data: { object: { id: 'cs_test_fuzz', object: 'checkout.session', client_reference_id: orderUuid } },
      },
      // A Vipps ePayment event as its webhook receives it (unsigned here, so refused before it is read).
      {
        msn: '123456',
        reference: `ps-${orderUuid}`,
        pspReference: '1234567891',
        name: 'AUTHORIZED',
        amount: { currency: 'NOK', value: 100 },
        timestamp: new Date().toISOString(),
        success: true,
      },
      // A design as the editor saves it (PUT /m/api/user/designs/{uuid}): its templateVersion of 2^53
      // or 1e308 answered 500 (issue 28).
      {
        instance: { templateVersion: template!.version, year, resources: [], currentPage: 0 },
        savedAt: new Date().toISOString(),
      },
    ];
  }

  beforeAll(async () => {
    distDir = fixtureDist({ 'app.js': 'console.log(1)' });
    // Stripe on, so its webhook and back link are fuzzed too (the fake answers if anything gets through).
    stripe = await startFakeStripe({ webhookUrl: 'http://127.0.0.1:9/' });
    vipps = await startFakeVipps({ webhookUrl: 'http://127.0.0.1:9/' });
    t = await startTestApp(kind, {
      distDir,
      onRoute: (route) => routes.push(route),
      harness: true,
      labPassword: LAB_PASSWORD,
      payments: {
        stripe: { secretKey: stripe.secretKey, webhookSecret: stripe.webhookSecret, apiUrl: stripe.url },
        vipps: vipps.settings,
      },
    });
    picture = await tinyJpeg();
    const registered = await registeredUser(t.app, '10.1.1.1');
    user = { email: registered.email, password: PASSWORD };
    const products = (await t.app.inject({ url: '/m/api/products' })).json<{
      products: { uuid: string }[];
    }>().products;
    const templates = (await t.app.inject({ url: '/m/api/templates/cards' })).json<{ uuid: string }[]>();
    ids = [...products.map((p) => p.uuid), ...templates.slice(0, 3).map((tpl) => tpl.uuid)];
    await keepSessions();
    await checkoutExamples();
  });
  afterAll(async () => {
    await t?.close();
    await stripe?.close();
    await vipps?.close();
    rmSync(distDir, { recursive: true, force: true });
  });

  it(
    `answers no request with a 5xx (${RUNS} cases per route)`,
    async () => {
      const list = routeList(routes);
      // Every kind of route is in the list: the shop's API, the legacy calls, the desk, static files.
      for (const expected of [
        'PUT /m/api/webshop/cart/:lineUuid',
        'HEAD /m/api/webshop/cart',
        'POST /system/iframes/upload_internal.php',
        'POST /lab/api/orders/:orderUuid/status',
        'POST /m/api/dev/render',
        'POST /m/api/payments/stripe/webhook',
        'POST /m/api/payments/vipps/webhook',
        'GET /locale/*',
      ]) {
        const [method, url] = expected.split(' ');
        expect(
          list.some((r) => r.url === url && r.methods.includes(method!)),
          expected,
        ).toBe(true);
      }
      const context = (): FuzzContext => ({
        cookies: () => cookies,
        ids,
        authorization: `Bearer ${LAB_PASSWORD}`,
        hosts: HOSTS,
        examples: [...fixedExamples, ...cartExamples],
        replenish: keepSessions,
      });
      const failures: FuzzFailure[] = [];
      for (const route of list) {
        const started = performance.now();
        const failure = await fuzzRoute(t.app, route, context(), picture, RUNS);
        if (failure) failures.push(failure);
        // FUZZ_TIMES=1 prints each route's time, to see where a slow run goes.
        if (process.env.FUZZ_TIMES)
          console.log(`${routeName(route)} ${Math.round(performance.now() - started)} ms`);
      }
      expect(failures, JSON.stringify(failures, null, 2)).toEqual([]);
    },
    30 * 60_000,
  );
});

describe('the fuzz suite itself', () => {
  it('finds routes that throw a plain Error on input they did not expect', async () => {
    const app = Fastify({ logger: false });
    await app.register(errorsPlugin);
    app.put('/m/api/broken/:id', async (request) => {
      const body = request.body as { quantity: { value: number } };
      // A route without a schema: a body without `quantity` is a TypeError, a 500.
      return { id: (request.params as { id: string }).id, doubled: body.quantity.value * 2 };
    });
    app.get('/m/api/broken-query', async (request) => {
      const { page } = request.query as { page?: string };
      if (page !== undefined && !/^\d+$/.test(page)) throw new Error(`Not a page: ${page}`);
      return { page };
    });
    // Validated, but what passes the schema fails deeper: a store that cannot take a NUL.
    app.post('/m/api/broken-store', async (request) => {
      const { code } = z.object({ code: z.string().min(1).max(64) }).parse(request.body);
      if (code.includes('\u0000')) throw new Error('invalid byte sequence for encoding "UTF8": 0x00');
      return { code };
    });
    await app.ready();
    const context: FuzzContext = {
      cookies: () => [],
      ids: ['x'],
      authorization: 'Bearer x',
      hosts: ['localhost'],
      examples: [{ name: 'Ada' }, { code: 'SUMMER10' }],
    };
    const picture = await tinyJpeg();
    // A fixed seed: the self-check proves the suite can find these, the same way on every run.
    const fuzz = (methods: string[], url: string) =>
      fuzzRoute(app, { methods, url }, context, picture, RUNS, 20_261_125);
    try {
      expect((await fuzz(['PUT'], '/m/api/broken/:id'))?.status).toBe(500);
      expect((await fuzz(['GET'], '/m/api/broken-query'))?.status).toBe(500);
      expect((await fuzz(['POST'], '/m/api/broken-store'))?.status).toBe(500);
    } finally {
      await app.close();
    }
  });
});
