import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messageIn } from '../../server/plugins/errors.ts';
import { waitPhrase } from '../../shop/messages.ts';
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
  it('words a message in each portal language, English included, with its values', () => {
    expect(messageIn('da_DK', 'rebate_unknown')).toBe('Denne rabatkode er ikke gyldig');
    expect(messageIn('nb_NO', 'line_quantity_limit', { max: 99 })).toBe(
      'For mange av én vare: du kan bestille høyst 99',
    );
    // English comes from en_GB/server.json too: no English is written in the server's code.
    expect(messageIn('en_GB', 'rebate_unknown')).toBe('This rebate code is not valid');
    // A host no portal has, and a portal language with no words of its own (en_US): English.
    expect(messageIn(undefined, 'notFound.order')).toBe('The order was not found');
    expect(messageIn('en_US', 'notFound.order')).toBe('The order was not found');
  });

  it('words phrase values in the same language, and groups counts the language’s way', () => {
    const wait = { wait: waitPhrase(300) };
    expect(messageIn('en_GB', 'too_many_requests', wait)).toBe(
      'Too many requests. Please try again in 5 minutes.',
    );
    expect(messageIn('nb_NO', 'too_many_requests', wait)).toBe(
      'For mange forespørsler. Prøv igjen om 5 minutter.',
    );
    expect(messageIn('da_DK', 'too_many_requests', { wait: waitPhrase(1) })).toBe(
      'For mange forespørgsler. Prøv igen om et sekund.',
    );
    const over = { max: 5000, found: 5001 };
    expect(messageIn('en_GB', 'order_quantity_limit', over)).toMatch(/at most 5,000 .* would hold 5,001\./);
    expect(messageIn('nb_NO', 'order_quantity_limit', over)).toMatch(/høyst 5\s000 .* ville hatt 5\s001/);
    // A context picks the wording a kind of template takes.
    expect(messageIn('nb_NO', 'line.yearsPast', { context: 'calendar' })).toMatch(/^Denne kalenderen/);
    expect(messageIn('nb_NO', 'line.yearsPast', { context: 'design' })).toMatch(/^Dette designet/);
  });
});
