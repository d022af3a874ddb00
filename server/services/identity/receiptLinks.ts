/**
 * Signed receipt links (issue 34): the order mail's link opens the receipt on any device, without the
 * session that ordered. The key is `<expiry>.<mac>`: the expiry in seconds since the epoch and an
 * HMAC-SHA256 of the order and the expiry with the shop's receipt-link key (server_secrets), so a
 * link names one order until one moment, and cannot be made or stretched without the key.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Db } from '../../db/connect.ts';
import { serverSecret } from './serverSecret.ts';

/** How long a mailed link opens its receipt: long enough for a late parcel, a return or a complaint. */
export const RECEIPT_LINK_DAYS = 90;

const loaders = new WeakMap<Db, () => Promise<Buffer>>();

/** The key that signs receipt links: one loader per database, so the route and the mail job read it once. */
export function receiptLinkKey(db: Db): () => Promise<Buffer> {
  let loader = loaders.get(db);
  if (!loader) {
    loader = serverSecret(db, 'receipt-link-key');
    loaders.set(db, loader);
  }
  return loader;
}

const mac = (key: Buffer, orderUuid: string, expires: number) =>
  createHmac('sha256', key).update(`receipt\n${orderUuid.toLowerCase()}\n${expires}`).digest('base64url');

export function signReceiptLink(key: Buffer, orderUuid: string, now: Date): string {
  const expires = Math.floor(now.getTime() / 1000) + RECEIPT_LINK_DAYS * 86_400;
  return `${expires}.${mac(key, orderUuid, expires)}`;
}

/** Whether `token` opens this order's receipt at `now`: made with the key, for this order, not expired. */
export function verifyReceiptLink(key: Buffer, orderUuid: string, token: string, now: Date): boolean {
  const match = /^(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return false;
  const expires = Number(match[1]);
  if (expires * 1000 <= now.getTime()) return false;
  const expected = Buffer.from(mac(key, orderUuid, expires));
  const given = Buffer.from(match[2]!);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
