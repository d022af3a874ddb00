import { describe, expect, it } from 'vitest';
import {
  idempotencyKey,
  reportOfEvent,
  reportOfPayment,
  signVippsWebhook,
  transactionOfReference,
  VippsWebhookEvent,
  vippsAuthorization,
  vippsContentHash,
  vippsReference,
  vippsStringToSign,
  vippsWebhookRefusal,
} from '../../../server/services/payments/vipps.ts';

/**
 * The Webhooks API documentation's own example ("Request authentication"): its secret, URL, body and
 * date, and the content hash and Authorization header Vipps MobilePay sends for them. The date is
 * signed text here; no clock reads it.
 */
const DOCS = {
  secret: 'A0+AeKBRG2KRGvnNwJpQlb6IJFk48CKXCIcrLoHncVJKDILsQSxS6NWCccwWm6r6FhGKhiHTBsG2wo/xU6FY/A==',
  url: 'https://webhook.site/e2cee29b-012e-4f1d-8ef4-e95fd74a7a63',
  body: '{"some-unique-content":"ee6e441b-cc4a-46f8-895d-a5af79bcc233/hello-world"}',
  date: 'Thu, 30 Mar 2023 08:38:32 GMT',
  contentHash: 'lNlsp1XA03N34HrQsVzPgJKtC+r7l/RBF4V3JQUWMj4=',
  authorization:
    'HMAC-SHA256 SignedHeaders=x-ms-date;host;x-ms-content-sha256&Signature=agAiSyogQbDHpeucoNwYz+yAr5nJ+v+zasdkSbqzv+U=',
};

const docsRequest = () => ({
  method: 'POST',
  url: '/e2cee29b-012e-4f1d-8ef4-e95fd74a7a63',
  host: 'webhook.site',
  headers: {
    'x-ms-date': DOCS.date,
    'x-ms-content-sha256': DOCS.contentHash,
    authorization: DOCS.authorization,
  } as Record<string, string | string[] | undefined>,
  body: DOCS.body,
});

describe('Vipps webhook signatures (the Webhooks API)', () => {
  it('give the documentation’s content hash and Authorization header for its example', () => {
    expect(vippsContentHash(DOCS.body)).toBe(DOCS.contentHash);
    const toSign = vippsStringToSign(
      'POST',
      '/e2cee29b-012e-4f1d-8ef4-e95fd74a7a63',
      DOCS.date,
      'webhook.site',
      DOCS.contentHash,
    );
    expect(toSign).toBe(
      `POST\n/e2cee29b-012e-4f1d-8ef4-e95fd74a7a63\n${DOCS.date};webhook.site;${DOCS.contentHash}`,
    );
    expect(vippsAuthorization(DOCS.secret, toSign)).toBe(DOCS.authorization);
    expect(signVippsWebhook(DOCS.secret, DOCS.url, DOCS.body, DOCS.date)).toEqual({
      'x-ms-date': DOCS.date,
      'x-ms-content-sha256': DOCS.contentHash,
      authorization: DOCS.authorization,
    });
  });

  it('accept the documentation’s request and refuse anything changed in it', () => {
    expect(vippsWebhookRefusal(DOCS.secret, docsRequest())).toBeNull();
    const refused = (change: (r: ReturnType<typeof docsRequest>) => void, secret = DOCS.secret) => {
      const request = docsRequest();
      change(request);
      return vippsWebhookRefusal(secret, request);
    };
    expect(refused(() => {}, 'another secret')).toMatch(/signature/);
    expect(refused((r) => (r.body = DOCS.body.replace('hello', 'HELLO')))).toMatch(/content hash/);
    // The body and its hash both changed: the hash is signed, so the signature fails.
    expect(
      refused((r) => {
        r.body = '{}';
        r.headers['x-ms-content-sha256'] = vippsContentHash('{}');
      }),
    ).toMatch(/signature/);
    expect(refused((r) => (r.host = 'attacker.example'))).toMatch(/signature/);
    expect(refused((r) => (r.url = `${r.url}?x=1`))).toMatch(/signature/);
    expect(refused((r) => (r.headers['x-ms-date'] = DOCS.date.replace('08:38:32', '08:38:33')))).toMatch(
      /signature/,
    );
    expect(refused((r) => (r.method = 'PUT'))).toMatch(/signature/);
    for (const name of ['x-ms-date', 'x-ms-content-sha256', 'authorization']) {
      expect(refused((r) => delete r.headers[name])).toMatch(/missing/);
      expect(refused((r) => (r.headers[name] = [String(r.headers[name]), 'twice']))).toMatch(/missing/);
    }
    expect(refused((r) => (r.headers.authorization = DOCS.authorization.toLowerCase()))).toMatch(/signature/);
  });
});

describe('Vipps references and idempotency keys', () => {
  it('name a transaction within Vipps’s 8–50 characters of [a-zA-Z0-9-] and back', () => {
    const uuid = '3f1c2d4e-5a6b-4c7d-8e9f-0a1b2c3d4e5f';
    const reference = vippsReference(uuid);
    expect(reference).toMatch(/^[a-zA-Z0-9-]{8,50}$/);
    expect(transactionOfReference(reference)).toBe(uuid);
    expect(transactionOfReference(uuid)).toBeNull();
    expect(transactionOfReference('ps-not-a-uuid')).toBeNull();
    expect(transactionOfReference(`${reference}x`)).toBeNull();
  });

  it('keys are stable, at most 50 characters, and differ per kind and id', () => {
    const uuid = '3f1c2d4e-5a6b-4c7d-8e9f-0a1b2c3d4e5f';
    expect(idempotencyKey('start', uuid)).toBe(idempotencyKey('start', uuid));
    expect(idempotencyKey('start', uuid)).not.toBe(idempotencyKey('capture', uuid));
    const long = 'x'.repeat(200);
    expect(idempotencyKey('refund', long).length).toBeLessThanOrEqual(50);
    expect(idempotencyKey('refund', long)).toBe(idempotencyKey('refund', long));
    expect(idempotencyKey('refund', long)).not.toBe(idempotencyKey('refund', `${long}y`));
  });
});

describe('what the shop reads from Vipps', () => {
  const nok = (value: number) => ({ currency: 'NOK', value });
  const payment = (
    state: string,
    a: Partial<Record<'authorized' | 'captured' | 'refunded' | 'cancelled', number>>,
  ) =>
    ({
      state,
      reference: 'ps-x',
      aggregate: {
        authorizedAmount: nok(a.authorized ?? 0),
        capturedAmount: nok(a.captured ?? 0),
        refundedAmount: nok(a.refunded ?? 0),
        cancelledAmount: nok(a.cancelled ?? 0),
      },
    }) as Parameters<typeof reportOfPayment>[0];

  it('maps each payment state and the aggregate’s totals', () => {
    expect(reportOfPayment(payment('CREATED', {}))).toEqual({ state: 'pending' });
    expect(reportOfPayment(payment('ABORTED', {}))).toEqual({ state: 'cancelled' });
    expect(reportOfPayment(payment('EXPIRED', {}))).toEqual({ state: 'expired' });
    expect(reportOfPayment(payment('TERMINATED', { authorized: 900, cancelled: 900 }))).toEqual({
      state: 'cancelled',
    });
    const held = { amount: 900, currency: 'NOK' };
    expect(reportOfPayment(payment('AUTHORIZED', { authorized: 900 }))).toEqual({
      state: 'authorised',
      ...held,
      captured: 0,
      refunded: 0,
    });
    expect(reportOfPayment(payment('AUTHORIZED', { authorized: 900, captured: 900 }))).toEqual({
      state: 'captured',
      ...held,
      captured: 900,
      refunded: 0,
    });
    expect(reportOfPayment(payment('AUTHORIZED', { authorized: 900, captured: 900, refunded: 100 }))).toEqual(
      {
        state: 'partly_refunded',
        ...held,
        captured: 900,
        refunded: 100,
      },
    );
    expect(reportOfPayment(payment('AUTHORIZED', { authorized: 900, captured: 900, refunded: 900 }))).toEqual(
      {
        state: 'refunded',
        ...held,
        captured: 900,
        refunded: 900,
      },
    );
    expect(reportOfPayment(payment('AUTHORIZED', { authorized: 900, cancelled: 900 }))).toEqual({
      state: 'cancelled',
    });
  });

  it('takes an authorisation, abort, expiry or termination from the event; asks the API for the rest', () => {
    const event = (name: string, success = true) =>
      VippsWebhookEvent.parse({
        msn: '123456',
        reference: 'ps-3f1c2d4e-5a6b-4c7d-8e9f-0a1b2c3d4e5f',
        pspReference: '1234567891',
        name,
        amount: { currency: 'DKK', value: 35000 },
        timestamp: new Date().toISOString(),
        idempotencyKey: null,
        success,
      });
    expect(reportOfEvent(event('AUTHORIZED'))).toEqual({
      state: 'authorised',
      amount: 35000,
      currency: 'DKK',
    });
    expect(reportOfEvent(event('ABORTED'))).toEqual({ state: 'cancelled' });
    expect(reportOfEvent(event('TERMINATED'))).toEqual({ state: 'cancelled' });
    expect(reportOfEvent(event('EXPIRED'))).toEqual({ state: 'expired' });
    for (const name of ['CAPTURED', 'REFUNDED', 'CANCELLED']) expect(reportOfEvent(event(name))).toBeNull();
    expect(reportOfEvent(event('AUTHORIZED', false))).toBeNull();
    expect(() => event('PAID')).toThrow();
  });
});
