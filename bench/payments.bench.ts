/**
 * `npm run bench -- payments` (issue 29): the shop on a fresh PostgreSQL database (next to
 * DATABASE_URL, or postgres://postgres@127.0.0.1:5432/postgres; PAYMENTS_DATABASE=pglite for PGlite)
 * with Stripe configured against the fake Stripe API (test/support/fakeStripe.ts), listening on a
 * port. Three figures:
 *
 * - webhook to order: for each of PAYMENTS_ORDERS (50) payments paid on the fake's page with its
 *   webhooks held, the server's own time for the `checkout.session.completed` delivery that makes
 *   the order (fastify's reply.elapsedTime; the fake's round trip, which the shop makes to read the
 *   PaymentIntent, included): p50 and p95. Target p95 ≤ 50 ms.
 * - duplicates: one paid session's webhook delivered 100 times at once: the orders made (target 1).
 * - reconciliation: PAYMENTS_ORDERS payments paid with every webhook lost, then one reconciliation:
 *   how many are still pending afterwards (target 0) and how long it took.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../server/app.ts';
import { configFromEnv } from '../server/config.ts';
import { type Database, openDatabase } from '../server/db/connect.ts';
import { orders, transactions } from '../server/db/schema.ts';
import { createProviders } from '../server/services/payments/index.ts';
import { reconcilePayments } from '../server/services/payments/operations.ts';
import type { DeliveryType, PaymentOption } from '../shop/checkout.ts';
import { uploadPrints } from '../test/server/checkout-helpers.ts';
import { startFakeStripe } from '../test/support/fakeStripe.ts';
import { report } from './report.ts';

const COUNT = Number(process.env.PAYMENTS_ORDERS ?? 50);
const CONCURRENT_DELIVERIES = 100;
const WEBHOOK = '/m/api/payments/stripe/webhook';
const contact = { name: 'Ada Lovelace', mobile: '+44 7700 900123', email: 'ada@example.com' };
const onPglite = process.env.PAYMENTS_DATABASE === 'pglite';
const admin = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const dbName = `print_shop_payments_${randomBytes(4).toString('hex')}`;

async function adminQuery(sql: string) {
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};
const ms = (n: number) => Math.round(n * 10) / 10;

let database: Database;
if (onPglite) database = await openDatabase({ kind: 'pglite', dataDir: null }, { seed: true });
else {
  await adminQuery(`CREATE DATABASE ${dbName}`);
  const url = new URL(admin);
  url.pathname = `/${dbName}`;
  database = await openDatabase({ kind: 'postgres', url: url.toString() }, { seed: true });
}
const dataDir = mkdtempSync(path.join(tmpdir(), 'payments-bench-'));
const fake = await startFakeStripe({ webhookUrl: 'http://127.0.0.1:9/' });
const stripe = { secretKey: fake.secretKey, webhookSecret: fake.webhookSecret, apiUrl: fake.url };
const config = configFromEnv({ DATA_DIR: dataDir, DIST_DIR: '', TEMPLATES_DIR: '', LOG_LEVEL: 'error' });
const app = await buildApp(
  { ...config, previewsDir: null, stripe },
  // The order's print files and mail are not what is measured here.
  { database, jobs: { work: false } },
);
/** The server's time for each webhook delivery, by the session it was about. */
const webhookTimes: number[] = [];
app.addHook('onResponse', async (request, reply) => {
  if (request.url === WEBHOOK) webhookTimes.push(reply.elapsedTime);
});
await app.listen({ port: 0, host: '127.0.0.1' });
const { port } = app.server.address() as { port: number };
fake.webhookUrl = `http://127.0.0.1:${port}${WEBHOOK}`;

try {
  const types = (await app.inject({ url: '/m/api/checkout/delivery-options' })).json() as DeliveryType[];
  const store = types.find((d) => d.type === 'store-pickup')!.pickupLocations[0]!.uuid;
  const options = (
    await app.inject({ url: `/m/api/checkout/delivery-options/${store}/payment-options` })
  ).json() as PaymentOption[];
  const stripeOption = options.find((o) => o.type === 'stripe')!.uuid;

  /** A shopper's Stripe transaction, its Checkout Session made. */
  const pending = async () => {
    const cookie = await uploadPrints(app, 2);
    const res = await app.inject({
      method: 'POST',
      url: '/ajax/get_transaction.php',
      headers: { cookie },
      payload: {
        ...contact,
        paymentoption: stripeOption,
        deliveryoption: store,
        cartfallback: true,
        ordercomment: '',
      },
    });
    if (res.statusCode !== 200) throw new Error(`confirm ${res.statusCode}: ${res.body}`);
    const id = res.json().transactionid as string;
    const [tx] = await database.db.select().from(transactions).where(eq(transactions.uuid, id));
    return { id, session: tx!.providerRef! };
  };
  const completedEvent = (session: string) =>
    fake.events.find(
      (e) => e.type === 'checkout.session.completed' && (e.data.object as { id?: string }).id === session,
    )!;
  const ordersOf = async (ids: string[]) =>
    (await database.db.select({ uuid: orders.uuid }).from(orders).where(inArray(orders.transactionUuid, ids)))
      .length;

  // Webhook to order, one at a time.
  fake.setWebhookMode('lost');
  const timed: number[] = [];
  for (let i = 0; i < COUNT; i++) {
    const { session } = await pending();
    fake.pay(session);
    const before = webhookTimes.length;
    await fake.deliver(completedEvent(session).id);
    timed.push(webhookTimes[before]!);
  }
  report({
    bench: 'payments',
    figure: 'webhook to order, p50',
    value: ms(percentile(timed, 50)),
    unit: 'ms',
  });
  report({
    bench: 'payments',
    figure: 'webhook to order, p95',
    value: ms(percentile(timed, 95)),
    unit: 'ms',
    note: `target ≤ 50; server time over ${COUNT} orders, the PaymentIntent read from the fake included`,
  });

  // One webhook, 100 deliveries at once.
  const storm = await pending();
  fake.pay(storm.session);
  const event = completedEvent(storm.session);
  const answers = await Promise.all(
    Array.from({ length: CONCURRENT_DELIVERIES }, () => fake.deliver(event.id)),
  );
  report({
    bench: 'payments',
    figure: `orders from ${CONCURRENT_DELIVERIES} concurrent deliveries of one webhook`,
    value: await ordersOf([storm.id]),
    unit: 'orders',
    note: `target 1; answers ${[...new Set(answers)].join(', ')}`,
  });

  // Every webhook lost: the reconciliation closes them all.
  const lost: string[] = [];
  for (let i = 0; i < COUNT; i++) {
    const { id, session } = await pending();
    fake.pay(session);
    lost.push(id);
  }
  const { providers } = createProviders({ testCardSecret: null, stripe, vipps: null });
  const started = performance.now();
  await reconcilePayments(
    { db: database.db, providers, jobs: app.jobs, now: () => new Date(), log: { info() {}, warn() {} } },
    0,
  );
  const took = performance.now() - started;
  const stillPending = (
    await database.db
      .select({ status: transactions.status })
      .from(transactions)
      .where(inArray(transactions.uuid, lost))
  ).filter((r) => r.status === 'pending').length;
  report({
    bench: 'payments',
    figure: `pending after one reconciliation of ${COUNT} lost webhooks`,
    value: stillPending,
    unit: 'count',
    note: `target 0; ${await ordersOf(lost)} orders made in ${Math.round(took)} ms`,
  });
} finally {
  await app.close();
  await fake.close();
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
  if (!onPglite) await adminQuery(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => undefined);
}
