/** Shared steps of the production tests: pictures with known content, orders, waiting for files. */
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import type { Db } from '../../server/db/connect.ts';
import { orders } from '../../server/db/schema.ts';
import type { Manifest } from '../../server/storage/manifest.ts';
import type { DeliveryType, PaymentOption } from '../../shop/checkout.ts';
import type { Cart } from '../../shop/contract.ts';

export { uploadPrintPictures } from './checkout-helpers.ts';

export const run = promisify(execFile);

export const QUADRANTS = {
  topLeft: { r: 220, g: 30, b: 30 },
  topRight: { r: 30, g: 200, b: 40 },
  bottomLeft: { r: 30, g: 40, b: 220 },
  bottomRight: { r: 240, g: 220, b: 20 },
} as const;

/** A picture of four flat quadrants, so a print shows which part of it was cropped. */
export async function quadrantPicture(width: number, height: number): Promise<Buffer> {
  const w = Math.floor(width / 2);
  const h = Math.floor(height / 2);
  const tile = (c: { r: number; g: number; b: number }, tw: number, th: number) =>
    sharp({ create: { width: tw, height: th, channels: 3, background: c } })
      .png()
      .toBuffer();
  return sharp({ create: { width, height, channels: 3, background: '#000' } })
    .composite([
      { input: await tile(QUADRANTS.topLeft, w, h), left: 0, top: 0 },
      { input: await tile(QUADRANTS.topRight, width - w, h), left: w, top: 0 },
      { input: await tile(QUADRANTS.bottomLeft, w, height - h), left: 0, top: h },
      { input: await tile(QUADRANTS.bottomRight, width - w, height - h), left: w, top: h },
    ])
    .jpeg({ quality: 95 })
    .toBuffer();
}

export async function cartOf(app: FastifyInstance, cookie: string): Promise<Cart> {
  return (await app.inject({ url: '/m/api/webshop/cart', headers: { cookie } })).json<Cart>();
}

export const contact = { name: 'Ada Lovelace', mobile: '+44 7700 900123', email: 'ada@example.com' };

export const postalAddress = {
  ...contact,
  address: '12 Analytical Row',
  zipcode: 'SW1A 1AA',
  city: 'London',
};

/**
 * The cart's lines become an order, paid by invoice (settled at once): store pickup at the first
 * store, or the first postage option. Answers the order uuid.
 */
export async function placeOrder(
  app: FastifyInstance,
  cookie: string,
  options: {
    delivery?: 'store-pickup' | 'postage';
    customer?: Record<string, string>;
    ordercomment?: string;
  } = {},
): Promise<string> {
  const delivery = options.delivery ?? 'store-pickup';
  const types = (await app.inject({ url: '/m/api/checkout/delivery-options' })).json() as DeliveryType[];
  const type = types.find((d) => d.type === delivery)!;
  const option = delivery === 'store-pickup' ? type.pickupLocations[0]! : type.deliveryOptions[0]!;
  const payments = (
    await app.inject({ url: `/m/api/checkout/delivery-options/${option.uuid}/payment-options` })
  ).json() as PaymentOption[];
  const res = await app.inject({
    method: 'POST',
    url: '/ajax/get_transaction.php',
    headers: { cookie },
    payload: {
      cartfallback: true,
      ordercomment: options.ordercomment ?? '',
      ...(options.customer ?? (delivery === 'postage' ? postalAddress : contact)),
      paymentoption: payments.find((p) => p.type === 'invoice')!.uuid,
      deliveryoption: option.uuid,
    },
  });
  if (res.statusCode !== 200) throw new Error(`confirm failed: ${res.statusCode} ${res.body}`);
  const id = res.json().transactionid as string;
  const state = (await app.inject({ url: `/m/api/checkout/transactions/${id}`, headers: { cookie } })).json();
  if (!state.orderUuid) throw new Error(`no order: ${JSON.stringify(state)}`);
  return state.orderUuid as string;
}

export async function waitFor<T>(
  what: string,
  probe: () => Promise<T | null | undefined | false>,
  timeoutMs = 60_000,
): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > until) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

export async function orderRow(db: Db, orderUuid: string) {
  const [row] = await db.select().from(orders).where(eq(orders.uuid, orderUuid));
  return row!;
}

/** Waits until the order's production is finished (ready or failed); answers its manifest. */
export async function producedManifest(db: Db, dataDir: string, orderUuid: string, timeoutMs = 90_000) {
  const row = await waitFor(
    `order ${orderUuid} to be produced`,
    async () => {
      const r = await orderRow(db, orderUuid);
      return r.productionStatus === 'ready' || r.productionStatus === 'failed' ? r : null;
    },
    timeoutMs,
  );
  const manifest = JSON.parse(
    await readFile(path.join(dataDir, 'production', orderUuid, 'manifest.json'), 'utf8'),
  ) as Manifest;
  return { row, manifest };
}

/** The average colour of a square around (x, y) of an image (fractions of its size). */
export async function colourAt(image: Buffer, fx: number, fy: number) {
  const { data, info } = await sharp(image).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const cx = Math.round(fx * (info.width - 1));
  const cy = Math.round(fy * (info.height - 1));
  const sum = [0, 0, 0];
  let n = 0;
  for (let y = Math.max(0, cy - 3); y <= Math.min(info.height - 1, cy + 3); y++) {
    for (let x = Math.max(0, cx - 3); x <= Math.min(info.width - 1, cx + 3); x++) {
      const at = (y * info.width + x) * info.channels;
      for (let c = 0; c < 3; c++) sum[c]! += data[at + c]!;
      n++;
    }
  }
  return { r: sum[0]! / n, g: sum[1]! / n, b: sum[2]! / n };
}

export function near(
  a: { r: number; g: number; b: number },
  b: { r: number; g: number; b: number },
  tol = 30,
) {
  return Math.abs(a.r - b.r) <= tol && Math.abs(a.g - b.g) <= tol && Math.abs(a.b - b.b) <= tol;
}
