/**
 * The shop's count of requests in flight (server/wiring/idleMemory.ts) on the real app: clients that
 * hang up mid-request, as a load generator does when it stops, must not stay counted, or the shop is
 * never quiet again and never gives memory back (issue 31's load bench: 400 MB kept after the load).
 * On PostgreSQL fastify called neither onResponse nor onRequestAbort for any of these 100 requests.
 */
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApp, type TestApp } from './app-harness.ts';
import { uploadPrints } from './checkout-helpers.ts';
import { databaseKinds } from './databases.ts';

describe.each(databaseKinds())('requests in flight on the real app on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind, {
      idleMemory: { options: { quietMs: 0, checkMs: 60_000, growthBytes: 0 }, collect: () => {} },
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  it('counts none once clients that hung up mid-request are gone', async () => {
    const cookie = await uploadPrints(t.app, 1);
    const { port } = t.app.server.address() as { port: number };
    const body = '{"autoCorrection":1}';
    const request = `PUT /m/api/webshop/cart/auto-correction HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nOrigin: http://127.0.0.1:${port}\r\nCookie: ${cookie}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body}`;
    await Promise.all(
      Array.from({ length: 100 }, async (_, i) => {
        const socket = net.connect(port, '127.0.0.1');
        await new Promise((r) => socket.once('connect', r));
        socket.write(request);
        // Gone at once, a moment later, or after the answer began: wherever the request then is.
        await new Promise((r) => setTimeout(r, i % 10));
        socket.destroy();
      }),
    );
    await vi.waitFor(() => expect((t.app.idleMemory as unknown as { inFlight: number }).inFlight).toBe(0), {
      timeout: 10_000,
    });
  }, 60_000);
});
