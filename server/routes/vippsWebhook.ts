/**
 * Vipps MobilePay's webhooks (the Webhooks API, ePayment events): `POST /m/api/payments/vipps/webhook`.
 *
 * Each request is checked as the Webhooks API signs it before anything is read: the body's SHA-256
 * must be the `x-ms-content-sha256` header, and the `Authorization` header the HMAC-SHA256 (with the
 * webhook's secret) of `POST\n{path and query}\n{x-ms-date};{host};{content hash}`, where the host is
 * the one the request was sent to (X-Forwarded-Host only behind a proxy TRUST_PROXY believes).
 * Anything else is answered 401, logged, and changes nothing.
 *
 * A signed event is recorded once by its pspReference (each authorisation, capture, refund and cancel
 * has its own), so a repeat changes nothing; an event that carries only its own amount (a capture, a
 * refund, a cancel) is followed by a question to the API for the payment's totals. The report goes
 * through applyPaymentReport, the one place an order is made.
 */
import type { FastifyInstance } from 'fastify';
import { paymentProviderRoutes } from '../../shop/index.ts';
import type { Db } from '../db/connect.ts';
import { HttpError } from '../errors.ts';
import { serve } from '../plugins/contract.ts';
import type { OrderJobs } from '../services/checkout/orderJobs.ts';
import { applyPaymentReport, transactionRow } from '../services/checkout/orders.ts';
import {
  reportOfEvent,
  transactionOfReference,
  type VippsProvider,
  VippsWebhookEvent,
  vippsEventType,
  vippsWebhookRefusal,
} from '../services/payments/vipps.ts';
import { rawJsonBodies } from './payments.ts';

export interface VippsWebhookOptions {
  db: Db;
  vipps: VippsProvider;
  /** The secret the Webhooks API gave when the webhook was registered (VIPPS_WEBHOOK_SECRET). */
  webhookSecret: string;
  jobs: OrderJobs;
}

export async function vippsWebhookRoutes(app: FastifyInstance, options: VippsWebhookOptions) {
  const { db, vipps, webhookSecret, jobs } = options;
  await app.register(async (hook) => {
    rawJsonBodies(hook);

    // Vipps posts from its own servers: the cross-site check is the signature's job here.
    serve(hook, paymentProviderRoutes.vippsWebhook, { config: { crossSite: true } }, async (request) => {
      const raw = typeof request.body === 'string' ? request.body : '';
      const refusal = vippsWebhookRefusal(webhookSecret, {
        method: request.method,
        url: request.url,
        host: request.host,
        headers: request.headers,
        body: raw,
      });
      if (refusal) {
        request.log.warn({ refusal, host: request.host }, 'Vipps webhook refused: not signed by Vipps');
        throw new HttpError(401, 'bad_signature');
      }
      let json: unknown;
      try {
        json = JSON.parse(raw);
      } catch {
        throw new HttpError(400, 'bad_callback');
      }
      const parsed = VippsWebhookEvent.safeParse(json);
      if (!parsed.success) throw new HttpError(400, 'bad_callback');
      const event = parsed.data;
      const uuid = transactionOfReference(event.reference);
      const row = uuid ? await transactionRow(db, uuid) : null;
      if (row?.provider !== 'vipps') {
        // Signed with our secret, so Vipps's; a payment this shop did not make (another system on
        // the same sales unit). Acknowledged, or Vipps would send it again for days.
        request.log.warn(
          { reference: event.reference, name: event.name },
          'Vipps webhook for an unknown payment',
        );
        return { received: true as const, ignored: 'unknown_payment' };
      }
      const report = reportOfEvent(event) ?? (await vipps.statusOf(event.reference));
      const after = await applyPaymentReport(db, row.uuid, report, jobs, app.clock.now(), {
        provider: 'vipps',
        eventId: `${event.reference}:${event.name}:${event.pspReference}`,
        kind: vippsEventType(event),
        body: raw,
      });
      return { received: true as const, status: after.status };
    });
  });
}
