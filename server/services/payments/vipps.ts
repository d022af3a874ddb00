/**
 * Vipps MobilePay's ePayment API (docs/payments.md), spoken with fetch: one payment per transaction,
 * authorised in the Vipps or MobilePay app and captured when the order leaves the lab.
 *
 * - An access token from `POST /accesstoken/get` is kept until shortly before it expires (an hour in
 *   the test environment, a day in production) and fetched again once when the API says 401.
 * - A payment's `reference` and every Idempotency-Key are derived from the transaction (or the
 *   refund), so a retry after a timeout or a 5xx is a replay at Vipps, never a second payment.
 * - The payment's state is read from the API (`GET /epayment/v1/payments/{reference}`): its state and
 *   aggregate (authorised, captured, refunded, cancelled) are what the shop believes, never the browser.
 * - Webhooks (the Webhooks API) are signed with HMAC-SHA256 over the method, path and query, date,
 *   host and content hash; `verifyVippsWebhook` checks them on the raw body.
 *
 * MobilePay (Denmark, Finland) is the same API and the same keys' kind: the currency (DKK) and the
 * sales unit decide which app the shopper sees.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { type PaymentReport, paymentProviderRoutes } from '../../../shop/index.ts';
import type { VippsSettings } from '../../config.ts';
import {
  type PaymentProvider,
  ProviderRefused,
  type ProviderTransaction,
  ProviderUnavailable,
  returnUrl,
} from './provider.ts';

/** What the shop tells Vipps it is (the Vipps-System-* headers help their support find our calls). */
export const VIPPS_SYSTEM_HEADERS = {
  'Vipps-System-Name': 'print-shop',
  'Vipps-System-Version': '0.1.0',
  'Vipps-System-Plugin-Name': 'print-shop-epayment',
  'Vipps-System-Plugin-Version': '1.0.0',
} as const;

/** Where Vipps sends the signed webhooks (server/routes/vippsWebhook.ts). */
export const VIPPS_WEBHOOK_PATH = paymentProviderRoutes.vippsWebhook.path;

/** The ePayment events the shop registers for (docs/payments.md) and reads. */
export const VIPPS_WEBHOOK_EVENTS = [
  'epayments.payment.authorized.v1',
  'epayments.payment.aborted.v1',
  'epayments.payment.expired.v1',
  'epayments.payment.cancelled.v1',
  'epayments.payment.captured.v1',
  'epayments.payment.refunded.v1',
  'epayments.payment.terminated.v1',
] as const;

/**
 * Days a Vipps MobilePay reservation can be captured: 14 for MobilePay (Denmark, Finland), after which
 * Vipps MobilePay cancels it; Vipps in Norway allows 180. One provider serves both, so the desk flags
 * a payment by the shorter deadline (the developer docs' "Reserve and capture").
 */
export const VIPPS_HOLD_DAYS = 14;

/** A transaction's payment at Vipps: `ps-` and its uuid (Vipps allows 8–50 of [a-zA-Z0-9-]). */
export const vippsReference = (transactionUuid: string) => `ps-${transactionUuid}`;

/** The transaction a reference names, or null when the reference is not one the shop made. */
export function transactionOfReference(reference: string): string | null {
  const m = /^ps-([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i.exec(reference);
  return m ? m[1]!.toLowerCase() : null;
}

/** An Idempotency-Key of at most 50 characters (Vipps's limit); a longer one is hashed, as stable. */
export function idempotencyKey(kind: string, id: string): string {
  const key = `${kind}-${id}`;
  return key.length <= 50
    ? key
    : `${kind.slice(0, 8)}-${createHash('sha256').update(key).digest('hex').slice(0, 40)}`;
}

const Money = z.object({ currency: z.string(), value: z.number().int() });

const Aggregate = z.object({
  authorizedAmount: Money,
  cancelledAmount: Money,
  capturedAmount: Money,
  refundedAmount: Money,
});

const VippsState = z.enum(['CREATED', 'ABORTED', 'EXPIRED', 'AUTHORIZED', 'TERMINATED']);

/** The parts of GetPaymentResponse and ModificationResponse the shop reads. */
const PaymentAnswer = z.object({ state: VippsState, aggregate: Aggregate, reference: z.string() });

const TokenAnswer = z.object({
  access_token: z.string().min(1),
  // Strings in the answers seen from Vipps ("3599"), numbers in its OpenAPI description.
  expires_in: z.union([z.number(), z.string()]).transform(Number),
});

const CreateAnswer = z.object({ redirectUrl: z.string().url(), reference: z.string() });

/** What the shop reads from Vipps's answer about a payment (shop/payment.ts). */
export function reportOfPayment(answer: z.infer<typeof PaymentAnswer>): PaymentReport {
  const { aggregate } = answer;
  switch (answer.state) {
    case 'CREATED':
      return { state: 'pending' };
    case 'ABORTED':
    case 'TERMINATED':
      return { state: 'cancelled' };
    case 'EXPIRED':
      return { state: 'expired' };
    case 'AUTHORIZED': {
      const captured = aggregate.capturedAmount.value;
      const refunded = aggregate.refundedAmount.value;
      const held = {
        amount: aggregate.authorizedAmount.value,
        currency: aggregate.authorizedAmount.currency,
        captured,
        refunded,
      };
      if (refunded > 0) return { state: refunded >= captured ? 'refunded' : 'partly_refunded', ...held };
      if (captured > 0) return { state: 'captured', ...held };
      // Released before anything was taken (a cancel keeps the state AUTHORIZED at times).
      if (aggregate.cancelledAmount.value > 0) return { state: 'cancelled' };
      return { state: 'authorised', ...held };
    }
  }
}

export type VippsProvider = PaymentProvider & {
  /** Where the payment stands at Vipps, by its reference (the webhook's follow-up question). */
  statusOf(reference: string): Promise<PaymentReport>;
};

/** The Vipps MobilePay ePayment provider for one sales unit (VIPPS_*). */
export function vippsProvider(settings: VippsSettings): VippsProvider {
  const base = settings.apiUrl.replace(/\/+$/, '');
  const timeoutMs = settings.timeoutMs ?? 10_000;
  let token: { value: string; renewAt: number } | null = null;
  let fetching: Promise<string> | null = null;

  /** One HTTP call to Vipps; anything but an answer below 500 is "unavailable". */
  async function send(path: string, init: RequestInit): Promise<Response> {
    try {
      const res = await fetch(`${base}${path}`, { ...init, signal: AbortSignal.timeout(timeoutMs) });
      if (res.status >= 500) {
        throw new ProviderUnavailable(
          'vipps',
          `${init.method} ${path}: ${res.status} ${await safeText(res)}`,
        );
      }
      return res;
    } catch (error) {
      if (error instanceof ProviderUnavailable) throw error;
      // A timeout, a refused or reset connection, a DNS failure: nothing is known to have happened.
      throw new ProviderUnavailable('vipps', `${init.method} ${path}: ${(error as Error).message}`);
    }
  }

  async function freshToken(): Promise<string> {
    const res = await send('/accesstoken/get', {
      method: 'POST',
      headers: {
        client_id: settings.clientId,
        client_secret: settings.clientSecret,
        'Ocp-Apim-Subscription-Key': settings.subscriptionKey,
        'Merchant-Serial-Number': settings.msn,
        ...VIPPS_SYSTEM_HEADERS,
      },
    });
    if (!res.ok) throw new ProviderRefused('vipps', `access token: ${res.status} ${await problemOf(res)}`);
    const parsed = TokenAnswer.safeParse(await res.json().catch(() => null));
    if (!parsed.success || !Number.isFinite(parsed.data.expires_in)) {
      throw new ProviderUnavailable('vipps', 'access token: an answer without a token');
    }
    const lifetimeMs = parsed.data.expires_in * 1000;
    // Renewed a few minutes early (a tenth of its life when that is shorter), so no call carries a
    // token that runs out on its way.
    token = {
      value: parsed.data.access_token,
      renewAt: Date.now() + lifetimeMs - Math.min(300_000, lifetimeMs / 10),
    };
    return token.value;
  }

  /** The cached token, or one fetched now; callers at the same moment share one request. */
  async function accessToken(): Promise<string> {
    if (token && Date.now() < token.renewAt) return token.value;
    fetching ??= freshToken().finally(() => {
      fetching = null;
    });
    return fetching;
  }

  /** An API call with the token and the sales unit's headers; a 401 renews the token once. */
  async function api(method: 'GET' | 'POST', path: string, body?: unknown, key?: string): Promise<Response> {
    for (let attempt = 0; ; attempt++) {
      const headers: Record<string, string> = {
        Authorization: `Bearer ${await accessToken()}`,
        'Ocp-Apim-Subscription-Key': settings.subscriptionKey,
        'Merchant-Serial-Number': settings.msn,
        ...VIPPS_SYSTEM_HEADERS,
      };
      if (body !== undefined) headers['Content-Type'] = 'application/json';
      if (key) headers['Idempotency-Key'] = key;
      const res = await send(path, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (res.status === 401 && attempt === 0) {
        token = null;
        continue;
      }
      return res;
    }
  }

  async function paymentAnswer(res: Response, what: string): Promise<PaymentReport> {
    if (!res.ok) throw new ProviderRefused('vipps', `${what}: ${res.status} ${await problemOf(res)}`);
    const parsed = PaymentAnswer.safeParse(await res.json().catch(() => null));
    if (!parsed.success) throw new ProviderUnavailable('vipps', `${what}: an answer the shop cannot read`);
    return reportOfPayment(parsed.data);
  }

  const payments = (reference: string, action = '') =>
    `/epayment/v1/payments/${encodeURIComponent(reference)}${action}`;

  const modify = async (tx: ProviderTransaction, action: string, key: string, amount?: number) => {
    const reference = tx.providerRef ?? vippsReference(tx.uuid);
    const body =
      amount === undefined ? {} : { modificationAmount: { currency: tx.currencyCode, value: amount } };
    return paymentAnswer(await api('POST', payments(reference, `/${action}`), body, key), action);
  };

  async function statusOf(reference: string, started = true): Promise<PaymentReport> {
    const res = await api('GET', payments(reference));
    // A payment whose start never got an answer may not exist: still pending, until the
    // reconciliation gives up on it.
    if (res.status === 404 && !started) return { state: 'pending' };
    return paymentAnswer(res, 'payment');
  }

  return {
    type: 'vipps',
    confirmsAtOnce: false,
    holdDays: VIPPS_HOLD_DAYS,
    statusOf: (reference) => statusOf(reference),
    async start(tx, context) {
      const reference = vippsReference(tx.uuid);
      const res = await api(
        'POST',
        '/epayment/v1/payments',
        {
          amount: { currency: tx.currencyCode, value: tx.amount },
          paymentMethod: { type: 'WALLET' },
          userFlow: 'WEB_REDIRECT',
          reference,
          returnUrl: `${context.origin}${returnUrl(tx.uuid)}`,
          paymentDescription: paymentDescription(tx),
        },
        idempotencyKey('start', tx.uuid),
      );
      if (!res.ok)
        throw new ProviderRefused('vipps', `create payment: ${res.status} ${await problemOf(res)}`);
      const parsed = CreateAnswer.safeParse(await res.json().catch(() => null));
      if (!parsed.success) throw new ProviderUnavailable('vipps', 'create payment: an answer without a page');
      return { redirectUrl: parsed.data.redirectUrl, providerRef: reference };
    },
    status: (tx) => statusOf(tx.providerRef ?? vippsReference(tx.uuid), tx.providerRef !== null),
    capture: (tx, amount) => modify(tx, 'capture', idempotencyKey('capture', tx.uuid), amount),
    refund: (tx, amount, key) => modify(tx, 'refund', idempotencyKey('refund', key), amount),
    cancel: (tx) => modify(tx, 'cancel', idempotencyKey('cancel', tx.uuid)),
  };
}

/** What the shopper sees in the app and on the statement: the shop and the payment (3–100 characters). */
function paymentDescription(tx: ProviderTransaction): string {
  return `${tx.snapshot.portal.name.slice(0, 80)} #${tx.uuid.slice(0, 8)}`;
}

async function safeText(res: Response): Promise<string> {
  return (await res.text().catch(() => '')).slice(0, 300);
}

/** A Problem answer's words (RFC 7807: title, detail), or its text. */
async function problemOf(res: Response): Promise<string> {
  const text = await safeText(res);
  try {
    const problem = JSON.parse(text) as { title?: string; detail?: string };
    return [problem.title, problem.detail].filter(Boolean).join(': ') || text;
  } catch {
    return text;
  }
}

// ---- Webhooks ----

/** What the Webhooks API signs: the method, the path and query, the date, the host and the content hash. */
export function vippsStringToSign(
  method: string,
  pathAndQuery: string,
  date: string,
  host: string,
  contentHash: string,
): string {
  return `${method}\n${pathAndQuery}\n${date};${host};${contentHash}`;
}

/** The base64 SHA-256 of a body, as `x-ms-content-sha256` carries it. */
export const vippsContentHash = (body: string | Buffer) => createHash('sha256').update(body).digest('base64');

/** The `Authorization` header the Webhooks API sends for a request. */
export function vippsAuthorization(secret: string, stringToSign: string): string {
  const signature = createHmac('sha256', secret).update(stringToSign, 'utf8').digest('base64');
  return `HMAC-SHA256 SignedHeaders=x-ms-date;host;x-ms-content-sha256&Signature=${signature}`;
}

/** The headers a webhook of `body` to `url` carries, signed as the Webhooks API signs it. */
export function signVippsWebhook(
  secret: string,
  url: string,
  body: string,
  date = new Date().toUTCString(),
): { 'x-ms-date': string; 'x-ms-content-sha256': string; authorization: string } {
  const { pathname, search, host } = new URL(url);
  const hash = vippsContentHash(body);
  return {
    'x-ms-date': date,
    'x-ms-content-sha256': hash,
    authorization: vippsAuthorization(secret, vippsStringToSign('POST', pathname + search, date, host, hash)),
  };
}

const sameText = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

export interface WebhookRequestParts {
  method: string;
  /** The path and query as the request arrived. */
  url: string;
  /** The host the request was sent to (X-Forwarded-Host behind a trusted proxy). */
  host: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** Why a webhook is not Vipps's, or null when its signature and content hash hold. */
export function vippsWebhookRefusal(secret: string, request: WebhookRequestParts): string | null {
  const header = (name: string) => {
    const value = request.headers[name];
    return Array.isArray(value) ? undefined : value;
  };
  const date = header('x-ms-date');
  const hash = header('x-ms-content-sha256');
  const authorization = header('authorization');
  if (!date || !hash || !authorization) return 'missing x-ms-date, x-ms-content-sha256 or authorization';
  if (!sameText(vippsContentHash(request.body), hash)) return 'the content hash is not the body’s';
  const expected = vippsAuthorization(
    secret,
    vippsStringToSign(request.method.toUpperCase(), request.url, date, request.host, hash),
  );
  return sameText(expected, authorization) ? null : 'the signature does not match';
}

/** An ePayment webhook's body (the ePayment API's WebhookEvent). */
export const VippsWebhookEvent = z.object({
  msn: z.string().optional(),
  reference: z.string().min(1).max(50),
  pspReference: z.string().min(1).max(100),
  name: z.enum([
    'CREATED',
    'ABORTED',
    'EXPIRED',
    'CANCELLED',
    'CAPTURED',
    'REFUNDED',
    'AUTHORIZED',
    'TERMINATED',
  ]),
  amount: Money,
  timestamp: z.string(),
  idempotencyKey: z.string().nullish(),
  success: z.boolean(),
});
export type VippsWebhookEvent = z.infer<typeof VippsWebhookEvent>;

/**
 * What an event says on its own, or null when the shop must ask the API: a capture, refund or cancel
 * event carries only its own amount, not the totals, and an unsuccessful event changes nothing.
 */
export function reportOfEvent(event: VippsWebhookEvent): PaymentReport | null {
  if (!event.success) return null;
  switch (event.name) {
    case 'CREATED':
      return { state: 'pending' };
    case 'AUTHORIZED':
      return { state: 'authorised', amount: event.amount.value, currency: event.amount.currency };
    case 'ABORTED':
    case 'TERMINATED':
      return { state: 'cancelled' };
    case 'EXPIRED':
      return { state: 'expired' };
    default:
      return null;
  }
}

/** The event's type as the Webhooks API names it: epayments.payment.authorized.v1, … */
export const vippsEventType = (event: Pick<VippsWebhookEvent, 'name'>) =>
  `epayments.payment.${event.name.toLowerCase()}.v1`;
