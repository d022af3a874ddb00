/**
 * Every shopper-facing answer in the portal's language (issue 31): "Ugyldig forespørsel: transactionId:
 * The transaction id is not a valid uuid" had English inside a Norwegian sentence. A bad request of each
 * kind goes to each portal; on the Norwegian and Danish ones no English word may be in the answer
 * (field names aside: they are the contract's, the same in every language).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import daServer from '../../public/locale/da_DK/server.json' with { type: 'json' };
import enServer from '../../public/locale/en_GB/server.json' with { type: 'json' };
import nbServer from '../../public/locale/nb_NO/server.json' with { type: 'json' };
import { newSession, startTestApp, type TestApp } from './app-harness.ts';
import { freshEmail, PASSWORD } from './checkout-helpers.ts';
import { databaseKinds } from './databases.ts';

const PORTALS = [
  { host: 'localhost', language: 'en_GB' },
  { host: 'no.localhost', language: 'nb_NO' },
  { host: 'dk.localhost', language: 'da_DK' },
] as const;

/** Every word of a text, lower case, letters only. */
const words = (text: string) => text.toLowerCase().match(/\p{L}{3,}/gu) ?? [];
const strings = (value: unknown): string[] =>
  typeof value === 'string'
    ? [value]
    : value && typeof value === 'object'
      ? Object.values(value).flatMap(strings)
      : [];

/**
 * The English the server could answer with: every word of its English messages and zod's own words,
 * but for the few the other languages write the same way (checked against their files below).
 */
const ENGLISH = new Set([
  ...strings(enServer).flatMap(words),
  ...words('Invalid input expected received string number object array nothing served unrecognized'),
]);

/**
 * Words Norwegian or Danish write as English does: those in that language's own server.json, so the
 * list cannot hide an English word the language does not use.
 */
const SAME_IN: Record<'nb_NO' | 'da_DK', Set<string>> = {
  nb_NO: new Set(
    strings(nbServer)
      .flatMap(words)
      .filter((w) => ENGLISH.has(w)),
  ),
  da_DK: new Set(
    strings(daServer)
      .flatMap(words)
      .filter((w) => ENGLISH.has(w)),
  ),
};

type Answer = {
  status: number;
  body: { error?: string; code?: string; issues?: { path: string; message: string }[] };
};

describe.each(databaseKinds())('answers in the portal’s language on %s (issue 31)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t.close());

  /** The bad requests, one of each kind a shopper's app or a stray link can send. */
  const requests: [string, (host: string, cookie: string) => Promise<Answer>][] = [];
  const send =
    (options: { method?: 'GET' | 'POST' | 'PUT'; url: string; payload?: unknown; raw?: string }) =>
    async (host: string, cookie: string): Promise<Answer> => {
      const res = await t.app.inject({
        method: options.method ?? 'GET',
        url: options.url,
        headers: {
          host,
          cookie,
          ...(options.raw !== undefined ? { 'content-type': 'application/json' } : {}),
        },
        ...(options.raw !== undefined
          ? { payload: options.raw }
          : options.payload !== undefined
            ? { payload: options.payload as object }
            : {}),
      });
      return { status: res.statusCode, body: res.json() };
    };
  const rebate = '/m/api/checkout/rebate-codes/use-rebate-code';
  requests.push(
    ['a field missing', send({ method: 'POST', url: rebate, payload: {} })],
    ['a field of the wrong type', send({ method: 'POST', url: rebate, payload: { code: 5 } })],
    ['a text too short', send({ method: 'POST', url: rebate, payload: { code: '' } })],
    ['an id that is no uuid', send({ method: 'PUT', url: '/m/api/webshop/cart/not-a-uuid', payload: {} })],
    ['a value outside a list', send({ url: '/m/api/templates/posters' })],
    ['JSON that does not parse', send({ method: 'POST', url: rebate, raw: '{"code": ' })],
    ['a path nothing is served at', send({ url: '/m/api/no-such-thing' })],
    ['a wrong rebate code', send({ method: 'POST', url: rebate, payload: { code: 'NO-SUCH-CODE' } })],
    ['a transaction id that is no uuid', send({ url: '/m/api/checkout/transactions/x' })],
  );

  it.each(PORTALS)('words every kind of bad request in $language ($host)', async ({ host, language }) => {
    const cookie = await newSession(t, host);
    for (const [kind, request] of requests) {
      const { status, body } = await request(host, cookie);
      expect(status, kind).toBeGreaterThanOrEqual(400);
      expect(status, kind).toBeLessThan(500);
      expect(body.error, kind).toBeTruthy();
      if (language === 'en_GB') continue;
      // The field names are the contract's: not words of a language.
      let text = [body.error!, ...(body.issues ?? []).map((i) => i.message)].join(' ');
      for (const issue of body.issues ?? []) text = text.replaceAll(issue.path, ' ');
      const english = words(text).filter((w) => ENGLISH.has(w) && !SAME_IN[language].has(w));
      expect(english, `${kind} on ${host}: ${body.error}`).toEqual([]);
    }
  });

  it.each(PORTALS.filter((p) => p.language !== 'en_GB'))(
    'words the login lockout in $language ($host)',
    async ({ host, language }) => {
      const cookie = await newSession(t, host);
      const email = freshEmail('lockout');
      const made = await t.app.inject({
        method: 'POST',
        url: '/ajax/create.php',
        headers: { host },
        remoteAddress: '10.31.200.1',
        payload: { name: 'Kari Nordmann', mobile: '+47 912 34 567', email, password: PASSWORD },
      });
      expect(made.statusCode, made.body).toBe(200);
      let last: Answer | null = null;
      for (let i = 0; i < 12 && last?.status !== 429; i++) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/ajax/login.php',
          headers: { host, cookie },
          remoteAddress: `10.31.${i}.1`,
          payload: { username: email, password: 'not the password' },
        });
        last = { status: res.statusCode, body: res.json() };
      }
      expect(last?.status).toBe(429);
      expect(last?.body.code).toBe('too_many_attempts');
      // And the limit of one address, whichever accounts it tries.
      let fromOne: Answer | null = null;
      for (let i = 0; i < 15 && fromOne?.status !== 429; i++) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/ajax/login.php',
          headers: { host, cookie },
          remoteAddress: `10.32.${language === 'nb_NO' ? 1 : 2}.1`,
          payload: { username: freshEmail('nobody'), password: 'not the password' },
        });
        fromOne = { status: res.statusCode, body: res.json() };
      }
      expect(fromOne?.status).toBe(429);
      // And the route's own limit of requests per address, which answers before any portal code runs.
      let flood: Answer | null = null;
      for (let i = 0; i < 150 && flood?.body.code !== 'too_many_requests'; i++) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/ajax/login.php',
          headers: { host, cookie },
          remoteAddress: `10.33.${language === 'nb_NO' ? 1 : 2}.1`,
          payload: { username: freshEmail('nobody'), password: 'not the password' },
        });
        flood = { status: res.statusCode, body: res.json() };
      }
      expect(flood?.body.code).toBe('too_many_requests');
      for (const answer of [last!, fromOne!, flood!]) {
        const english = words(answer.body.error!).filter((w) => ENGLISH.has(w) && !SAME_IN[language].has(w));
        expect(english, answer.body.error).toEqual([]);
      }
    },
  );
});
