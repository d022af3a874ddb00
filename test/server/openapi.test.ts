/**
 * The OpenAPI document (GET /openapi.json, issue 30): generated from the route table in shop/api/,
 * it lists every route the app registers, and every JSON operation has a response schema. Answers
 * are checked against their schemas: a mismatch fails the request in tests (strictAnswers) and is
 * logged and sent as it is otherwise.
 */
import Fastify, { type RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { contractPlugin, serve } from '../../server/plugins/contract.ts';
import { errorsPlugin } from '../../server/plugins/errors.ts';
import { defineRoute, errors } from '../../shop/api/route.ts';
import { fixtureDist, startTestApp, type TestApp } from './app-harness.ts';

interface Operation {
  responses?: Record<string, { content?: Record<string, { schema?: unknown }> }>;
}
type OpenApi = { openapi: string; paths: Record<string, Record<string, Operation>> };

/** fastify's `/a/:b/*` as OpenAPI writes it: `/a/{b}/{*}`. */
const openApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}').replace(/\*$/, '{*}');

/** Routes whose answers are JSON: the API, the legacy calls, the desk's API, this document. */
const isJsonRoute = (url: string) =>
  /^\/(m2?\/api|ajax|system|lab\/api)(\/|$)/.test(url) || url === '/openapi.json';

describe('the OpenAPI document', () => {
  const routes: RouteOptions[] = [];
  let t: TestApp;
  let doc: OpenApi;
  let distDir: string;

  beforeAll(async () => {
    distDir = fixtureDist();
    t = await startTestApp('pglite', {
      distDir,
      harness: true,
      labPassword: 'a lab password for the document',
      onRoute: (route) => routes.push(route),
    });
    const answer = await t.app.inject({ url: '/openapi.json' });
    expect(answer.statusCode).toBe(200);
    doc = answer.json<OpenApi>();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('is OpenAPI 3.1 and has the shop and the lab', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.paths['/m/api/webshop/cart']).toBeDefined();
    expect(doc.paths['/lab/api/orders']?.get).toBeDefined();
  });

  it('lists every registered route', () => {
    const methods = (route: RouteOptions) => (Array.isArray(route.method) ? route.method : [route.method]);
    const missing = routes.flatMap((route) =>
      methods(route)
        // fastify adds a HEAD for each GET: the same operation.
        .filter(
          (method) =>
            method !== 'HEAD' || !routes.some((r) => r.url === route.url && methods(r).includes('GET')),
        )
        .filter((method) => !doc.paths[openApiPath(route.url)]?.[method.toLowerCase()])
        .map((method) => `${method} ${route.url}`),
    );
    expect(routes.length).toBeGreaterThan(50);
    expect(missing).toEqual([]);
  });

  it('has a response schema for every JSON operation', () => {
    const hasSchema = (answer: { content?: Record<string, { schema?: unknown }> }) =>
      Object.values(answer.content ?? {}).some((c) => c.schema);
    const without: string[] = [];
    for (const [path, operations] of Object.entries(doc.paths)) {
      if (!isJsonRoute(path)) continue;
      for (const [method, operation] of Object.entries(operations)) {
        const answers = Object.entries(operation.responses ?? {});
        // A 204 and a redirect have no body; a catch-all answers only its error (404).
        const bodies = answers.filter(([status]) => status !== '204' && !status.startsWith('3'));
        const described = bodies.length > 0 && bodies.every(([, answer]) => hasSchema(answer));
        if (!described) without.push(`${method.toUpperCase()} ${path}`);
      }
    }
    expect(without).toEqual([]);
  });

  it("describes the lab's answers field by field", () => {
    const answer = doc.paths['/lab/api/orders/{orderUuid}']?.get?.responses?.['200'];
    const schema = JSON.stringify(answer?.content?.['application/json']?.schema);
    for (const field of ['paymentDetail', 'manifest', 'nextStatuses', 'reference'])
      expect(schema).toContain(field);
  });
});

describe('answers checked against their schemas', () => {
  const Answer = z.object({ total: z.number() });
  const route = defineRoute({
    method: 'GET',
    path: '/m/api/probe',
    summary: 'A probe',
    tags: ['test'],
    responses: { 200: Answer, ...errors(400) },
  });

  async function probeApp(strictAnswers: boolean, answer: unknown) {
    const lines: string[] = [];
    const app = Fastify({
      logger: { level: 'error', stream: { write: (line: string) => lines.push(line) } },
    });
    await app.register(contractPlugin, { strictAnswers });
    await app.register(errorsPlugin);
    serve(app, route, async () => answer as { total: number });
    await app.ready();
    return { app, lines };
  }

  it('serialises from the schema: a field the schema lacks is not sent', async () => {
    const { app } = await probeApp(true, { total: 5, secret: 'not in the contract' });
    const answer = await app.inject({ url: '/m/api/probe' });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ total: 5 });
    await app.close();
  });

  it('fails an answer that does not match when strict (the tests)', async () => {
    const { app } = await probeApp(true, { total: 'five' });
    const answer = await app.inject({ url: '/m/api/probe' });
    expect(answer.statusCode).toBe(500);
    expect(answer.json()).toMatchObject({ code: 'internal' });
    await app.close();
  });

  it('logs a mismatch and sends the answer when not strict (production)', async () => {
    const { app, lines } = await probeApp(false, { total: 'five' });
    const answer = await app.inject({ url: '/m/api/probe' });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ total: 'five' });
    expect(lines.join('\n')).toContain('does not match its schema');
    await app.close();
  });

  it('answers a request its schema refuses with the 400 the handlers gave', async () => {
    const app = Fastify({ logger: false });
    await app.register(contractPlugin, { strictAnswers: true });
    await app.register(errorsPlugin);
    const withQuery = defineRoute({
      method: 'GET',
      path: '/m/api/probe',
      summary: 'A probe',
      tags: ['test'],
      query: z.object({ n: z.coerce.number().int('n must be a whole number') }),
      responses: { 200: z.object({ n: z.number() }), ...errors(400) },
    });
    serve(app, withQuery, async (request) => ({ n: request.query.n }));
    const ok = await app.inject({ url: '/m/api/probe?n=3' });
    expect(ok.json()).toEqual({ n: 3 });
    const refused = await app.inject({ url: '/m/api/probe?n=1.5' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      // Worded by the server's own keys, whatever the schema's message (server/validationMessages.ts).
      error: 'Invalid request: n: should be a whole number',
      code: 'invalid_request',
      issues: [{ path: 'n', message: 'should be a whole number' }],
    });
    await app.close();
  });
});
