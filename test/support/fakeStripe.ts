/**
 * A fake Stripe API for tests (issue 29): a small node:http server speaking the routes and formats the
 * official SDK uses, so the shop's Stripe provider runs unchanged against it (STRIPE_API_URL).
 *
 * - API: `POST /v1/checkout/sessions`, `GET /v1/checkout/sessions/:id`, `POST …/:id/expire`,
 *   `GET /v1/payment_intents/:id`, `POST …/:id/capture`, `POST …/:id/cancel`, `POST /v1/refunds`,
 *   `GET /v1/refunds/:id`, `GET /v1/charges/:id`. Requests are form-encoded with Stripe's bracket
 *   notation (`line_items[0][price_data][unit_amount]=500`, `expand[0]=payment_intent`), answers are
 *   JSON shaped like Stripe's objects and errors (`{ error: { type, code, message } }`). The secret
 *   key is checked (Bearer); ids and `expand[]` behave as Stripe's.
 * - Idempotency: a POST's Idempotency-Key replays the first answer (`Idempotent-Replayed: true`); the
 *   same key with other parameters is 400 `idempotency_error`. Injected failures are not remembered,
 *   so a retry after one gets a real answer, as after a Stripe outage.
 * - Failures: `failNext(n, 'error' | 'hang' | 'drop')`: the next n API requests answer 500, never
 *   answer (the client's timeout ends them), or are carried out and their answer lost on the way back
 *   (what an Idempotency-Key is for).
 * - The hosted page at the session's `url` (`/pay/{session}`): Pay (authorised: the PaymentIntent is
 *   `requires_capture` for a manual capture), Pay later (a bank debit: `processing` until
 *   `succeedAsync`/`failAsync`), Decline (the card is turned down; the session stays open) and
 *   Cancel (the back link: to cancel_url, the session left open). Pay redirects to success_url.
 * - Webhooks to `webhookUrl`, signed with the SDK's `generateTestHeaderString` and the webhook
 *   secret, retried a few times when the shop does not answer 2xx. Modes: normal, duplicated (each
 *   sent twice at once), out-of-order (held until `flush()`, then sent newest first), lost (never
 *   sent) and delayed (`delayMs` later). `settled()` waits for deliveries under way.
 * - Controls for tests in the same process (the methods below) and over HTTP for the e2e specs:
 *   `GET /_fake/requests`, `GET /_fake/events`, `POST /_fake/webhooks {mode, delayMs}`,
 *   `POST /_fake/fail {count, kind}`, `POST /_fake/flush`.
 */
import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import Stripe from 'stripe';

export type WebhookMode = 'normal' | 'duplicated' | 'out-of-order' | 'lost' | 'delayed';
export type FailureKind = 'error' | 'hang' | 'drop';

/** An API request as the fake received it, with its parsed body and what it answered. */
export interface RecordedRequest {
  method: string;
  path: string;
  query: Record<string, unknown>;
  body: Record<string, unknown>;
  idempotencyKey: string | null;
  /** Answered from the idempotency store. */
  replayed: boolean;
  /** The answer's status; 0 for a request left hanging. */
  status: number;
  /** Whether the answer was sent (false for 'hang' and 'drop'). */
  answered: boolean;
}

export interface FakeEvent {
  id: string;
  object: 'event';
  type: string;
  created: number;
  api_version: string;
  livemode: false;
  pending_webhooks: number;
  /** The API request that caused it (as Stripe's events say); nulls for what happened at Stripe. */
  request: { id: string | null; idempotency_key: string | null };
  data: { object: Record<string, unknown> };
}

export interface Delivery {
  eventId: string;
  type: string;
  attempt: number;
  /** The shop's answer; 'error' when it could not be reached, 'lost' when the mode never sent it. */
  status: number | 'error' | 'lost';
}

type StripeObject = Record<string, unknown> & { id: string };

export interface PayOptions {
  /** authorised (default): the money is held; processing: a payment method that settles later. */
  outcome?: 'authorised' | 'processing';
  /** What the PaymentIntent holds, when it should differ from the session's total (a mismatch). */
  amount?: number;
  currency?: string;
}

export interface FakeStripe {
  /** The fake's own address (its API and its hosted page). */
  url: string;
  /** What the shop needs to use it: STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_API_URL. */
  env: Record<string, string>;
  secretKey: string;
  webhookSecret: string;
  /** Every API request, oldest first (not the hosted page's nor the controls'). */
  requests: RecordedRequest[];
  /** Every event made, oldest first, whether it was delivered or not. */
  events: FakeEvent[];
  deliveries: Delivery[];
  /** Where webhooks go (the shop may start after the fake). */
  webhookUrl: string;
  setWebhookMode(mode: WebhookMode, options?: { delayMs?: number }): void;
  failNext(count: number, kind?: FailureKind): void;
  session(id: string): StripeObject | undefined;
  intent(id: string): StripeObject | undefined;
  charge(id: string): StripeObject | undefined;
  /** The page's Pay (or Pay later), done by a test. */
  pay(sessionId: string, options?: PayOptions): void;
  /** The page's Decline: the card is turned down and the session stays open. */
  decline(sessionId: string): void;
  succeedAsync(sessionId: string): void;
  failAsync(sessionId: string): void;
  /** The session lapses (24 hours at Stripe) or is expired from the dashboard. */
  expire(sessionId: string): void;
  /** A refund or a release made in Stripe's dashboard, not by the shop. */
  refundFromDashboard(paymentIntentId: string, amount?: number): void;
  cancelFromDashboard(paymentIntentId: string): void;
  /** Sends an event (again) now, as Stripe's retry would; answers the shop's status. */
  deliver(eventId: string): Promise<number | 'error'>;
  /** Sends the events the out-of-order mode held, newest first, and waits for them. */
  flush(): Promise<void>;
  /** Waits until no delivery is under way (held and lost ones are not under way). */
  settled(): Promise<void>;
  close(): Promise<void>;
}

const API_VERSION = '2026-10-28.endive';
const now = () => Math.floor(Date.now() / 1000);
const randomId = (prefix: string) =>
  `${prefix}_${randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')}`;
const clone = <T>(value: T): T => structuredClone(value);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    message: string,
    readonly code?: string,
    readonly param?: string,
  ) {
    super(message);
  }
  body() {
    return {
      error: {
        type: this.type,
        message: this.message,
        ...(this.code ? { code: this.code } : {}),
        ...(this.param ? { param: this.param } : {}),
      },
    };
  }
}

const invalid = (message: string, param?: string, code?: string) =>
  new StripeApiError(400, 'invalid_request_error', message, code, param);
const missing = (kind: string, id: string) =>
  new StripeApiError(404, 'invalid_request_error', `No such ${kind}: '${id}'`, 'resource_missing', 'id');

const UNSAFE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/**
 * Stripe's form encoding (`a[b][0][c]=v`) as nested objects and arrays of strings, as its API reads
 * it; `+` is a space, as in any form.
 */
export function parseStripeForm(text: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const pair of text.split('&')) {
    if (!pair) continue;
    const eq = pair.indexOf('=');
    const decode = (s: string) => decodeURIComponent(s.replace(/\+/g, ' '));
    let key: string;
    let value: string;
    try {
      key = decode(eq < 0 ? pair : pair.slice(0, eq));
      value = eq < 0 ? '' : decode(pair.slice(eq + 1));
    } catch {
      throw invalid('The request body is not valid form encoding');
    }
    const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key);
    if (!match) throw invalid(`Invalid parameter name: ${key}`);
    const path = [match[1]!, ...[...match[2]!.matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1]!)];
    if (path.some((p) => UNSAFE_KEYS.has(p))) throw invalid(`Invalid parameter name: ${key}`);
    let cursor: Record<string, unknown> = root;
    for (const [i, segment] of path.entries()) {
      if (i === path.length - 1) {
        cursor[segment] = value;
        break;
      }
      const nextIsIndex = /^\d+$/.test(path[i + 1]!);
      const existing = cursor[segment];
      if (existing === undefined || typeof existing !== 'object' || existing === null) {
        cursor[segment] = nextIsIndex ? [] : {};
      }
      cursor = cursor[segment] as Record<string, unknown>;
    }
  }
  return root;
}

const integer = (value: unknown, param: string, min = 0): number => {
  const n = typeof value === 'string' && /^-?\d+$/.test(value) ? Number(value) : Number.NaN;
  if (!Number.isSafeInteger(n) || n < min) throw invalid(`Invalid integer: ${String(value)}`, param);
  return n;
};
const text = (value: unknown, param: string): string => {
  if (typeof value !== 'string' || value === '') {
    throw invalid(
      value === '' ? `You passed an empty string for '${param}'` : `Missing required param: ${param}.`,
      param,
    );
  }
  return value;
};
const metadataOf = (value: unknown, param: string): Record<string, string> => {
  if (value === undefined) return {};
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw invalid('Invalid hash', param);
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, String(v)]));
};
const absoluteUrl = (value: unknown, param: string): string => {
  const url = text(value, param);
  if (!/^https?:\/\//.test(url)) throw invalid('Not a valid URL', param, 'url_invalid');
  return url;
};

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
const money = (amount: number, currency: string) => `${(amount / 100).toFixed(2)} ${currency.toUpperCase()}`;

export async function startFakeStripe(options: {
  webhookUrl: string;
  /** Attempts per event when the shop does not answer 2xx (Stripe goes on for days); default 3. */
  deliveryAttempts?: number;
}): Promise<FakeStripe> {
  const secretKey = `sk_test_fake_${randomBytes(12).toString('hex')}`;
  const webhookSecret = `whsec_fake_${randomBytes(16).toString('hex')}`;
  const sdk = new Stripe(secretKey);
  const attempts = options.deliveryAttempts ?? 3;

  const sessions = new Map<string, StripeObject>();
  const intents = new Map<string, StripeObject>();
  const charges = new Map<string, StripeObject>();
  const refunds = new Map<string, StripeObject>();
  /** What a session was made with that Stripe does not show on the object. */
  const sessionSetup = new Map<string, { captureMethod: string; intentMetadata: Record<string, string> }>();
  const idempotency = new Map<string, { fingerprint: string; status: number; body: unknown }>();
  const requests: RecordedRequest[] = [];
  const events: FakeEvent[] = [];
  const deliveries: Delivery[] = [];
  const failures: FailureKind[] = [];
  const hanging = new Set<ServerResponse>();
  const inFlight = new Set<Promise<unknown>>();
  const timers = new Set<NodeJS.Timeout>();
  let held: FakeEvent[] = [];
  let mode: WebhookMode = 'normal';
  let delayMs = 500;
  let closed = false;

  const fake = {} as FakeStripe;

  // ---- Objects ----

  const byPrefix = (id: string): Map<string, StripeObject> | null =>
    id.startsWith('cs_')
      ? sessions
      : id.startsWith('pi_')
        ? intents
        : id.startsWith('ch_')
          ? charges
          : id.startsWith('re_')
            ? refunds
            : null;

  /** A copy of `object` with the `expand` paths' ids replaced by their objects, as Stripe does. */
  function expanded(object: StripeObject, paths: string[]): StripeObject {
    const copy = clone(object);
    for (const path of paths) {
      const segments = path.split('.');
      const walk = (node: Record<string, unknown>, i: number) => {
        const key = segments[i]!;
        let value = node[key];
        if (typeof value === 'string') {
          const found = byPrefix(value)?.get(value);
          if (found) {
            value = clone(found);
            node[key] = value;
          }
        }
        if (i + 1 < segments.length && value && typeof value === 'object') {
          walk(value as Record<string, unknown>, i + 1);
        }
      };
      walk(copy, 0);
    }
    return copy;
  }

  const expandOf = (params: Record<string, unknown>): string[] => {
    const expand = params.expand;
    if (expand === undefined) return [];
    if (!Array.isArray(expand)) throw invalid('Invalid array', 'expand');
    return expand.map((e) => String(e));
  };

  function find(map: Map<string, StripeObject>, kind: string, id: string): StripeObject {
    const object = map.get(id);
    if (!object) throw missing(kind, id);
    return object;
  }

  function createSession(params: Record<string, unknown>): StripeObject {
    if (params.mode !== 'payment') throw invalid('This fake makes payment mode sessions only', 'mode');
    const items = params.line_items;
    if (!Array.isArray(items) || items.length === 0)
      throw invalid('Missing required param: line_items.', 'line_items');
    if (items.length > 100) throw invalid('A session takes at most 100 line items', 'line_items');
    let currency: string | null = null;
    let total = 0;
    for (const [i, raw] of items.entries()) {
      const item = (raw ?? {}) as Record<string, unknown>;
      const param = `line_items[${i}]`;
      const quantity = integer(item.quantity, `${param}[quantity]`, 1);
      const price = (item.price_data ?? null) as Record<string, unknown> | null;
      if (!price) throw invalid('Each line item needs price_data here', `${param}[price_data]`);
      const itemCurrency = text(price.currency, `${param}[price_data][currency]`).toLowerCase();
      if (!/^[a-z]{3}$/.test(itemCurrency))
        throw invalid('Invalid currency', `${param}[price_data][currency]`);
      if (currency !== null && currency !== itemCurrency)
        throw invalid('All line items must have the same currency', `${param}[price_data][currency]`);
      currency = itemCurrency;
      const unit = integer(price.unit_amount, `${param}[price_data][unit_amount]`);
      const product = (price.product_data ?? {}) as Record<string, unknown>;
      text(product.name, `${param}[price_data][product_data][name]`);
      total += unit * quantity;
    }
    if (total < 1) throw invalid('The Checkout Session total must be at least 1', 'line_items');
    const success = absoluteUrl(params.success_url, 'success_url');
    const cancel = params.cancel_url === undefined ? null : absoluteUrl(params.cancel_url, 'cancel_url');
    const reference = params.client_reference_id;
    if (reference !== undefined && (typeof reference !== 'string' || reference.length > 200))
      throw invalid('Invalid client_reference_id', 'client_reference_id');
    const intentData = (params.payment_intent_data ?? {}) as Record<string, unknown>;
    const captureMethod = intentData.capture_method ?? 'automatic';
    if (captureMethod !== 'manual' && captureMethod !== 'automatic' && captureMethod !== 'automatic_async')
      throw invalid('Invalid capture_method', 'payment_intent_data[capture_method]');
    const id = randomId('cs_test');
    const created = now();
    const session: StripeObject = {
      id,
      object: 'checkout.session',
      mode: 'payment',
      status: 'open',
      payment_status: 'unpaid',
      amount_subtotal: total,
      amount_total: total,
      currency,
      client_reference_id: reference ?? null,
      customer_email: typeof params.customer_email === 'string' ? params.customer_email : null,
      locale: typeof params.locale === 'string' ? params.locale : null,
      success_url: success,
      cancel_url: cancel,
      url: `${fake.url}/pay/${id}`,
      metadata: metadataOf(params.metadata, 'metadata'),
      payment_intent: null,
      created,
      expires_at: created + 24 * 3600,
      livemode: false,
    };
    sessions.set(id, session);
    sessionSetup.set(id, {
      captureMethod: String(captureMethod),
      intentMetadata: metadataOf(intentData.metadata, 'payment_intent_data[metadata]'),
    });
    return session;
  }

  /** The session's PaymentIntent and charge, made when the shopper first confirms on the page. */
  function intentFor(session: StripeObject, amount: number, currency: string): StripeObject {
    const existing = typeof session.payment_intent === 'string' ? intents.get(session.payment_intent) : null;
    if (existing) {
      existing.amount = amount;
      existing.currency = currency;
      return existing;
    }
    const setup = sessionSetup.get(session.id)!;
    const pi: StripeObject = {
      id: randomId('pi'),
      object: 'payment_intent',
      amount,
      amount_capturable: 0,
      amount_received: 0,
      currency,
      capture_method: setup.captureMethod,
      status: 'requires_payment_method',
      latest_charge: null,
      last_payment_error: null,
      cancellation_reason: null,
      metadata: clone(setup.intentMetadata),
      created: now(),
      livemode: false,
    };
    intents.set(pi.id, pi);
    session.payment_intent = pi.id;
    return pi;
  }

  function chargeFor(pi: StripeObject, status: 'succeeded' | 'pending'): StripeObject {
    const charge: StripeObject = {
      id: randomId('ch'),
      object: 'charge',
      amount: pi.amount,
      amount_captured: 0,
      amount_refunded: 0,
      captured: false,
      refunded: false,
      paid: status === 'succeeded',
      status,
      currency: pi.currency,
      payment_intent: pi.id,
      metadata: clone(pi.metadata),
      created: now(),
      livemode: false,
    };
    charges.set(charge.id, charge);
    pi.latest_charge = charge.id;
    return charge;
  }

  /** The money is held (a manual capture) or taken (an automatic one). */
  function hold(pi: StripeObject) {
    const charge = charges.get(String(pi.latest_charge)) ?? chargeFor(pi, 'succeeded');
    charge.status = 'succeeded';
    charge.paid = true;
    if (pi.capture_method === 'manual') {
      pi.status = 'requires_capture';
      pi.amount_capturable = pi.amount;
      emit('payment_intent.amount_capturable_updated', pi);
    } else {
      pi.status = 'succeeded';
      pi.amount_received = pi.amount;
      charge.captured = true;
      charge.amount_captured = pi.amount;
      emit('payment_intent.succeeded', pi);
    }
  }

  function openSession(id: string): StripeObject {
    const session = find(sessions, 'checkout.session', id);
    if (session.status !== 'open') throw invalid(`The Checkout Session is ${String(session.status)}`);
    return session;
  }

  function pay(sessionId: string, options: PayOptions = {}) {
    const session = openSession(sessionId);
    const pi = intentFor(
      session,
      options.amount ?? Number(session.amount_total),
      (options.currency ?? String(session.currency)).toLowerCase(),
    );
    pi.last_payment_error = null;
    session.status = 'complete';
    if (options.outcome === 'processing') {
      pi.status = 'processing';
      chargeFor(pi, 'pending');
      emit('payment_intent.processing', pi);
    } else {
      hold(pi);
      session.payment_status = pi.status === 'succeeded' ? 'paid' : 'unpaid';
    }
    emit('checkout.session.completed', session);
  }

  function decline(sessionId: string) {
    const session = openSession(sessionId);
    const pi = intentFor(session, Number(session.amount_total), String(session.currency));
    pi.status = 'requires_payment_method';
    pi.last_payment_error = { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' };
    emit('payment_intent.payment_failed', pi);
  }

  function asyncIntent(sessionId: string): { session: StripeObject; pi: StripeObject } {
    const session = find(sessions, 'checkout.session', sessionId);
    const pi = intents.get(String(session.payment_intent));
    if (session.status !== 'complete' || pi?.status !== 'processing')
      throw new Error(`The session ${sessionId} has no payment processing`);
    return { session, pi };
  }

  function succeedAsync(sessionId: string) {
    const { session, pi } = asyncIntent(sessionId);
    hold(pi);
    session.payment_status = pi.status === 'succeeded' ? 'paid' : 'unpaid';
    emit('checkout.session.async_payment_succeeded', session);
  }

  function failAsync(sessionId: string) {
    const { session, pi } = asyncIntent(sessionId);
    pi.status = 'requires_payment_method';
    pi.last_payment_error = { type: 'invalid_request_error', code: 'payment_method_failed' };
    const charge = charges.get(String(pi.latest_charge));
    if (charge) charge.status = 'failed';
    emit('payment_intent.payment_failed', pi);
    emit('checkout.session.async_payment_failed', session);
  }

  function expire(sessionId: string): StripeObject {
    const session = find(sessions, 'checkout.session', sessionId);
    if (session.status !== 'open') {
      throw invalid(
        `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${String(session.status)}".`,
      );
    }
    session.status = 'expired';
    const pi = intents.get(String(session.payment_intent));
    if (pi && pi.status !== 'canceled' && pi.status !== 'succeeded') {
      pi.status = 'canceled';
      pi.cancellation_reason = 'abandoned';
    }
    emit('checkout.session.expired', session);
    return session;
  }

  function capture(id: string, params: Record<string, unknown>): StripeObject {
    const pi = find(intents, 'payment_intent', id);
    if (pi.status !== 'requires_capture') {
      throw invalid(
        `This PaymentIntent could not be captured because it has a status of ${String(pi.status)}. Only a PaymentIntent with one of the following statuses may be captured: requires_capture.`,
        undefined,
        'payment_intent_unexpected_state',
      );
    }
    const amount =
      params.amount_to_capture === undefined
        ? Number(pi.amount_capturable)
        : integer(params.amount_to_capture, 'amount_to_capture', 1);
    if (amount > Number(pi.amount_capturable)) {
      throw invalid(
        'The amount to capture is greater than the amount capturable',
        'amount_to_capture',
        'amount_too_large',
      );
    }
    const charge = charges.get(String(pi.latest_charge))!;
    pi.status = 'succeeded';
    pi.amount_received = amount;
    pi.amount_capturable = 0;
    charge.captured = true;
    charge.amount_captured = amount;
    for (const session of sessions.values()) {
      if (session.payment_intent === pi.id) session.payment_status = 'paid';
    }
    emit('charge.captured', charge);
    emit('payment_intent.succeeded', pi);
    return pi;
  }

  const CANCELLABLE = [
    'requires_payment_method',
    'requires_capture',
    'requires_confirmation',
    'requires_action',
    'processing',
  ];

  function cancel(id: string, params: Record<string, unknown>): StripeObject {
    const pi = find(intents, 'payment_intent', id);
    if (!CANCELLABLE.includes(String(pi.status))) {
      throw invalid(
        `You cannot cancel this PaymentIntent because it has a status of ${String(pi.status)}.`,
        undefined,
        'payment_intent_unexpected_state',
      );
    }
    pi.status = 'canceled';
    pi.amount_capturable = 0;
    pi.cancellation_reason =
      typeof params.cancellation_reason === 'string' ? params.cancellation_reason : null;
    emit('payment_intent.canceled', pi);
    return pi;
  }

  function refund(params: Record<string, unknown>): StripeObject {
    let pi: StripeObject;
    if (typeof params.payment_intent === 'string')
      pi = find(intents, 'payment_intent', params.payment_intent);
    else if (typeof params.charge === 'string') {
      const charge = find(charges, 'charge', params.charge);
      pi = find(intents, 'payment_intent', String(charge.payment_intent));
    } else throw invalid('One of charge or payment_intent is required', 'payment_intent');
    const charge = charges.get(String(pi.latest_charge));
    if (pi.status !== 'succeeded' || !charge?.captured) {
      throw invalid(
        `This PaymentIntent (${pi.id}) does not have a successful charge to refund.`,
        'payment_intent',
      );
    }
    const left = Number(charge.amount_captured) - Number(charge.amount_refunded);
    if (left <= 0) {
      throw invalid(`Charge ${charge.id} has already been refunded.`, undefined, 'charge_already_refunded');
    }
    const amount = params.amount === undefined ? left : integer(params.amount, 'amount', 1);
    if (amount > left) {
      throw invalid(
        `Refund amount (${money(amount, String(pi.currency))}) is greater than unrefunded amount on charge (${money(left, String(pi.currency))})`,
        'amount',
        'amount_too_large',
      );
    }
    charge.amount_refunded = Number(charge.amount_refunded) + amount;
    charge.refunded = charge.amount_refunded === charge.amount_captured;
    const made: StripeObject = {
      id: randomId('re'),
      object: 'refund',
      amount,
      charge: charge.id,
      payment_intent: pi.id,
      currency: pi.currency,
      status: 'succeeded',
      reason: typeof params.reason === 'string' ? params.reason : null,
      metadata: metadataOf(params.metadata, 'metadata'),
      created: now(),
    };
    refunds.set(made.id, made);
    emit('refund.created', made);
    emit('charge.refunded', charge);
    return made;
  }

  // ---- Webhooks ----

  function track<T>(promise: Promise<T>): Promise<T> {
    inFlight.add(promise);
    void promise.finally(() => inFlight.delete(promise));
    return promise;
  }

  async function send(event: FakeEvent, attempt: number): Promise<number | 'error'> {
    const payload = JSON.stringify(event, null, 2);
    const signature = sdk.webhooks.generateTestHeaderString({ payload, secret: webhookSecret });
    let status: number | 'error';
    try {
      const res = await fetch(fake.webhookUrl, {
        method: 'POST',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'stripe-signature': signature,
          'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
        },
        body: payload,
        signal: AbortSignal.timeout(10_000),
      });
      await res.arrayBuffer();
      status = res.status;
    } catch {
      status = 'error';
    }
    deliveries.push({ eventId: event.id, type: event.type, attempt, status });
    return status;
  }

  /** One event to the shop, again after a short wait while it does not answer 2xx. */
  async function deliverWithRetries(event: FakeEvent): Promise<number | 'error'> {
    let status: number | 'error' = 'error';
    for (let attempt = 1; attempt <= attempts && !closed; attempt++) {
      status = await send(event, attempt);
      if (typeof status === 'number' && status >= 200 && status < 300) break;
      await sleep(100 * attempt);
    }
    return status;
  }

  /** The API request being answered, set while api() runs: its events name it, as Stripe's do. */
  let causedBy: FakeEvent['request'] | null = null;

  function emit(type: string, object: StripeObject) {
    const event: FakeEvent = {
      id: randomId('evt'),
      object: 'event',
      type,
      created: now(),
      api_version: API_VERSION,
      livemode: false,
      pending_webhooks: 1,
      request: causedBy ?? { id: null, idempotency_key: null },
      data: { object: clone(object) },
    };
    events.push(event);
    switch (mode) {
      case 'normal':
        void track(deliverWithRetries(event));
        break;
      case 'duplicated':
        void track(deliverWithRetries(event));
        void track(deliverWithRetries(event));
        break;
      case 'out-of-order':
        held.push(event);
        break;
      case 'lost':
        deliveries.push({ eventId: event.id, type, attempt: 0, status: 'lost' });
        break;
      case 'delayed': {
        const waited = new Promise<void>((resolve) => {
          const timer = setTimeout(() => {
            timers.delete(timer);
            resolve();
          }, delayMs);
          timers.add(timer);
        });
        void track(waited.then(() => deliverWithRetries(event)));
        break;
      }
    }
  }

  // ---- HTTP ----

  async function bodyOf(request: IncomingMessage): Promise<string> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  }

  const sendJson = (
    response: ServerResponse,
    status: number,
    body: unknown,
    headers: Record<string, string> = {},
  ) => {
    response.writeHead(status, {
      'content-type': 'application/json',
      'request-id': randomId('req'),
      'stripe-version': API_VERSION,
      ...headers,
    });
    response.end(JSON.stringify(body));
  };

  /** Routes the API: answers the status and the body. */
  function api(method: string, path: string, params: Record<string, unknown>): [number, unknown] {
    const parts = path.split('/').filter(Boolean); // ['v1', …]
    const [, resource, id, action] = parts;
    const expand = expandOf(params);
    const answer = (object: StripeObject): [number, unknown] => [200, expanded(object, expand)];
    if (resource === 'checkout' && id === 'sessions') {
      const sessionId = action;
      const sub = parts[4];
      if (method === 'POST' && !sessionId) return answer(createSession(params));
      if (method === 'GET' && sessionId && !sub) return answer(find(sessions, 'checkout.session', sessionId));
      if (method === 'POST' && sessionId && sub === 'expire') {
        find(sessions, 'checkout.session', sessionId);
        return answer(expire(sessionId));
      }
    }
    if (resource === 'payment_intents' && id) {
      if (method === 'GET' && !action) return answer(find(intents, 'payment_intent', id));
      if (method === 'POST' && action === 'capture') return answer(capture(id, params));
      if (method === 'POST' && action === 'cancel') return answer(cancel(id, params));
    }
    if (resource === 'refunds') {
      if (method === 'POST' && !id) return answer(refund(params));
      if (method === 'GET' && id) return answer(find(refunds, 'refund', id));
    }
    if (resource === 'charges' && id && method === 'GET') return answer(find(charges, 'charge', id));
    throw new StripeApiError(404, 'invalid_request_error', `Unrecognized request URL (${method}: ${path}).`);
  }

  async function handleApi(request: IncomingMessage, response: ServerResponse, url: URL) {
    const method = request.method ?? 'GET';
    const raw = await bodyOf(request);
    const key = (request.headers['idempotency-key'] as string | undefined) ?? null;
    const record: RecordedRequest = {
      method,
      path: url.pathname,
      query: {},
      body: {},
      idempotencyKey: key,
      replayed: false,
      status: 0,
      answered: false,
    };
    requests.push(record);
    const hang = () => {
      hanging.add(response);
      response.on('close', () => hanging.delete(response));
    };
    let failure: FailureKind | undefined;
    const reply = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      record.status = status;
      if (failure === 'drop') return hang();
      record.answered = true;
      sendJson(response, status, body, headers);
    };
    // Recorded before a failure is injected, so a test sees what the failed request carried.
    try {
      record.query = parseStripeForm(url.search.slice(1));
      record.body = parseStripeForm(raw);
    } catch {
      // Answered 400 below, unless a failure comes first.
    }
    failure = failures.shift();
    if (failure === 'hang') return hang();
    if (failure === 'error') {
      return reply(500, { error: { type: 'api_error', message: 'An unknown error occurred' } });
    }
    const auth = request.headers.authorization ?? '';
    if (auth !== `Bearer ${secretKey}`) {
      return reply(401, {
        error: {
          type: 'invalid_request_error',
          message: `Invalid API Key provided: ${auth.replace(/^Bearer /, '').slice(0, 12)}…`,
        },
      });
    }
    let params: Record<string, unknown>;
    try {
      record.query = parseStripeForm(url.search.slice(1));
      record.body = parseStripeForm(raw);
      params = method === 'GET' ? record.query : record.body;
    } catch (error) {
      const e = error as StripeApiError;
      return reply(e.status, e.body());
    }
    const fingerprint = createHash('sha256').update(`${method} ${url.pathname}\n${raw}`).digest('hex');
    if (method === 'POST' && key) {
      const known = idempotency.get(key);
      if (known) {
        if (known.fingerprint !== fingerprint) {
          return reply(400, {
            error: {
              type: 'idempotency_error',
              message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
            },
          });
        }
        record.replayed = true;
        return reply(known.status, known.body, { 'idempotency-key': key, 'idempotent-replayed': 'true' });
      }
    }
    let status: number;
    let body: unknown;
    try {
      causedBy = { id: randomId('req'), idempotency_key: key };
      [status, body] = api(method, url.pathname, params);
    } catch (error) {
      if (!(error instanceof StripeApiError)) throw error;
      [status, body] = [error.status, error.body()];
    } finally {
      causedBy = null;
    }
    if (method === 'POST' && key) idempotency.set(key, { fingerprint, status, body });
    return reply(status, body, key ? { 'idempotency-key': key } : {});
  }

  const STYLE =
    'body{margin:0;font:16px/1.4 system-ui,sans-serif;background:#f6f9fc;color:#30313d}main{max-width:26rem;margin:0 auto;padding:1.5rem 1rem}' +
    'h1{font-size:1.2rem}.amount{font-size:2rem;font-weight:700}ul{padding-left:1.2rem}' +
    'button{display:block;width:100%;min-height:48px;margin:.5rem 0;border:0;border-radius:6px;font:inherit;font-weight:600}' +
    '.pay{background:#635bff;color:#fff}.later{background:#0a2540;color:#fff}.decline{background:#df1b41;color:#fff}.cancel{background:#e3e8ee}' +
    '.error{color:#df1b41}';

  function page(response: ServerResponse, status: number, title: string, body: string) {
    response.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    response.end(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`,
    );
  }

  const redirect = (response: ServerResponse, location: string) => {
    response.writeHead(303, { location, 'cache-control': 'no-store' });
    response.end();
  };

  const successOf = (session: StripeObject) =>
    String(session.success_url).replace('{CHECKOUT_SESSION_ID}', session.id);

  function payPage(response: ServerResponse, session: StripeObject, error?: string) {
    const amount = money(Number(session.amount_total), String(session.currency));
    if (session.status !== 'open') {
      const done = session.status === 'complete';
      return page(
        response,
        200,
        done ? 'Payment complete' : 'Session expired',
        done
          ? `<h1>This payment is complete</h1><p>${escapeHtml(amount)}</p><a href="${escapeHtml(successOf(session))}">Back to the shop</a>`
          : '<h1>This Checkout Session has expired</h1>',
      );
    }
    return page(
      response,
      200,
      'Fake Stripe Checkout',
      `<h1>Fake Stripe Checkout</h1><p class="amount">${escapeHtml(amount)}</p>` +
        (error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : '') +
        `<form method="post" action="/pay/${escapeHtml(session.id)}">` +
        '<button class="pay" name="action" value="pay">Pay</button>' +
        '<button class="later" name="action" value="pay-later">Pay by bank debit</button>' +
        '<button class="decline" name="action" value="decline">Decline</button>' +
        '<button class="cancel" name="action" value="cancel">Cancel</button>' +
        '</form>',
    );
  }

  async function handlePage(request: IncomingMessage, response: ServerResponse, sessionId: string) {
    const session = sessions.get(sessionId);
    if (!session) return page(response, 404, 'Not found', '<h1>No such Checkout Session</h1>');
    if (request.method === 'GET') return payPage(response, session);
    const action = new URLSearchParams(await bodyOf(request)).get('action');
    if (session.status !== 'open') return payPage(response, session);
    switch (action) {
      case 'pay':
        pay(sessionId);
        return redirect(response, successOf(session));
      case 'pay-later':
        pay(sessionId, { outcome: 'processing' });
        return redirect(response, successOf(session));
      case 'decline':
        decline(sessionId);
        return payPage(response, session, 'Your card was declined.');
      case 'cancel':
        return session.cancel_url
          ? redirect(response, String(session.cancel_url))
          : payPage(response, session);
      default:
        return payPage(response, session, 'Choose Pay, Decline or Cancel.');
    }
  }

  async function handleControl(request: IncomingMessage, response: ServerResponse, path: string) {
    const body = request.method === 'POST' ? await bodyOf(request) : '';
    const json = body ? (JSON.parse(body) as Record<string, unknown>) : {};
    if (path === '/_fake/requests') return sendJson(response, 200, requests);
    if (path === '/_fake/events') return sendJson(response, 200, { events, deliveries });
    if (path === '/_fake/webhooks' && request.method === 'POST') {
      fake.setWebhookMode(json.mode as WebhookMode, { delayMs: json.delayMs as number | undefined });
      return sendJson(response, 200, { mode });
    }
    if (path === '/_fake/fail' && request.method === 'POST') {
      fake.failNext(Number(json.count ?? 1), (json.kind as FailureKind | undefined) ?? 'error');
      return sendJson(response, 200, { queued: failures.length });
    }
    if (path === '/_fake/flush' && request.method === 'POST') {
      await fake.flush();
      return sendJson(response, 200, { flushed: true });
    }
    return sendJson(response, 404, { error: { type: 'invalid_request_error', message: 'No such control' } });
  }

  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://fake');
    const handled = url.pathname.startsWith('/v1/')
      ? handleApi(request, response, url)
      : url.pathname.startsWith('/pay/')
        ? handlePage(request, response, decodeURIComponent(url.pathname.slice('/pay/'.length)))
        : url.pathname.startsWith('/_fake/')
          ? handleControl(request, response, url.pathname)
          : Promise.resolve(
              sendJson(response, 404, { error: { type: 'invalid_request_error', message: 'Not found' } }),
            );
    handled.catch((error: unknown) => {
      if (!response.headersSent) {
        sendJson(response, error instanceof StripeApiError ? error.status : 500, {
          error: { type: 'api_error', message: error instanceof Error ? error.message : String(error) },
        });
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  const url = `http://127.0.0.1:${port}`;

  Object.assign(fake, {
    url,
    env: { STRIPE_SECRET_KEY: secretKey, STRIPE_WEBHOOK_SECRET: webhookSecret, STRIPE_API_URL: url },
    secretKey,
    webhookSecret,
    requests,
    events,
    deliveries,
    webhookUrl: options.webhookUrl,
    setWebhookMode(next: WebhookMode, opts: { delayMs?: number } = {}) {
      if (!['normal', 'duplicated', 'out-of-order', 'lost', 'delayed'].includes(next))
        throw new Error(`No webhook mode ${String(next)}`);
      mode = next;
      if (opts.delayMs !== undefined) delayMs = opts.delayMs;
    },
    failNext(count: number, kind: FailureKind = 'error') {
      for (let i = 0; i < count; i++) failures.push(kind);
    },
    session: (id: string) => sessions.get(id),
    intent: (id: string) => intents.get(id),
    charge: (id: string) => charges.get(id),
    pay,
    decline,
    succeedAsync,
    failAsync,
    expire: (id: string) => void expire(id),
    refundFromDashboard: (id: string, amount?: number) =>
      void refund({ payment_intent: id, ...(amount === undefined ? {} : { amount: String(amount) }) }),
    cancelFromDashboard: (id: string) => void cancel(id, { cancellation_reason: 'requested_by_customer' }),
    async deliver(eventId: string) {
      const event = events.find((e) => e.id === eventId);
      if (!event) throw new Error(`No event ${eventId}`);
      return track(send(event, 0));
    },
    async flush() {
      const batch = held.reverse();
      held = [];
      for (const event of batch) await track(deliverWithRetries(event));
    },
    async settled() {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
    async close() {
      closed = true;
      for (const timer of timers) clearTimeout(timer);
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  } satisfies Partial<FakeStripe>);
  return fake;
}
