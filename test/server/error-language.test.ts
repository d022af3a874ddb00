import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messageIn } from '../../server/plugins/errors.ts';
import { newSession, startTestApp, type TestApp } from './app-harness.ts';
import { databaseKinds } from './databases.ts';

describe.each(databaseKinds())('error messages in the portal language on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t.close());

  it.each([
    ['localhost', 'Log in to see your orders'],
    ['no.localhost', 'Logg inn for å se bestillingene dine'],
    // The American portal has no words of its own: English.
    ['us.localhost', 'Log in to see your orders'],
  ])('answers a logged-out shopper on %s in its language, keeping the code', async (host, error) => {
    const res = await t.app.inject({ url: '/m/api/orders', headers: { host } });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error, code: 'not_logged_in' });
  });

  it.each([
    ['localhost', 'This rebate code is not valid'],
    ['no.localhost', 'Denne rabattkoden er ikke gyldig'],
  ])('refuses a wrong rebate code on %s in its language', async (host, error) => {
    const cookie = await newSession(t, host);
    const res = await t.app.inject({
      method: 'POST',
      url: '/m/api/checkout/rebate-codes/use-rebate-code',
      headers: { host, cookie },
      payload: { code: 'NO-SUCH-CODE' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error, code: 'rebate_unknown' });
  });

  it('answers a refused input in Norwegian too, naming the field', async () => {
    const cookie = await newSession(t, 'no.localhost');
    const res = await t.app.inject({
      method: 'POST',
      url: '/m/api/checkout/rebate-codes/use-rebate-code',
      headers: { host: 'no.localhost', cookie },
      payload: { code: '' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'invalid_request',
      error: expect.stringMatching(/^Ugyldig forespørsel: code/),
    });
  });
});

describe('messageIn', () => {
  it('words a message in each portal language, with its values', () => {
    expect(messageIn('da_DK', 'rebate_unknown', 'This rebate code is not valid')).toBe(
      'Denne rabatkode er ikke gyldig',
    );
    expect(messageIn('nb_NO', 'line_quantity_limit', 'At most 99 …', { max: 99 })).toBe(
      'For mange av én vare: du kan bestille høyst 99',
    );
    expect(messageIn('en_GB', 'rebate_unknown', 'The detailed English')).toBe('The detailed English');
    expect(messageIn(undefined, 'not_found', 'The order was not found')).toBe('The order was not found');
  });
});
