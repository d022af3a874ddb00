/**
 * Shared limits (issue 16): the counters live in the database (or Redis with REDIS_URL), so two
 * instances of the shop count together; login waits grow per account instead of locking the owner out;
 * a client behind a trusted proxy cannot choose its address; uploads and previews are bounded.
 */
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { ACCOUNT_DELAY, LOGIN_LIMIT } from '../../server/routes/identity.ts';
import {
  type LimitStore,
  PostgresLimitStore,
  RedisLimitStore,
} from '../../server/services/limits/limitStore.ts';
import { appBehindProxy, newSession, startTestApp, type TestApp, testConfig } from './app-harness.ts';
import { freshEmail, login, PASSWORD, registeredUser } from './checkout-helpers.ts';
import { type DatabaseKind, databaseKinds, openTestDatabase, type TestDatabase } from './databases.ts';
import { multipartBody } from './multipart.ts';

const redisUrl = process.env.REDIS_URL || null;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The shop's store with the waits (claims) of keys starting with `prefix` made `factor` times longer. */
function stretchedWaits(prefix: string, factor: number) {
  return (store: LimitStore): LimitStore =>
    Object.assign(Object.create(store) as LimitStore, {
      claim: (key: string, ttlMs: number) =>
        store.claim(key, key.startsWith(prefix) ? ttlMs * factor : ttlMs),
    });
}

/** The store contract, for the database's store and Redis's. */
function storeContract(name: string, open: () => Promise<{ store: LimitStore; done: () => Promise<void> }>) {
  describe(`the limit store on ${name}`, () => {
    let store: LimitStore;
    let done: () => Promise<void>;
    const prefix = `test-${Math.random().toString(36).slice(2)}:`;
    beforeAll(async () => {
      ({ store, done } = await open());
    });
    afterAll(async () => {
      await done?.();
    });

    it('counts in a window, reads without counting, takes one back and resets', async () => {
      const key = `${prefix}count`;
      expect(await store.read(key)).toEqual({ current: 0, ttl: 0 });
      expect((await store.incr(key, 60_000)).current).toBe(1);
      const second = await store.incr(key, 60_000);
      expect(second.current).toBe(2);
      expect(second.ttl).toBeGreaterThan(55_000);
      expect(second.ttl).toBeLessThanOrEqual(60_000);
      expect((await store.incr(key, 60_000, 5)).current).toBe(7);
      expect((await store.read(key)).current).toBe(7);
      await store.decr(key);
      expect((await store.read(key)).current).toBe(6);
      await store.reset(key);
      expect(await store.read(key)).toEqual({ current: 0, ttl: 0 });
    });

    it('counts past 2^31 and up to 2^53 without overflowing (a day of uploads is counted in bytes)', async () => {
      const key = `${prefix}bytes`;
      const gib = 1024 ** 3;
      expect((await store.incr(key, 60_000, 2 * gib - 1)).current).toBe(2 * gib - 1);
      // The hit that overflowed a 32-bit counter: 2^31 exactly, then well past it.
      expect((await store.incr(key, 60_000, 1)).current).toBe(2 * gib);
      expect((await store.incr(key, 60_000, 3 * gib)).current).toBe(5 * gib);
      expect((await store.read(key)).current).toBe(5 * gib);
      const big = 2 ** 52;
      expect((await store.incr(key, 60_000, big)).current).toBe(big + 5 * gib);
    });

    it('starts a new window once the old one has ended', async () => {
      const key = `${prefix}window`;
      await store.incr(key, 300);
      await store.incr(key, 300);
      await sleep(450);
      expect((await store.read(key)).current).toBe(0);
      expect((await store.incr(key, 300)).current).toBe(1);
    });

    it('counts parallel hits exactly', async () => {
      const key = `${prefix}parallel`;
      const counts = await Promise.all(Array.from({ length: 40 }, () => store.incr(key, 60_000)));
      expect(new Set(counts.map((c) => c.current)).size).toBe(40);
      expect((await store.read(key)).current).toBe(40);
    });

    it('lets exactly one of parallel claims in, and the next after the wait', async () => {
      const key = `${prefix}claim`;
      const claims = await Promise.all(Array.from({ length: 10 }, () => store.claim(key, 300)));
      expect(claims.filter(Boolean)).toHaveLength(1);
      expect((await store.read(key)).ttl).toBeGreaterThan(0);
      await sleep(400);
      expect(await store.claim(key, 300)).toBe(true);
    });
  });
}

for (const kind of databaseKinds()) {
  let db: TestDatabase;
  storeContract(kind, async () => {
    db = await openTestDatabase(kind, { seed: false });
    return { store: new PostgresLimitStore(db.database.db), done: () => db.drop() };
  });
}
if (redisUrl) {
  storeContract('Redis', async () => {
    const store = new RedisLimitStore(new Redis(redisUrl), `print-shop-test-${process.pid}:`);
    return { store, done: () => store.close() };
  });
}

describe.each(databaseKinds())('login limits, on %s', (kind: DatabaseKind) => {
  let t: TestApp;
  /**
   * The same shop with the account's waits 8 times longer. The first wait is 1 s from the moment the
   * last free attempt was counted, and that attempt's password hash runs inside it: a loaded CI
   * machine outlasted it, and the tests that ask during the wait got in. The rule that starts the
   * waits is the shop's; only their length is stretched.
   */
  let held: TestApp;
  beforeAll(async () => {
    [t, held] = await Promise.all([
      startTestApp(kind),
      startTestApp(kind, { wrapLimitStore: stretchedWaits(`${ACCOUNT_DELAY.name}:wait:`, 8) }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([t?.close(), held?.close()]);
  });

  it('after the free attempts an account waits, even with the right password, and the same for an unknown one', async () => {
    const { app } = held;
    const { email } = await registeredUser(app);
    const unknown = freshEmail('nobody');
    const refusals = [];
    for (const account of [email, unknown]) {
      for (let i = 0; i <= ACCOUNT_DELAY.free; i++) {
        const res = await login(app, account, `wrong ${i}`, { ip: `10.60.${i}.1` });
        expect(res.status).toBe(401);
      }
      // At once after the last checked attempt: the account's first wait is running.
      refusals.push(
        await app.inject({
          method: 'POST',
          url: '/ajax/login.php',
          remoteAddress: '10.60.9.1',
          payload: { username: account, password: PASSWORD },
        }),
      );
    }
    for (const res of refusals) {
      expect(res.statusCode).toBe(429);
      expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(res.json()).toMatchObject({
        code: 'too_many_attempts',
        error: expect.stringMatching(/try again/),
      });
    }
    const [owner, stranger] = refusals;
    expect(owner!.json().error.replace(/\d+/g, 'N')).toBe(stranger!.json().error.replace(/\d+/g, 'N'));
  });

  it('a locked-out owner gets in once the short wait is over, with no 15-minute lock', async () => {
    const { app } = held;
    const { email } = await registeredUser(app);
    for (let i = 0; i <= ACCOUNT_DELAY.free; i++) await login(app, email, 'wrong', { ip: '10.61.0.1' });
    const refused = await login(app, email, PASSWORD, { ip: '10.61.0.2' });
    expect(refused.status).toBe(429);
    // What the answer says to wait (whole seconds, rounded up), and a little more.
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeLessThanOrEqual(8 * (ACCOUNT_DELAY.firstDelayMs / 1000));
    await sleep(retryAfter * 1000 + 300);
    const owner = await login(app, email, PASSWORD, { ip: '10.61.0.3' });
    expect(owner.status).toBe(200);
    // And the slate is clean: the next mistakes are free again.
    expect((await login(app, email, 'wrong', { ip: '10.61.0.4' })).status).toBe(401);
  });

  it('counts parallel guesses too: of 15 at once, only the free ones and one more are checked', async () => {
    const { app } = held;
    const { email } = await registeredUser(app);
    const answers = await Promise.all(
      Array.from({ length: 15 }, (_, i) => login(app, email, `parallel ${i}`, { ip: `10.62.0.${i + 1}` })),
    );
    expect(answers.filter((a) => a.status === 401)).toHaveLength(ACCOUNT_DELAY.free + 1);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(15 - ACCOUNT_DELAY.free - 1);
  });

  it('behind a trusted proxy, a client cannot dodge the address limit by writing its own X-Forwarded-For', async () => {
    const behindProxy = await appBehindProxy(t);
    try {
      const attempt = (i: number) =>
        behindProxy.inject({
          method: 'POST',
          url: '/ajax/login.php',
          // The proxy (127.0.0.1) appends the address it saw; the client wrote the rest.
          headers: { 'x-forwarded-for': `198.51.100.${i}, 203.0.113.7` },
          payload: { username: freshEmail('rotating'), password: 'guess' },
        });
      for (let i = 0; i < LOGIN_LIMIT; i++) {
        const r = await attempt(i);
        expect(r.statusCode, `${i} ${r.body}`).toBe(401);
      }
      expect((await attempt(99)).statusCode).toBe(429);
    } finally {
      await behindProxy.close();
    }
  });
});

/** Two instances of the shop on one database (and one Redis when REDIS_URL is set) count together. */
describe.each(databaseKinds())('limits shared by two instances, on %s', (kind: DatabaseKind) => {
  for (const store of redisUrl ? ['database', 'Redis'] : ['database']) {
    it(`login guesses on either instance add up (${store} counters)`, async () => {
      const db = await openTestDatabase(kind);
      // Two connections to Redis, as two processes would have, under a prefix of this test's own.
      const prefix = `print-shop-test-${process.pid}-${Date.now()}:`;
      const stores = [0, 1].map(() =>
        store === 'Redis' ? new RedisLimitStore(new Redis(redisUrl!), prefix) : undefined,
      );
      const apps = await Promise.all(
        stores.map((limitStore) =>
          buildApp(testConfig(path.join(tmpdir(), 'unused')), {
            database: db.database,
            jobs: { work: false },
            limitStore,
          }),
        ),
      );
      try {
        // One address, ten guesses at ten accounts: five on each instance.
        const address = `10.63.${Math.floor(Math.random() * 200)}.${Math.floor(Math.random() * 200)}`;
        for (let i = 0; i < LOGIN_LIMIT; i++) {
          const res = await login(apps[i % 2]!, freshEmail('shared'), 'guess', { ip: address });
          expect(res.status).toBe(401);
        }
        for (const app of apps)
          expect((await login(app, freshEmail('x'), 'guess', { ip: address })).status).toBe(429);
      } finally {
        await Promise.all(apps.map((app) => app.close()));
        await Promise.all(stores.map((s) => s?.close()));
        await db.drop();
      }
    });
  }
});

describe.each(databaseKinds())('upload and preview limits, on %s', (kind: DatabaseKind) => {
  let t: TestApp;
  let photo: Buffer;
  beforeAll(async () => {
    t = await startTestApp(kind, {
      requestLimits: {
        uploadsPerSessionHour: 3,
        uploadsPerAddressHour: 5,
        picturesPerSessionMinute: 4,
      },
    });
    photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#a53' } })
      .jpeg()
      .toBuffer();
  });
  afterAll(async () => {
    await t?.close();
  });

  const upload = (ip: string, cookie?: string) => {
    const body = multipartBody([{ field: 'file', name: 'p.jpg', bytes: photo }]);
    return t.app.inject({
      method: 'POST',
      url: '/m/api/pictures',
      remoteAddress: ip,
      headers: { 'content-type': body.contentType, ...(cookie ? { cookie } : {}) },
      payload: body.payload,
    });
  };

  it('refuses uploads past the session limit and past the address limit, whatever the cookies', async () => {
    const cookie = await newSession(t);
    for (let i = 0; i < 3; i++) expect((await upload('10.70.0.1', cookie)).statusCode).toBe(200);
    const fourth = await upload('10.70.0.1', cookie);
    expect(fourth.statusCode).toBe(429);
    expect(fourth.headers['retry-after']).toBeDefined();
    // A new session from the same address: the address has one request left of its five (the
    // refused one counted too), then it is used up whatever the cookie.
    expect((await upload('10.70.0.1', await newSession(t))).statusCode).toBe(200);
    expect((await upload('10.70.0.1', await newSession(t))).statusCode).toBe(429);
    expect((await upload('10.70.0.2', await newSession(t))).statusCode).toBe(200);
  });

  it('bounds picture derivatives per session', async () => {
    const cookie = await newSession(t);
    const uploaded = await upload('10.71.0.1', cookie);
    const uuid = uploaded.json().files[0].uuid as string;
    const read = () =>
      t.app.inject({ url: `/system/XPhoto.php?uuid=${uuid}&scaleversion=160`, headers: { cookie } });
    for (let i = 0; i < 4; i++) expect((await read()).statusCode).toBe(200);
    expect((await read()).statusCode).toBe(429);
  });
});

describe.each(databaseKinds())('the daily upload allowance of an address, on %s', (kind: DatabaseKind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind, { requestLimits: { uploadBytesPerAddressDay: 20_000 } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('counts bytes across sessions and refuses once the day is used up', async () => {
    const noisy = await sharp({
      create: {
        width: 160,
        height: 120,
        channels: 3,
        background: '#888',
        noise: { type: 'gaussian', mean: 128, sigma: 60 },
      },
    })
      .jpeg({ quality: 95 })
      .toBuffer();
    expect(noisy.length).toBeGreaterThan(10_000);
    const send = async () => {
      const body = multipartBody([{ field: 'file', name: 'n.jpg', bytes: noisy }]);
      return t.app.inject({
        method: 'POST',
        url: '/m/api/pictures',
        remoteAddress: '10.72.0.1',
        headers: { 'content-type': body.contentType, cookie: await newSession(t) },
        payload: body.payload,
      });
    };
    expect((await send()).statusCode).toBe(200);
    expect((await send()).statusCode).toBe(200);
    const third = await send();
    expect(third.statusCode).toBe(429);
    expect(third.json()).toMatchObject({ code: 'upload_quota' });
  });
});

describe.each(databaseKinds())(
  'the upload allowance at its edge (4 GiB, past 2^31 bytes), on %s',
  (kind: DatabaseKind) => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp(kind);
    });
    afterAll(async () => {
      await t?.close();
    });

    // A picture of its own each time: the same bytes again would be the picture already there (issue 34).
    let shade = 0;
    const picture = () =>
      sharp({
        create: { width: 64, height: 48, channels: 3, background: { r: 40, g: 120, b: shade++ % 256 } },
      })
        .jpeg()
        .toBuffer();
    const send = async (address: string, cookie: string) => {
      const body = multipartBody([{ field: 'file', name: 'p.jpg', bytes: await picture() }]);
      return t.app.inject({
        method: 'POST',
        url: '/m/api/pictures',
        remoteAddress: address,
        headers: { 'content-type': body.contentType, cookie },
        payload: body.payload,
      });
    };
    const recent = async (cookie: string) =>
      (await t.app.inject({ url: '/m/api/user/recent-images', headers: { cookie } })).json().images
        .length as number;

    it('goes on counting an address past 2 GiB, and refuses at 4 GiB keeping nothing', async () => {
      const address = '10.73.0.1';
      const key = `upload-bytes:${address}`;
      const allowance = t.app.requestLimits.uploadBytesPerAddressDay;
      expect(allowance).toBeGreaterThan(2 ** 31);
      const cookie = await newSession(t);
      // An address that has sent just under 2 GiB today: its next upload takes the count past 2^31.
      await t.app.limits.incr(key, 60_000, 2 ** 31 - 10);
      const across = await send(address, cookie);
      expect(across.statusCode).toBe(200);
      expect((await t.app.limits.read(key)).current).toBeGreaterThan(2 ** 31);
      expect(await recent(cookie)).toBe(1);
      // Just under the allowance an upload is still taken; once it is used up, the next is refused and
      // leaves no picture behind.
      const { current } = await t.app.limits.read(key);
      await t.app.limits.incr(key, 60_000, allowance - current - 1);
      expect((await send(address, cookie)).statusCode).toBe(200);
      expect(await recent(cookie)).toBe(2);
      const refused = await send(address, cookie);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ code: 'upload_quota' });
      expect(await recent(cookie)).toBe(2);
    });
  },
);
