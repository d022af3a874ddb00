import { describe, expect, it } from 'vitest';
import { signBody, verifyBody } from '../../../server/services/payments/signature.ts';
import { testCardProvider } from '../../../server/services/payments/testCard.ts';

const id = '3f1c2d4e-5a6b-4c7d-8e9f-0a1b2c3d4e5f';

describe('callback signatures', () => {
  it('signs with HMAC-SHA256 as sha256=<hex> and verifies only the same body and key', () => {
    const body = JSON.stringify({ transactionId: id, result: 'paid', amount: 500 });
    const sig = signBody('k', body);
    expect(sig).toMatch(/^sha256=[0-9a-f]{64}$/);
    // RFC 4231-style known answer: HMAC-SHA256("key", "The quick brown fox jumps over the lazy dog").
    expect(signBody('key', 'The quick brown fox jumps over the lazy dog')).toBe(
      'sha256=f7bc83f430538424b13298e6aa6fb143ef4d59a14946175997479dbc2d1a3cd8',
    );
    expect(verifyBody('k', body, sig)).toBe(true);
    expect(verifyBody('other', body, sig)).toBe(false);
    expect(verifyBody('k', `${body} `, sig)).toBe(false);
    expect(verifyBody('k', body, undefined)).toBe(false);
    expect(verifyBody('k', body, sig.toUpperCase())).toBe(false);
    expect(verifyBody('k', body, 'sha256=abc')).toBe(false);
  });

  it('the test card provider reads a signed callback and tells a bad signature from a bad body', () => {
    const provider = testCardProvider('secret');
    const body = JSON.stringify({ transactionId: id, result: 'declined', amount: 1234 });
    expect(provider.verifyCallback(body, signBody('secret', body))).toEqual({
      transactionUuid: id,
      eventId: `${id}:declined`,
      report: { state: 'declined' },
    });
    const paid = JSON.stringify({ transactionId: id, result: 'paid', amount: 1234 });
    expect(provider.verifyCallback(paid, signBody('secret', paid))).toMatchObject({
      report: { state: 'authorised', amount: 1234 },
    });
    expect(provider.verifyCallback(body, signBody('wrong', body))).toBe('bad-signature');
    const junk = '{"transactionId":"x"}';
    expect(provider.verifyCallback(junk, signBody('secret', junk))).toBe('bad-body');
    expect(provider.verifyCallback('not json', signBody('secret', 'not json'))).toBe('bad-body');
  });

  it('sends the shopper to its page, named by the transaction', async () => {
    const provider = testCardProvider('secret');
    const started = await provider.start(
      {
        uuid: id,
        amount: 1,
        currencyCode: 'GBP',
        state: 'pending',
        providerRef: null,
        captured: 0,
        refunded: 0,
        snapshot: {} as never,
      },
      { origin: 'http://localhost' },
    );
    expect(started).toEqual({ redirectUrl: `/payments/test-card/${id}`, providerRef: id });
  });
});
