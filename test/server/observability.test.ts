/**
 * What operations see (issue 16): /healthz, request ids in answers and logs, /metrics behind its
 * token, and the browser's error reports.
 */
import Fastify from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/connect.ts';
import { HEALTH_TIMEOUT_MS, healthRoutes } from '../../server/plugins/health.ts';
import { startTestApp, type TestApp } from './app-harness.ts';
import { uploadPrintPictures } from './checkout-helpers.ts';
import { databaseKinds } from './databases.ts';
import { placeOrder, waitFor } from './production-helpers.ts';

const TOKEN = 'scrape-me-please';
/** Error reports per address and minute in these tests (the shop's own default is higher). */
const REPORTS_PER_MINUTE = 5;

/** Collects the app's log lines (pino's JSON). */
function logLines() {
  const lines: Record<string, unknown>[] = [];
  return { lines, stream: { write: (line: string) => void lines.push(JSON.parse(line)) } };
}

const report = {
  kind: 'error',
  message: 'TypeError: cart.lines is undefined',
  stack:
    'TypeError: cart.lines is undefined\n    at CartPage (https://shop.example/m/assets/index-abc.js:1:2)',
  url: 'https://shop.example/m/cart',
  userAgent: 'Mozilla/5.0 (iPhone)',
};

describe.each(databaseKinds())('observability on %s', (kind) => {
  let t: TestApp;
  const log = logLines();
  beforeAll(async () => {
    // pg-boss counts its queues when it monitors them: each second here, so the depth shows soon.
    t = await startTestApp(kind, {
      metricsToken: TOKEN,
      logStream: log.stream,
      jobs: { timing: { superviseIntervalSeconds: 1 } },
      requestLimits: { clientErrorsPerAddressMinute: REPORTS_PER_MINUTE },
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('GET /healthz', () => {
    it('answers ok for the process and the database, without a session', async () => {
      const res = await t.app.inject({ url: '/healthz' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 'ok', database: 'ok' });
      expect(res.headers['set-cookie']).toBeUndefined();
      expect(res.headers['cache-control']).toBe('no-store');
    });

    it('is not limited: a prober asking often always gets its answer', async () => {
      const statuses = new Set<number>();
      for (let i = 0; i < 40; i++) {
        statuses.add((await t.app.inject({ url: '/healthz' })).statusCode);
      }
      expect([...statuses]).toEqual([200]);
    });
  });

  describe('request ids', () => {
    it('gives each request an id of its own, in the answer', async () => {
      const a = await t.app.inject({ url: '/m/api/portal' });
      const b = await t.app.inject({ url: '/m/api/portal' });
      expect(a.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      expect(b.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      expect(a.headers['x-request-id']).not.toBe(b.headers['x-request-id']);
    });

    it('keeps a sane id from the proxy, on errors too', async () => {
      const id = 'nginx-5f2a9c0e1b7d4c3a';
      const ok = await t.app.inject({ url: '/m/api/portal', headers: { 'x-request-id': id } });
      expect(ok.headers['x-request-id']).toBe(id);
      const missing = await t.app.inject({ url: '/m/api/no-such-thing', headers: { 'x-request-id': id } });
      expect(missing.statusCode).toBe(404);
      expect(missing.headers['x-request-id']).toBe(id);
    });

    it.each([
      ['too long', 'a'.repeat(129)],
      ['with spaces', 'forged id'],
      ['with a quote', 'id"}{"level":60'],
    ])('replaces an incoming id %s', async (_, id) => {
      const res = await t.app.inject({ url: '/m/api/portal', headers: { 'x-request-id': id } });
      expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    });
  });

  describe('browser error reports', () => {
    // Each test speaks from its own address: the limit is per address.
    let address = 0;
    const post = (payload: unknown, remoteAddress: string, headers: Record<string, string> = {}) =>
      t.app.inject({
        method: 'POST',
        url: '/m/api/client-errors',
        payload: payload as object,
        remoteAddress,
        headers,
      });

    it('logs a report at warn with the request id', async () => {
      const from = `10.16.0.${++address}`;
      const res = await post(report, from, { 'x-request-id': 'report-trace-1' });
      expect(res.statusCode).toBe(204);
      const line = log.lines.find((l) => l.reqId === 'report-trace-1' && l.msg === 'Browser error');
      expect(line).toMatchObject({ level: 40, clientError: report });
    });

    it('takes the user agent from the request when the report has none', async () => {
      const { userAgent: _, ...bare } = report;
      const res = await post(bare, `10.16.0.${++address}`, {
        'x-request-id': 'report-trace-2',
        'user-agent': 'Mozilla/5.0 (Android)',
      });
      expect(res.statusCode).toBe(204);
      const line = log.lines.find((l) => l.reqId === 'report-trace-2' && l.msg === 'Browser error');
      expect(line?.clientError).toMatchObject({ userAgent: 'Mozilla/5.0 (Android)' });
    });

    it.each([
      ['no message', { ...report, message: '' }, 'message'],
      ['an unknown kind', { ...report, kind: 'panic' }, 'kind'],
      ['a stack too long', { ...report, stack: 'x'.repeat(8001) }, 'stack'],
      ['no url', { kind: 'error', message: 'boom' }, 'url'],
    ])('refuses a report with %s (400 naming the field)', async (_, body, field) => {
      const res = await post(body, `10.16.0.${++address}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().issues.map((i: { path: string }) => i.path)).toContain(field);
    });

    it('refuses a body far beyond any report (413)', async () => {
      const res = await post({ ...report, padding: 'x'.repeat(20_000) }, `10.16.0.${++address}`);
      expect(res.statusCode).toBe(413);
    });

    it('limits each address, with Retry-After; another address is not affected', async () => {
      const from = `10.16.0.${++address}`;
      for (let i = 0; i < REPORTS_PER_MINUTE; i++) {
        expect((await post(report, from)).statusCode).toBe(204);
      }
      const refused = await post(report, from);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ code: 'too_many_requests' });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect((await post(report, `10.16.0.${++address}`)).statusCode).toBe(204);
    });
  });

  describe('GET /metrics', () => {
    const scrape = async () => {
      const res = await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/plain/);
      return res.body;
    };
    /** The value of one sample, by its name and labels as printed. */
    const sample = (text: string, series: string) =>
      Number(
        text
          .split('\n')
          .find((l) => l.startsWith(`${series} `))
          ?.split(' ')[1] ?? Number.NaN,
      );

    it('wants the scraper’s bearer token', async () => {
      expect((await t.app.inject({ url: '/metrics' })).statusCode).toBe(401);
      const wrong = await t.app.inject({ url: '/metrics', headers: { authorization: 'Bearer guess' } });
      expect(wrong.statusCode).toBe(401);
      expect(wrong.headers['www-authenticate']).toBe('Bearer');
    });

    it('has the process’s own metrics', async () => {
      const text = await scrape();
      expect(text).toContain('process_cpu_user_seconds_total');
      expect(text).toContain('nodejs_eventloop_lag_seconds');
    });

    it('times requests by route pattern, method and status class, not by raw URL', async () => {
      const before = sample(
        await scrape(),
        'http_request_duration_seconds_count{route="/m/api/portal",method="GET",status_class="2xx"}',
      );
      await t.app.inject({ url: '/m/api/portal?probe=1' });
      await t.app.inject({ url: '/m/api/portal?probe=2' });
      await t.app.inject({ url: '/m/api/unknown-route-abc123' });
      const text = await scrape();
      expect(
        sample(
          text,
          'http_request_duration_seconds_count{route="/m/api/portal",method="GET",status_class="2xx"}',
        ),
      ).toBe((Number.isNaN(before) ? 0 : before) + 2);
      expect(text).toMatch(
        /http_request_duration_seconds_count\{route="\(unmatched\)",method="GET",status_class="4xx"\} \d+/,
      );
      expect(text).not.toContain('probe=');
      expect(text).not.toContain('abc123');
    });

    it('counts the bytes uploads store, and the order queues’ depth', async () => {
      const before = sample(await scrape(), 'shop_upload_bytes_total');
      const photos = await Promise.all(
        ['#c04030', '#3040c0'].map(async (background, i) => ({
          name: `photo${i}.jpg`,
          bytes: await sharp({ create: { width: 60, height: 40, channels: 3, background } })
            .jpeg()
            .toBuffer(),
        })),
      );
      const cookie = await uploadPrintPictures(t.app, photos);
      await placeOrder(t.app, cookie);
      expect(sample(await scrape(), 'shop_upload_bytes_total')).toBe(
        before + photos[0]!.bytes.length + photos[1]!.bytes.length,
      );
      // This app does not work its queues (app-harness), so the order's jobs wait there.
      const text = await waitFor(
        'the order’s jobs counted',
        async () => {
          const scraped = await scrape();
          return (
            sample(scraped, 'shop_job_queue_jobs{queue="order-production",state="queued"}') === 1 && scraped
          );
        },
        15_000,
      );
      expect(sample(text, 'shop_job_queue_jobs{queue="order-email",state="queued"}')).toBe(1);
      expect(sample(text, 'shop_job_queue_jobs{queue="order-production",state="active"}')).toBe(0);
    });
  });
});

describe('without METRICS_TOKEN', () => {
  it('answers 404 at /metrics, whatever the token', async () => {
    const t = await startTestApp('pglite', { metricsToken: null });
    try {
      const res = await t.app.inject({ url: '/metrics', headers: { authorization: 'Bearer ' } });
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toContain('METRICS_TOKEN');
    } finally {
      await t.close();
    }
  });
});

describe('/healthz when the database does not answer', () => {
  const appOn = async (execute: () => Promise<unknown>) => {
    const app = Fastify();
    await app.register(healthRoutes, { database: { db: { execute } } as unknown as Database });
    return app;
  };

  it('answers 503 when the query fails', async () => {
    const app = await appOn(() =>
      Promise.reject(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' })),
    );
    const res = await app.inject({ url: '/healthz' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 'unavailable', database: 'unavailable' });
  });

  it('answers 503 within its timeout when the query hangs', async () => {
    const app = await appOn(() => new Promise(() => {}));
    const started = Date.now();
    const res = await app.inject({ url: '/healthz' });
    expect(res.statusCode).toBe(503);
    expect(Date.now() - started).toBeLessThan(HEALTH_TIMEOUT_MS + 1000);
  });
});
