/**
 * A fake Vipps MobilePay API for tests (issue 29): a node:http server speaking the ePayment API's
 * routes and JSON (as the developer docs and the API's OpenAPI description give them), with a hosted
 * page standing in for the Vipps or MobilePay app, and webhooks signed as the Webhooks API signs them.
 *
 * - `POST /accesstoken/get` checks client_id, client_secret and Ocp-Apim-Subscription-Key and gives a
 *   token; every API call must carry a token it gave (and that has not run out), the subscription key
 *   and the Merchant-Serial-Number (401, 401, 403 otherwise).
 * - `POST /epayment/v1/payments`, `GET …/{reference}`, `GET …/{reference}/events`, `POST …/capture`,
 *   `…/refund`, `…/cancel`, and the test environment's `POST /epayment/v1/test/payments/{ref}/approve`.
 *   A request with an Idempotency-Key seen before is answered as it was the first time (a replay);
 *   another payment with a reference already used is a 409.
 * - `GET /pay/{reference}`: the page the shopper is sent to, with Approve and Reject; either sends the
 *   browser back to the payment's returnUrl with a 303.
 * - Webhooks: each event (AUTHORIZED, ABORTED, EXPIRED, CANCELLED, CAPTURED, REFUNDED, TERMINATED)
 *   is posted to `webhookUrl`, signed with HMAC-SHA256 over `POST\n{path and query}\n{date};{host};
 *   {content hash}`, in the mode set: `normal`, `duplicated` (several copies at once), `out-of-order`
 *   (held, then sent newest first), `lost` (never sent) or `delayed`.
 * - Failures: `failNext` makes the next matching requests answer 500/503, hang, or drop the connection.
 *
 * Tests in the same process use the object; the e2e specs (another process) use the same controls
 * under `/_fake/…` (JSON).
 */
import { createHash, createHmac, randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

export type WebhookMode = 'normal' | 'duplicated' | 'out-of-order' | 'lost' | 'delayed';
export type FailureKind = 500 | 503 | 'hang' | 'reset';
export type EventName =
  | 'CREATED'
  | 'ABORTED'
  | 'EXPIRED'
  | 'CANCELLED'
  | 'CAPTURED'
  | 'REFUNDED'
  | 'AUTHORIZED'
  | 'TERMINATED';

interface Money {
  currency: string;
  value: number;
}

export interface FakePaymentEvent {
  reference: string;
  pspReference: string;
  name: EventName;
  amount: Money;
  timestamp: string;
  idempotencyKey: string | null;
  success: boolean;
}

export interface FakePayment {
  reference: string;
  state: 'CREATED' | 'ABORTED' | 'EXPIRED' | 'AUTHORIZED' | 'TERMINATED';
  amount: Money;
  returnUrl: string | null;
  paymentDescription: string | null;
  userFlow: string;
  paymentMethod: string;
  pspReference: string;
  aggregate: {
    authorizedAmount: Money;
    cancelledAmount: Money;
    capturedAmount: Money;
    refundedAmount: Money;
  };
  events: FakePaymentEvent[];
}

export interface RecordedRequest {
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
  at: number;
}

export interface WebhookDelivery {
  event: FakePaymentEvent;
  status: number | null;
  error: string | null;
  at: number;
}

export interface FakeVippsCredentials {
  clientId: string;
  clientSecret: string;
  subscriptionKey: string;
  msn: string;
  webhookSecret: string;
}

export interface FakeVipps {
  /** The fake's own address (its API and its hosted page). */
  url: string;
  /** What the shop needs to use it: every VIPPS_* variable. */
  env: Record<string, string>;
  credentials: FakeVippsCredentials;
  /** The settings the shop's provider takes (server/config.ts VippsSettings). */
  settings: FakeVippsCredentials & { apiUrl: string };
  /** Every request the fake received, oldest first (the controls under /_fake/ excepted). */
  requests: RecordedRequest[];
  payments: Map<string, FakePayment>;
  /** Every webhook sent (or lost), oldest first. */
  deliveries: WebhookDelivery[];
  /** Where webhooks go from now on (a test's app listens only once the fake's address is known). */
  setWebhookUrl(url: string): void;
  /** How webhooks go out from now on; `copies` for duplicated (3), `delayMs` for delayed (1500). */
  setWebhookMode(mode: WebhookMode, options?: { copies?: number; delayMs?: number }): void;
  /** The next `times` requests whose path starts with `path` (default any) fail as `kind`. */
  failNext(kind: FailureKind, options?: { times?: number; path?: string }): void;
  /** The shopper approves in the app; `amount` lets a test hold another amount than asked for. */
  approve(reference: string, options?: { amount?: number }): void;
  /** The shopper rejects in the app. */
  reject(reference: string): void;
  /** The payment request runs out before the shopper acts. */
  expire(reference: string): void;
  /** Makes every token given so far run out (the shop must fetch a new one). */
  expireTokens(): void;
  /** Sends the webhooks held back (out-of-order: newest first) and waits for every delivery. */
  flushWebhooks(): Promise<void>;
  /** Waits for the webhooks on their way (not those held or delayed). */
  settled(): Promise<void>;
  close(): Promise<void>;
}

export interface FakeVippsOptions {
  webhookUrl: string;
  /** The access token's lifetime in seconds (3600, as in Vipps's test environment). */
  tokenSeconds?: number;
  mode?: WebhookMode;
}

/** The events the fake sends webhooks for (the shop registers these; CREATED it does not). */
const SUBSCRIBED: readonly EventName[] = [
  'AUTHORIZED',
  'ABORTED',
  'EXPIRED',
  'CANCELLED',
  'CAPTURED',
  'REFUNDED',
  'TERMINATED',
];

const REFERENCE = /^[a-zA-Z0-9-]{8,50}$/;
const CURRENCIES = new Set(['NOK', 'DKK', 'EUR']);

/** The Webhooks API's signature, written here from its documentation (not the shop's code). */
function signedHeaders(secret: string, url: string, body: string) {
  const target = new URL(url);
  const date = new Date().toUTCString();
  const hash = createHash('sha256').update(body, 'utf8').digest('base64');
  const toSign = `POST\n${target.pathname}${target.search}\n${date};${target.host};${hash}`;
  const signature = createHmac('sha256', secret).update(toSign, 'utf8').digest('base64');
  return {
    'x-ms-date': date,
    'x-ms-content-sha256': hash,
    authorization: `HMAC-SHA256 SignedHeaders=x-ms-date;host;x-ms-content-sha256&Signature=${signature}`,
  };
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const money = (m: Money) => `${(m.value / 100).toFixed(2).replace('.', ',')} ${m.currency}`;

export async function startFakeVipps(options: FakeVippsOptions): Promise<FakeVipps> {
  const credentials: FakeVippsCredentials = {
    clientId: `fake-client-${randomUUID()}`,
    clientSecret: randomBytes(24).toString('base64url'),
    subscriptionKey: randomBytes(16).toString('hex'),
    msn: String(100000 + Math.floor(Math.random() * 800000)),
    webhookSecret: randomBytes(48).toString('base64'),
  };
  const tokenSeconds = options.tokenSeconds ?? 3600;
  const tokens = new Map<string, number>();
  const requests: RecordedRequest[] = [];
  const payments = new Map<string, FakePayment>();
  const deliveries: WebhookDelivery[] = [];
  /** Answers by (route, Idempotency-Key): a repeat gets the first answer. */
  const replays = new Map<string, { status: number; body: unknown }>();
  const failures: { kind: FailureKind; path: string; left: number }[] = [];
  let mode: WebhookMode = options.mode ?? 'normal';
  let copies = 3;
  let delayMs = 1500;
  let held: FakePaymentEvent[] = [];
  let holdTimer: NodeJS.Timeout | null = null;
  const inFlight = new Set<Promise<void>>();
  /** Delayed webhooks: each with its timer, so a flush can send it at once. */
  const delayed = new Map<NodeJS.Timeout, FakePaymentEvent>();
  const sockets = new Set<Socket>();
  let url = '';
  let webhookUrl = options.webhookUrl;

  const psp = () => String(1_000_000_000 + Math.floor(Math.random() * 8_999_999_999));
  const zero = (currency: string): Money => ({ currency, value: 0 });

  // ---- Webhooks ----

  async function deliver(event: FakePaymentEvent): Promise<void> {
    const body = JSON.stringify({ msn: credentials.msn, ...event });
    for (let attempt = 1; attempt <= 3; attempt++) {
      try {
        const res = await fetch(webhookUrl, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            ...signedHeaders(credentials.webhookSecret, webhookUrl, body),
          },
          body,
          signal: AbortSignal.timeout(15_000),
        });
        deliveries.push({ event, status: res.status, error: null, at: Date.now() });
        await res.arrayBuffer();
        // As the Webhooks API: a 4xx or 5xx is sent again (here three times, a moment apart).
        if (res.ok) return;
      } catch (error) {
        deliveries.push({ event, status: null, error: (error as Error).message, at: Date.now() });
      }
      await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
    }
  }

  const track = (p: Promise<void>) => {
    inFlight.add(p);
    void p.finally(() => inFlight.delete(p));
  };

  function flushHeld() {
    if (holdTimer) clearTimeout(holdTimer);
    holdTimer = null;
    const out = held.reverse();
    held = [];
    // One after another, newest first: the shop sees a capture before the authorisation.
    track(
      (async () => {
        for (const event of out) await deliver(event);
      })(),
    );
  }

  function emit(event: FakePaymentEvent) {
    if (!SUBSCRIBED.includes(event.name)) return;
    switch (mode) {
      case 'normal':
        track(deliver(event));
        return;
      case 'duplicated':
        for (let i = 0; i < copies; i++) track(deliver(event));
        return;
      case 'lost':
        deliveries.push({ event, status: null, error: 'lost', at: Date.now() });
        return;
      case 'delayed': {
        const timer = setTimeout(() => {
          delayed.delete(timer);
          track(deliver(event));
        }, delayMs);
        delayed.set(timer, event);
        return;
      }
      case 'out-of-order':
        held.push(event);
        if (holdTimer) clearTimeout(holdTimer);
        holdTimer = setTimeout(flushHeld, delayMs);
        return;
    }
  }

  function record(payment: FakePayment, name: EventName, amount: Money, key: string | null, success = true) {
    const event: FakePaymentEvent = {
      reference: payment.reference,
      pspReference: name === 'AUTHORIZED' || name === 'CREATED' ? payment.pspReference : psp(),
      name,
      amount,
      timestamp: new Date().toISOString(),
      idempotencyKey: key,
      success,
    };
    payment.events.push(event);
    emit(event);
    return event;
  }

  // ---- The shopper's side ----

  function approve(reference: string, opts: { amount?: number } = {}) {
    const payment = payments.get(reference);
    if (!payment) throw new Error(`no payment ${reference}`);
    if (payment.state !== 'CREATED') return;
    const authorised = { currency: payment.amount.currency, value: opts.amount ?? payment.amount.value };
    payment.state = 'AUTHORIZED';
    payment.aggregate.authorizedAmount = authorised;
    record(payment, 'AUTHORIZED', authorised, null);
  }
  function endUnpaid(reference: string, state: 'ABORTED' | 'EXPIRED') {
    const payment = payments.get(reference);
    if (!payment) throw new Error(`no payment ${reference}`);
    if (payment.state !== 'CREATED') return;
    payment.state = state;
    record(payment, state, payment.amount, null);
  }

  // ---- HTTP ----

  const json = (res: ServerResponse, status: number, body: unknown, type = 'application/json') => {
    res.writeHead(status, { 'content-type': `${type}; charset=utf-8` }).end(JSON.stringify(body));
  };
  const problem = (res: ServerResponse, status: number, title: string, detail?: string) =>
    json(
      res,
      status,
      {
        type: `https://developer.vippsmobilepay.com/docs/knowledge-base/errors#${status}`,
        title,
        detail,
        status,
        traceId: randomUUID(),
      },
      'application/problem+json',
    );

  const header = (req: IncomingMessage, name: string) => {
    const v = req.headers[name.toLowerCase()];
    return Array.isArray(v) ? v[0] : v;
  };

  /** Whether the call carries a live token, the subscription key and the MSN; answers the refusal if not. */
  function authorised(req: IncomingMessage, res: ServerResponse): boolean {
    const bearer = /^Bearer (.+)$/.exec(header(req, 'authorization') ?? '')?.[1];
    const until = bearer ? tokens.get(bearer) : undefined;
    if (until === undefined || until <= Date.now()) {
      problem(res, 401, 'Unauthorized', 'Access token is missing, invalid or expired');
      return false;
    }
    if (header(req, 'ocp-apim-subscription-key') !== credentials.subscriptionKey) {
      problem(res, 401, 'Unauthorized', 'Invalid subscription key');
      return false;
    }
    if (header(req, 'merchant-serial-number') !== credentials.msn) {
      problem(res, 403, 'Forbidden', 'The Merchant-Serial-Number is not this sales unit');
      return false;
    }
    return true;
  }

  /** Runs `handle` once per Idempotency-Key: a repeat of the key gets the first answer again. */
  function idempotent(
    req: IncomingMessage,
    res: ServerResponse,
    route: string,
    handle: () => { status: number; body: unknown; problem?: boolean },
  ) {
    const key = header(req, 'idempotency-key');
    if (!key || key.length > 50)
      return problem(res, 400, 'Bad Request', 'Idempotency-Key is required (at most 50 characters)');
    const id = `${route} ${key}`;
    const known = replays.get(id);
    if (known)
      return json(
        res,
        known.status,
        known.body,
        known.status >= 400 ? 'application/problem+json' : 'application/json',
      );
    const answer = handle();
    // Refusals are not kept: the same key may succeed once the request is right.
    if (answer.status < 400) replays.set(id, { status: answer.status, body: answer.body });
    return json(
      res,
      answer.status,
      answer.body,
      answer.status >= 400 ? 'application/problem+json' : 'application/json',
    );
  }

  const problemBody = (status: number, title: string, detail: string) => ({
    status,
    problem: true,
    body: {
      type: 'https://developer.vippsmobilepay.com/docs/knowledge-base/errors',
      title,
      detail,
      status,
      traceId: randomUUID(),
    },
  });

  const paymentView = (p: FakePayment) => ({
    aggregate: p.aggregate,
    amount: p.amount,
    state: p.state,
    paymentMethod: { type: p.paymentMethod },
    profile: {},
    pspReference: p.pspReference,
    redirectUrl: `${url}/pay/${p.reference}`,
    reference: p.reference,
  });

  function createPayment(body: Record<string, unknown>) {
    const amount = body.amount as Money | undefined;
    const reference = body.reference;
    if (!amount || typeof amount.value !== 'number' || !Number.isInteger(amount.value) || amount.value <= 0)
      return problemBody(400, 'Bad Request', 'amount.value must be a positive integer of minor units');
    if (!CURRENCIES.has(amount.currency))
      return problemBody(400, 'Bad Request', 'amount.currency must be NOK, DKK or EUR');
    if (typeof reference !== 'string' || !REFERENCE.test(reference))
      return problemBody(400, 'Bad Request', 'reference must be 8-50 characters of a-z, A-Z, 0-9 and -');
    const method = (body.paymentMethod as { type?: string } | undefined)?.type;
    if (method !== 'WALLET' && method !== 'CARD')
      return problemBody(400, 'Bad Request', 'paymentMethod.type must be WALLET or CARD');
    const flow = body.userFlow;
    if (!['PUSH_MESSAGE', 'NATIVE_REDIRECT', 'WEB_REDIRECT', 'QR'].includes(flow as string))
      return problemBody(400, 'Bad Request', 'userFlow is not one the API knows');
    if (flow === 'WEB_REDIRECT' && typeof body.returnUrl !== 'string')
      return problemBody(400, 'Bad Request', 'returnUrl is required with WEB_REDIRECT');
    const description = body.paymentDescription;
    if (
      description !== undefined &&
      (typeof description !== 'string' || description.length < 3 || description.length > 100)
    )
      return problemBody(400, 'Bad Request', 'paymentDescription must be 3-100 characters');
    if (payments.has(reference))
      return problemBody(409, 'Conflict', `A payment with reference ${reference} already exists`);
    const payment: FakePayment = {
      reference,
      state: 'CREATED',
      amount: { currency: amount.currency, value: amount.value },
      returnUrl: (body.returnUrl as string | undefined) ?? null,
      paymentDescription: (description as string | undefined) ?? null,
      userFlow: flow as string,
      paymentMethod: method,
      pspReference: psp(),
      aggregate: {
        authorizedAmount: zero(amount.currency),
        cancelledAmount: zero(amount.currency),
        capturedAmount: zero(amount.currency),
        refundedAmount: zero(amount.currency),
      },
      events: [],
    };
    payments.set(reference, payment);
    return { status: 201, body: { redirectUrl: `${url}/pay/${reference}`, reference } };
  }

  function modify(reference: string, action: string, body: Record<string, unknown>, key: string) {
    const p = payments.get(reference);
    if (!p) return problemBody(404, 'Not Found', `No payment ${reference}`);
    const amount = (body.modificationAmount ?? undefined) as Money | undefined;
    const currency = p.amount.currency;
    const a = p.aggregate;
    const reply = (name: EventName, value: number) => {
      const event = record(p, name, { currency, value }, key);
      return {
        status: 200,
        body: {
          amount: p.amount,
          state: p.state,
          aggregate: p.aggregate,
          pspReference: event.pspReference,
          reference,
        },
      };
    };
    if (action === 'cancel') {
      // Stopped before the shopper acted: the payment is terminated.
      if (p.state === 'CREATED') {
        p.state = 'TERMINATED';
        return reply('TERMINATED', p.amount.value);
      }
      if (p.state !== 'AUTHORIZED')
        return problemBody(400, 'Bad Request', `A ${p.state} payment cannot be cancelled`);
      const left = a.authorizedAmount.value - a.capturedAmount.value - a.cancelledAmount.value;
      if (left <= 0) return problemBody(400, 'Bad Request', 'Nothing is left to cancel');
      a.cancelledAmount = { currency, value: a.cancelledAmount.value + left };
      if (a.capturedAmount.value === 0) p.state = 'TERMINATED';
      return reply('CANCELLED', left);
    }
    if (!amount || !Number.isInteger(amount.value) || amount.value <= 0)
      return problemBody(400, 'Bad Request', 'modificationAmount.value must be a positive integer');
    if (amount.currency !== currency) return problemBody(400, 'Bad Request', `The payment is in ${currency}`);
    if (p.state !== 'AUTHORIZED')
      return problemBody(400, 'Bad Request', `A ${p.state} payment cannot be changed`);
    if (action === 'capture') {
      const left = a.authorizedAmount.value - a.capturedAmount.value - a.cancelledAmount.value;
      if (amount.value > left) return problemBody(400, 'Bad Request', `At most ${left} can be captured`);
      a.capturedAmount = { currency, value: a.capturedAmount.value + amount.value };
      return reply('CAPTURED', amount.value);
    }
    const left = a.capturedAmount.value - a.refundedAmount.value;
    if (amount.value > left) return problemBody(400, 'Bad Request', `At most ${left} can be refunded`);
    a.refundedAmount = { currency, value: a.refundedAmount.value + amount.value };
    return reply('REFUNDED', amount.value);
  }

  function hostedPage(res: ServerResponse, p: FakePayment) {
    const brand = p.amount.currency === 'DKK' ? 'MobilePay' : 'Vipps';
    const open = p.state === 'CREATED';
    const back = p.returnUrl
      ? `<a class="button" href="${escapeHtml(p.returnUrl)}">Back to the shop</a>`
      : '';
    const actions = open
      ? `<form method="post" action="/pay/${escapeHtml(p.reference)}">` +
        '<button class="approve" type="submit" name="action" value="approve">Approve</button>' +
        '<button class="reject" type="submit" name="action" value="reject">Reject</button></form>'
      : `<p>This payment is ${escapeHtml(p.state.toLowerCase())}.</p>${back}`;
    res
      .writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' })
      .end(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
          `<title>${brand} (fake)</title><style>body{font:16px system-ui,sans-serif;margin:0;padding:1.5rem;background:#fff4ec}` +
          'main{max-width:26rem;margin:auto;background:#fff;border-radius:12px;padding:1.25rem}' +
          'button,a.button{display:block;width:100%;min-height:48px;margin:.5rem 0 0;border:0;border-radius:8px;font:inherit;font-weight:600;text-align:center;text-decoration:none;padding:.75rem}' +
          '.approve{background:#ff5b24;color:#fff}.reject{background:#e4e7ec;color:#1b1f24}a.button{background:#1b1f24;color:#fff}</style></head>' +
          `<body><main><h1>${brand}</h1><p>${escapeHtml(p.paymentDescription ?? p.reference)}</p>` +
          `<p style="font-size:2rem;font-weight:700" data-amount="${p.amount.value}">${escapeHtml(money(p.amount))}</p>${actions}</main></body></html>`,
      );
  }

  async function readBody(req: IncomingMessage): Promise<string> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  }

  function parse(text: string, type: string | undefined): Record<string, unknown> | null {
    if (!text) return {};
    if (type?.startsWith('application/x-www-form-urlencoded'))
      return Object.fromEntries(new URLSearchParams(text));
    try {
      const value = JSON.parse(text);
      return value && typeof value === 'object' ? value : null;
    } catch {
      return null;
    }
  }

  async function control(path: string, method: string, body: Record<string, unknown>, res: ServerResponse) {
    if (method === 'GET' && path === '/_fake/requests') return json(res, 200, requests);
    if (method === 'GET' && path === '/_fake/deliveries') return json(res, 200, deliveries);
    if (method === 'GET' && path.startsWith('/_fake/payments/')) {
      const p = payments.get(decodeURIComponent(path.slice('/_fake/payments/'.length)));
      return p ? json(res, 200, p) : problem(res, 404, 'Not Found');
    }
    if (method === 'POST' && path === '/_fake/mode') {
      mode = body.mode as WebhookMode;
      if (typeof body.copies === 'number') copies = body.copies;
      if (typeof body.delayMs === 'number') delayMs = body.delayMs;
      return json(res, 200, { mode });
    }
    if (method === 'POST' && path === '/_fake/fail') {
      failures.push({
        kind: body.kind as FailureKind,
        path: (body.path as string) ?? '/',
        left: (body.times as number) ?? 1,
      });
      return json(res, 200, { ok: true });
    }
    if (method === 'POST' && path === '/_fake/flush') {
      await fake.flushWebhooks();
      return json(res, 200, { ok: true });
    }
    return problem(res, 404, 'Not Found');
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const path = new URL(req.url ?? '/', 'http://fake').pathname;
    const method = req.method ?? 'GET';
    const text = await readBody(req);
    const body = parse(text, header(req, 'content-type'));
    if (path.startsWith('/_fake/')) return control(path, method, body ?? {}, res);
    requests.push({ method, path, headers: { ...req.headers }, body: body ?? text, at: Date.now() });

    const failure = failures.find((f) => f.left > 0 && path.startsWith(f.path));
    if (failure) {
      failure.left -= 1;
      if (failure.kind === 'hang') return; // never answered; the socket is closed when the fake stops
      if (failure.kind === 'reset') return req.socket.destroy();
      return problem(
        res,
        failure.kind,
        failure.kind === 503 ? 'Service Unavailable' : 'Internal Server Error',
      );
    }
    if (body === null) return problem(res, 400, 'Bad Request', 'The body is not JSON');

    if (method === 'POST' && path === '/accesstoken/get') {
      if (
        header(req, 'client_id') !== credentials.clientId ||
        header(req, 'client_secret') !== credentials.clientSecret ||
        header(req, 'ocp-apim-subscription-key') !== credentials.subscriptionKey
      ) {
        return json(res, 401, {
          error: 'invalid_client',
          error_description: 'Unknown client_id, client_secret or subscription key',
        });
      }
      const token = randomBytes(32).toString('base64url');
      const now = Math.floor(Date.now() / 1000);
      tokens.set(token, Date.now() + tokenSeconds * 1000);
      // As Vipps answers it: the numbers as strings.
      return json(res, 200, {
        token_type: 'Bearer',
        expires_in: String(tokenSeconds),
        ext_expires_in: String(tokenSeconds),
        expires_on: String(now + tokenSeconds),
        not_before: String(now),
        resource: '00000002-0000-0000-c000-000000000000',
        access_token: token,
      });
    }

    const pay = /^\/pay\/([^/]+)$/.exec(path);
    if (pay) {
      const p = payments.get(decodeURIComponent(pay[1]!));
      if (!p) return res.writeHead(404, { 'content-type': 'text/plain' }).end('No such payment');
      if (method === 'GET') return hostedPage(res, p);
      if (method === 'POST') {
        if (body.action === 'approve') approve(p.reference);
        else if (body.action === 'reject') endUnpaid(p.reference, 'ABORTED');
        if (!p.returnUrl) return hostedPage(res, p);
        return res.writeHead(303, { location: p.returnUrl }).end();
      }
    }

    if (!path.startsWith('/epayment/v1/')) return problem(res, 404, 'Not Found');
    if (!authorised(req, res)) return;

    if (method === 'POST' && path === '/epayment/v1/payments') {
      return idempotent(req, res, 'create', () => createPayment(body));
    }
    const forced = /^\/epayment\/v1\/test\/payments\/([^/]+)\/approve$/.exec(path);
    if (forced && method === 'POST') {
      const p = payments.get(decodeURIComponent(forced[1]!));
      if (!p) return problem(res, 404, 'Not Found');
      approve(p.reference);
      return json(res, 200, {});
    }
    const one = /^\/epayment\/v1\/payments\/([^/]+)(?:\/(events|capture|refund|cancel))?$/.exec(path);
    if (!one) return problem(res, 404, 'Not Found');
    const reference = decodeURIComponent(one[1]!);
    const action = one[2];
    if (method === 'GET' && !action) {
      const p = payments.get(reference);
      return p ? json(res, 200, paymentView(p)) : problem(res, 404, 'Not Found', `No payment ${reference}`);
    }
    if (method === 'GET' && action === 'events') {
      const p = payments.get(reference);
      return p ? json(res, 200, p.events) : problem(res, 404, 'Not Found');
    }
    if (method === 'POST' && action && action !== 'events') {
      return idempotent(req, res, `${action} ${reference}`, () =>
        modify(reference, action, body, header(req, 'idempotency-key')!),
      );
    }
    return problem(res, 405, 'Method Not Allowed');
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error) => {
      if (!res.headersSent) problem(res, 500, 'Internal Server Error', String(error));
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  url = `http://127.0.0.1:${port}`;

  const fake: FakeVipps = {
    url,
    env: {
      VIPPS_CLIENT_ID: credentials.clientId,
      VIPPS_CLIENT_SECRET: credentials.clientSecret,
      VIPPS_SUBSCRIPTION_KEY: credentials.subscriptionKey,
      VIPPS_MSN: credentials.msn,
      VIPPS_WEBHOOK_SECRET: credentials.webhookSecret,
      VIPPS_API_URL: url,
    },
    credentials,
    settings: { ...credentials, apiUrl: url },
    requests,
    payments,
    deliveries,
    setWebhookUrl(next) {
      webhookUrl = next;
    },
    setWebhookMode(next, opts = {}) {
      mode = next;
      if (opts.copies !== undefined) copies = opts.copies;
      if (opts.delayMs !== undefined) delayMs = opts.delayMs;
    },
    failNext(kind, opts = {}) {
      failures.push({ kind, path: opts.path ?? '/', left: opts.times ?? 1 });
    },
    approve,
    reject: (reference) => endUnpaid(reference, 'ABORTED'),
    expire: (reference) => endUnpaid(reference, 'EXPIRED'),
    expireTokens() {
      for (const token of tokens.keys()) tokens.set(token, 0);
    },
    async flushWebhooks() {
      for (const [timer, event] of delayed) {
        clearTimeout(timer);
        track(deliver(event));
      }
      delayed.clear();
      flushHeld();
      await Promise.all([...inFlight]);
    },
    async settled() {
      while (inFlight.size) await Promise.all([...inFlight]);
    },
    close: async () => {
      for (const timer of delayed.keys()) clearTimeout(timer);
      if (holdTimer) clearTimeout(holdTimer);
      await Promise.allSettled([...inFlight]);
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return fake;
}
