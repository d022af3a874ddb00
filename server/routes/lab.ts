/**
 * The lab's order desk API, `/lab/api/…` (docs/decisions.md, "The lab's order desk"). Every call needs
 * `Authorization: Bearer <LAB_PASSWORD>`; without LAB_PASSWORD every /lab path answers 404, as if the
 * desk did not exist. The page itself (/lab) is the app's, served by app-shell.ts.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { labRoutes as lab, TEMPLATE_PUBLISH_MAX_BYTES } from '../../shop/index.ts';
import type { Db } from '../db/connect.ts';
import { HttpError } from '../errors.ts';
import { errorOnlyRoute, serve } from '../plugins/contract.ts';
import {
  listOrders,
  orderDetail,
  orderFile,
  orderZip,
  passwordMatches,
  recordStatus,
  rerunProduction,
} from '../services/checkout/lab.ts';
import type { OrderJobs } from '../services/checkout/orderJobs.ts';
import { AttemptLimiter } from '../services/limits/attemptLimiter.ts';
import type { Providers } from '../services/payments/index.ts';
import { refundOrder, transactionOfOrder } from '../services/payments/operations.ts';
import { paymentProblems } from '../services/payments/views.ts';
import { publishTemplate, TemplateRefused } from '../services/templates/templateImport.ts';
import type { ObjectStore } from '../storage/objectStore.ts';

const IdempotencyKeyHeader = z
  .string()
  .regex(/^[A-Za-z0-9._:-]{8,100}$/, 'Idempotency-Key is 8 to 100 letters, digits or ._:-')
  .optional();

/** Wrong passwords per client address per minute before every try is refused, the right one too. */
export const LAB_FAILED_ATTEMPTS = 10;
const WINDOW_MS = 60 * 1000;
/** Below this a password is guessable even at 10 tries a minute from many addresses: say so at start. */
const SHORT_PASSWORD = 12;

export interface LabRoutesOptions {
  db: Db;
  /** The storage of the print files (`production/<order>/`). */
  storage: ObjectStore;
  jobs: OrderJobs;
  /** The payment providers: an order's payment, its capture and refunds (issue 29). */
  providers: Providers;
  /** Called with each template version published here (the list previews are drawn for it). */
  onTemplatePublished?: (versions: { uuid: string; version: number }[]) => void;
  /** LAB_PASSWORD; null: the desk is off. */
  password: string | null;
}

export async function labRoutes(app: FastifyInstance, options: LabRoutesOptions) {
  const { password } = options;
  if (password === null) {
    app.log.info("Set LAB_PASSWORD to enable the lab's order desk at /lab");
    const nothing = (request: FastifyRequest, reply: FastifyReply) =>
      reply.status(404).send({ error: `Nothing is served at ${request.method} /lab`, code: 'not_found' });
    const off = {
      schema: errorOnlyRoute('The lab is off (no LAB_PASSWORD): nothing is served here', ['lab']),
    };
    app.all('/lab', off, nothing);
    app.all('/lab/*', off, nothing);
    return;
  }
  if (password.length < SHORT_PASSWORD) {
    app.log.warn(`LAB_PASSWORD is shorter than ${SHORT_PASSWORD} characters: choose a longer one`);
  }
  const deps = {
    db: options.db,
    storage: options.storage,
    jobs: options.jobs,
    providers: options.providers,
    now: () => app.clock.now(),
  };
  // Only wrong passwords count: a desk that polls all day from the lab's one address is never limited.
  const failures = new AttemptLimiter(app.limits, {
    name: 'lab-address',
    limit: LAB_FAILED_ATTEMPTS,
    windowMs: WINDOW_MS,
  });

  // Scoped to this plugin's routes: the shop's own routes never see it.
  app.addHook('onRequest', async (request, reply) => {
    const waitMs = await failures.retryAfterMs(request.ip);
    if (waitMs > 0) {
      const seconds = Math.ceil(waitMs / 1000);
      reply.header('Retry-After', String(Math.max(1, seconds)));
      throw new HttpError(429, 'too_many_attempts', { key: 'too_many_passwords' });
    }
    const match = /^Bearer\s+(.+)$/i.exec(request.headers.authorization ?? '');
    if (!match) {
      reply.header('WWW-Authenticate', 'Bearer realm="lab"');
      throw new HttpError(401, 'unauthorized', { key: 'lab_password_required' });
    }
    if (!passwordMatches(match[1]!, password)) {
      await failures.fail(request.ip);
      throw new HttpError(403, 'forbidden', { key: 'lab_password_wrong' });
    }
    // Order details and print files are the shoppers' own: never kept by a shared cache.
    reply.header('Cache-Control', 'private, no-store');
  });

  serve(app, lab.orders, async (request) => listOrders(deps, request.query));

  serve(app, lab.order, async (request) => orderDetail(deps, request.params.orderUuid));

  serve(app, lab.zip, async (request, reply) => {
    const { stream, fileName } = await orderZip(deps, request.params.orderUuid);
    return reply
      .type('application/zip')
      .header('Content-Disposition', `attachment; filename="${fileName}"`)
      .send(stream);
  });

  serve(app, lab.file, async (request, reply) => {
    const { orderUuid, name } = request.params;
    const { width } = request.query;
    const file = await orderFile(deps, orderUuid, name, width);
    reply.type(file.type);
    if (file.bytes !== null) reply.header('Content-Length', String(file.bytes));
    // A thumbnail is remade from a file that never changes once ready: the browser may keep it a while.
    if (width !== undefined) reply.header('Cache-Control', 'private, max-age=3600');
    return reply.send(file.stream);
  });

  serve(app, lab.status, async (request) =>
    recordStatus(deps, request.params.orderUuid, request.body.status, app.clock.now()),
  );

  // A refund (or the release of an authorisation not yet captured). The desk sends an Idempotency-Key
  // per press, so a retried request is the same refund.
  serve(app, lab.refund, async (request) => {
    const { orderUuid } = request.params;
    const { amount } = request.body;
    const key = IdempotencyKeyHeader.parse(request.headers['idempotency-key']);
    await refundOrder(
      {
        db: options.db,
        providers: options.providers,
        jobs: options.jobs,
        now: () => app.clock.now(),
        log: request.log,
      },
      orderUuid,
      { amount, idempotencyKey: key },
    );
    return orderDetail(deps, orderUuid);
  });

  // A capture that failed after every retry (the desk shows it) is queued again.
  serve(app, lab.capture, async (request) => {
    const { orderUuid } = request.params;
    const detail = await orderDetail(deps, orderUuid);
    if (detail.paymentDetail?.state !== 'authorised') {
      throw new HttpError(409, 'nothing_to_capture');
    }
    await options.jobs.enqueueCapture(options.db, await transactionOfOrder(options.db, orderUuid));
    return detail;
  });

  // Payments the lab must look at: a mismatch has no order to show it on, so the desk lists them here.
  serve(app, lab.paymentProblems, async (request) => paymentProblems(options.db, request.query));

  serve(app, lab.rerun, async (request) => rerunProduction(deps, request.params.orderUuid));

  // Template authors publish from their own machine (npm run templates -- import), not from a shop page.
  serve(
    app,
    lab.publishTemplate,
    { bodyLimit: TEMPLATE_PUBLISH_MAX_BYTES, config: { crossSite: true } },
    async (request, reply) => {
      const body = request.body;
      const art = new Map(Object.entries(body.art).map(([src, b64]) => [src, Buffer.from(b64, 'base64')]));
      try {
        const published = await publishTemplate(deps, body.template, art);
        if (published.outcome !== 'unchanged') options.onTemplatePublished?.([published]);
        return reply
          .status(201)
          .send({ uuid: published.uuid, version: published.version, outcome: published.outcome });
      } catch (error) {
        if (!(error instanceof TemplateRefused)) throw error;
        const changed = error.conflict;
        throw new HttpError(changed ? 409 : 400, changed ? 'changed_design' : 'template_refused', {
          key: 'template_refused',
          values: { problems: error.problems.length },
          extra: { problems: error.problems },
        });
      }
    },
  );

  // An unknown desk call is a JSON 404 (after the password), not the app's page.
  app.all('/lab/api/*', { schema: errorOnlyRoute('An unknown desk call: 404', ['lab']) }, async (request) => {
    throw new HttpError(404, 'not_found', {
      key: 'nothing_served',
      values: { method: request.method, path: request.url.split('?')[0] ?? '' },
    });
  });
}
