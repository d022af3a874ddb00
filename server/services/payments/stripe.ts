/**
 * Stripe (issue 29), through the official SDK: one hosted Checkout Session per transaction, the card
 * authorised at checkout (`capture_method=manual`) and captured when the order leaves the lab.
 *
 * - `start` creates the session with the Idempotency-Key `checkout-{transaction}`, so a retry after a
 *   timeout or a 5xx gets the same session, never a second one.
 * - `status` reads the session and its PaymentIntent: the money is held only when the session is
 *   complete AND the PaymentIntent is `requires_capture` (a completed session's `payment_status`
 *   alone says nothing about a manual capture); captured and refunded amounts come from the
 *   PaymentIntent and its charge.
 * - Stripe's 5xx, connection errors and timeouts are ProviderUnavailable (503, try again); its 4xx are
 *   ProviderRefused (the shop asked for something Stripe will not do).
 *
 * Line items (docs/payments.md): Checkout takes no negative line, so an order with a rebate is one line
 * for the whole amount; otherwise each cart line (its quantity in the name, its price as one unit),
 * delivery and the minimum-price adjustment. Whichever way, the items sum to the transaction's amount,
 * which is checked before anything is sent; any other sum falls back to the one line.
 */
import type Stripe from 'stripe';

/**
 * The SDK, loaded with the first payment (issue 31): 5 MB of the heap that a shop without Stripe
 * configured, or an idle one, need not hold.
 */
let sdk: typeof Stripe | null = null;
async function loadSdk(): Promise<typeof Stripe> {
  sdk ??= (await import('stripe')).default;
  return sdk;
}

import { type PaymentReport, paymentProviderRoutes } from '../../../shop/index.ts';
import type { StripeSettings } from '../../config.ts';
import { productNameFor, serverT } from '../../i18n.ts';
import {
  type PaymentProvider,
  ProviderRefused,
  type ProviderTransaction,
  ProviderUnavailable,
  returnUrl,
} from './provider.ts';

/** Per request; a shopper waits on the first one (the Checkout Session) at confirm. */
export const STRIPE_TIMEOUT_MS = 8_000;
/** The SDK retries connection errors, 409 and 5xx with the same Idempotency-Key. */
export const STRIPE_NETWORK_RETRIES = 1;
/** Checkout Sessions take at most 100 line items in payment mode. */
const MAX_LINE_ITEMS = 100;
/** Stripe cuts product names; ours are short, but a long description must not make a 400. */
const MAX_NAME = 250;
const PLAIN_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const STRIPE_WEBHOOK_PATH = paymentProviderRoutes.stripeWebhook.path;
/** The Checkout page's back link (server/routes/stripe.ts): the session is expired, then the hand-off. */
export const STRIPE_BACK_PATH = paymentProviderRoutes.stripeBack.path;

/** Where the shopper comes back to: the hand-off, which asks Stripe itself (the marker is only a hint). */
const successUrl = (origin: string, uuid: string) => `${origin}${returnUrl(uuid, 'stripe')}`;
const cancelUrl = (origin: string, uuid: string) =>
  `${origin}${STRIPE_BACK_PATH}?transaction=${encodeURIComponent(uuid)}`;

type LineItem = Stripe.Checkout.SessionCreateParams.LineItem;

const item = (currency: string, name: string, amount: number): LineItem => ({
  quantity: 1,
  price_data: {
    currency,
    unit_amount: amount,
    product_data: { name: name.length > MAX_NAME ? `${name.slice(0, MAX_NAME - 1)}…` : name },
  },
});

/** The Checkout Session's line items for a transaction: they always sum to `tx.amount`. */
export function lineItems(tx: ProviderTransaction): LineItem[] {
  const currency = tx.currencyCode.toLowerCase();
  const snap = tx.snapshot;
  // Stripe's page speaks the shopper's language; the lines it lists are ours to word (issue 34).
  const t = serverT(snap.portal.locale, 'server');
  const productName = productNameFor(snap.portal.locale);
  const whole = [item(currency, t('checkout.orderAt', { shop: snap.portal.name }), tx.amount)];
  if (snap.totals.rebate > 0 || snap.rebate) return whole;
  const items = snap.lines.map((line) =>
    item(
      currency,
      `${line.quantity} × ${productName(line.productName)}${line.description ? `, ${line.description}` : ''}`,
      line.linePrice,
    ),
  );
  if (snap.totals.minimum > 0) items.push(item(currency, t('checkout.minimum'), snap.totals.minimum));
  if (snap.totals.delivery > 0)
    items.push(item(currency, snap.delivery.name || t('checkout.delivery'), snap.totals.delivery));
  const sum = items.reduce((s, i) => s + (i.price_data?.unit_amount ?? 0) * (i.quantity ?? 1), 0);
  const valid = items.every((i) => (i.price_data?.unit_amount ?? -1) >= 0);
  return valid && sum === tx.amount && items.length > 0 && items.length <= MAX_LINE_ITEMS ? items : whole;
}

/** Stripe Checkout's own locale for a portal's (en_GB → en-GB, nb_NO → nb); unknown ones: the browser's. */
function checkoutLocale(locale: string): Stripe.Checkout.SessionCreateParams.Locale {
  const known: Record<string, Stripe.Checkout.SessionCreateParams.Locale> = {
    en_GB: 'en-GB',
    en_US: 'en',
    nb_NO: 'nb',
    da_DK: 'da',
    sv_SE: 'sv',
  };
  return known[locale] ?? 'auto';
}

/** A Stripe error as the shop's: 5xx, 429, timeouts and lost connections are worth a retry, 4xx not. */
export function providerError(error: unknown): Error {
  if (error instanceof ProviderUnavailable || error instanceof ProviderRefused) return error;
  // Only the loaded SDK throws its errors: before it is loaded, nothing can be one.
  if (sdk && error instanceof sdk.errors.StripeError) {
    const status = error.statusCode;
    const detail = `${error.type}${status ? ` ${status}` : ''}: ${error.message}`;
    if (status === undefined || status >= 500 || status === 429 || error.type === 'StripeConnectionError') {
      return new ProviderUnavailable('stripe', detail);
    }
    return new ProviderRefused('stripe', error.message);
  }
  return new ProviderUnavailable('stripe', error instanceof Error ? error.message : String(error));
}

async function call<T>(request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (error) {
    throw providerError(error);
  }
}

const idOf = (value: string | { id: string } | null | undefined) =>
  value == null ? null : typeof value === 'string' ? value : value.id;

/** What a PaymentIntent says, in the shop's words; `sessionComplete` tells a declined card from one not tried. */
export function intentReport(pi: Stripe.PaymentIntent, sessionComplete = true): PaymentReport {
  const money = { amount: pi.amount, currency: pi.currency.toUpperCase() };
  switch (pi.status) {
    case 'requires_capture':
      return { state: 'authorised', ...money };
    case 'succeeded': {
      const captured = pi.amount_received;
      const charge = typeof pi.latest_charge === 'object' ? pi.latest_charge : null;
      const refunded = charge?.amount_refunded ?? 0;
      const state = refunded <= 0 ? 'captured' : refunded >= captured ? 'refunded' : 'partly_refunded';
      return { state, ...money, captured, refunded };
    }
    case 'canceled':
      return { state: 'cancelled' };
    case 'requires_payment_method':
      // A completed session whose payment method failed afterwards (a bank debit): declined. On an
      // open session it is a card turned down on the page, and the shopper may try another.
      return sessionComplete ? { state: 'declined' } : { state: 'pending' };
    default:
      // processing, requires_action, requires_confirmation: not decided yet.
      return { state: 'pending' };
  }
}

/** What a Checkout Session (with its PaymentIntent expanded) says about the payment. */
export function sessionReport(session: Stripe.Checkout.Session): PaymentReport {
  if (session.status === 'expired') return { state: 'expired' };
  const pi = typeof session.payment_intent === 'object' ? session.payment_intent : null;
  if (session.status !== 'complete') return pi ? intentReport(pi, false) : { state: 'pending' };
  // Complete, yet authorised only once the PaymentIntent holds the money for capture.
  return pi ? intentReport(pi) : { state: 'pending' };
}

export type StripeProvider = ReturnType<typeof stripeProvider>;

/** The idempotency key of the back link's expiry of a transaction's session. */
const abandonKey = (transactionUuid: string) => `expire-${transactionUuid}`;

export function stripeProvider(settings: StripeSettings) {
  const api = settings.apiUrl ? new URL(settings.apiUrl) : null;
  let made: Stripe | null = null;
  const client = async (): Promise<Stripe> => {
    made ??= new (await loadSdk())(settings.secretKey, options);
    return made;
  };
  /** A call of the SDK, with its errors as the shop's. */
  const withStripe = <T>(request: (stripe: Stripe) => Promise<T>): Promise<T> =>
    call(async () => request(await client()));
  const options: Stripe.StripeConfig = {
    maxNetworkRetries: settings.maxNetworkRetries ?? STRIPE_NETWORK_RETRIES,
    timeout: settings.timeoutMs ?? STRIPE_TIMEOUT_MS,
    telemetry: false,
    appInfo: { name: 'print-shop' },
    ...(api
      ? {
          host: api.hostname,
          port: Number(api.port || (api.protocol === 'http:' ? 80 : 443)),
          protocol: api.protocol === 'http:' ? 'http' : 'https',
        }
      : {}),
  };

  const retrieveSession = (id: string) =>
    withStripe((stripe) =>
      stripe.checkout.sessions.retrieve(id, { expand: ['payment_intent', 'payment_intent.latest_charge'] }),
    );

  /** The transaction's PaymentIntent, read fresh; a refusal when the shopper never got as far as paying. */
  async function intentOf(tx: ProviderTransaction): Promise<Stripe.PaymentIntent> {
    if (!tx.providerRef) throw new ProviderRefused('stripe', 'the payment was never started');
    const session = await retrieveSession(tx.providerRef);
    const pi = session.payment_intent;
    if (!pi || typeof pi === 'string') throw new ProviderRefused('stripe', 'the session has no payment');
    return pi;
  }

  const readIntent = (id: string) =>
    withStripe((stripe) => stripe.paymentIntents.retrieve(id, { expand: ['latest_charge'] }));

  const provider = {
    type: 'stripe',
    confirmsAtOnce: false,
    // A card's authorisation holds for 7 days at Stripe; the desk warns a day before.
    holdDays: 7,

    async start(tx, context) {
      const session = await withStripe((stripe) =>
        stripe.checkout.sessions.create(
          {
            mode: 'payment',
            line_items: lineItems(tx),
            client_reference_id: tx.uuid,
            // Prefilled for the shopper; an address Stripe might refuse is left for them to type.
            ...(PLAIN_EMAIL.test(tx.snapshot.customer.email)
              ? { customer_email: tx.snapshot.customer.email }
              : {}),
            locale: checkoutLocale(tx.snapshot.portal.locale),
            success_url: successUrl(context.origin, tx.uuid),
            cancel_url: cancelUrl(context.origin, tx.uuid),
            metadata: { transaction: tx.uuid },
            payment_intent_data: { capture_method: 'manual', metadata: { transaction: tx.uuid } },
          },
          { idempotencyKey: `checkout-${tx.uuid}` },
        ),
      );
      if (!session.url)
        throw new ProviderRefused('stripe', 'the Checkout Session has no page to send the shopper to');
      return { redirectUrl: session.url, providerRef: session.id };
    },

    async status(tx) {
      if (!tx.providerRef) return { state: 'pending' };
      return sessionReport(await retrieveSession(tx.providerRef));
    },

    async capture(tx, amount) {
      const pi = await intentOf(tx);
      // Captured already (a retried job, the dashboard): say so rather than ask Stripe to do it twice.
      if (pi.status !== 'requires_capture') return intentReport(pi);
      const captured = await withStripe((stripe) =>
        stripe.paymentIntents.capture(
          pi.id,
          { amount_to_capture: amount, expand: ['latest_charge'] },
          { idempotencyKey: `capture-${tx.uuid}` },
        ),
      );
      return intentReport(captured);
    },

    async refund(tx, amount, key) {
      const pi = await intentOf(tx);
      const refund = await withStripe((stripe) =>
        stripe.refunds.create({ payment_intent: pi.id, amount }, { idempotencyKey: key }),
      );
      if (refund.status === 'failed' || refund.status === 'canceled') {
        throw new ProviderRefused('stripe', `the refund ${refund.status}`);
      }
      // The totals from the charge, not from this refund: a replayed key must not count twice.
      return intentReport(await readIntent(pi.id));
    },

    async cancel(tx) {
      const pi = await intentOf(tx);
      if (pi.status === 'canceled' || pi.status === 'succeeded') return intentReport(pi);
      return intentReport(
        await withStripe((stripe) =>
          stripe.paymentIntents.cancel(pi.id, {}, { idempotencyKey: `cancel-${tx.uuid}` }),
        ),
      );
    },
  } satisfies PaymentProvider;

  return {
    ...provider,
    /**
     * A webhook's event, checked against its `Stripe-Signature` on the raw body (throws when the
     * signature, its timestamp or the body is wrong).
     */
    async verifyEvent(rawBody: string, signature: string | undefined): Promise<Stripe.Event> {
      return (await client()).webhooks.constructEvent(rawBody, signature ?? '', settings.webhookSecret);
    },
    /**
     * The shopper left Stripe's page by its back link: the session is expired at Stripe, so it can no
     * longer be paid, and the payment is cancelled (the cart is as it was). A session Stripe will not
     * expire (paid meanwhile, in another tab) reports where it stands instead.
     */
    async abandon(tx: ProviderTransaction): Promise<PaymentReport> {
      if (!tx.providerRef) return { state: 'pending' };
      const ref = tx.providerRef;
      try {
        await (await client()).checkout.sessions.expire(ref, {}, { idempotencyKey: abandonKey(tx.uuid) });
        return { state: 'cancelled' };
      } catch (error) {
        const mapped = providerError(error);
        if (mapped instanceof ProviderRefused) return sessionReport(await retrieveSession(ref));
        throw mapped;
      }
    },
    /**
     * Whether an event came of abandon()'s own request (Stripe's events name the request that caused
     * them): its `checkout.session.expired` is the shopper's cancellation. The webhook may land before
     * the back link's own write, and the payment must read as cancelled whichever comes first.
     */
    causedByAbandon(event: Stripe.Event, transactionUuid: string): boolean {
      return event.request?.idempotency_key === abandonKey(transactionUuid);
    },
    /** The PaymentIntent's transaction, read from Stripe (a charge's event names only its PaymentIntent). */
    async transactionOfIntent(intent: string | { id: string } | null): Promise<string | null> {
      const id = idOf(intent);
      if (!id) return null;
      return (await readIntent(id)).metadata?.transaction ?? null;
    },
  };
}
