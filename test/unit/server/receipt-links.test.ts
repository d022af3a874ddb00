import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  RECEIPT_LINK_DAYS,
  signReceiptLink,
  verifyReceiptLink,
} from '../../../server/services/identity/receiptLinks.ts';
import { systemClock } from '../../../shop/clock.ts';

const key = randomBytes(32);
const order = '6f1c2a34-5b6d-4e7f-8a9b-0c1d2e3f4a5b';
const now = systemClock.now();
const day = 86_400_000;

describe('signed receipt links (issue 34)', () => {
  it('open their order until they expire, and not a moment after', () => {
    const token = signReceiptLink(key, order, now);
    expect(verifyReceiptLink(key, order, token, now)).toBe(true);
    expect(verifyReceiptLink(key, order.toUpperCase(), token, now)).toBe(true);
    const expires = Number(token.split('.')[0]) * 1000;
    expect(expires - now.getTime()).toBeGreaterThan((RECEIPT_LINK_DAYS - 1) * day);
    expect(verifyReceiptLink(key, order, token, new Date(expires - 1))).toBe(true);
    expect(verifyReceiptLink(key, order, token, new Date(expires))).toBe(false);
  });

  it('do not open another order, nor with another key, a stretched expiry or a changed signature', () => {
    const token = signReceiptLink(key, order, now);
    const [expires, mac] = token.split('.') as [string, string];
    expect(verifyReceiptLink(key, '00000000-0000-4000-8000-000000000000', token, now)).toBe(false);
    expect(verifyReceiptLink(randomBytes(32), order, token, now)).toBe(false);
    expect(verifyReceiptLink(key, order, `${Number(expires) + 86_400}.${mac}`, now)).toBe(false);
    const flipped = `${mac.slice(0, -1)}${mac.endsWith('A') ? 'B' : 'A'}`;
    expect(verifyReceiptLink(key, order, `${expires}.${flipped}`, now)).toBe(false);
  });

  it('refuse what is not a key at all', () => {
    for (const token of [
      '',
      '.',
      'abc',
      `${'9'.repeat(13)}.${'A'.repeat(43)}`,
      `1.${'A'.repeat(42)}`,
      '1.a.b',
    ])
      expect(verifyReceiptLink(key, order, token, now)).toBe(false);
  });
});
