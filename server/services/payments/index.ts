import type { StripeSettings, VippsSettings } from '../../config.ts';
import { HttpError } from '../../errors.ts';
import { invoiceProvider } from './invoice.ts';
import type { PaymentProvider, ProviderType } from './provider.ts';
import { storeProvider } from './store.ts';
import { type StripeProvider, stripeProvider } from './stripe.ts';
import { testCardProvider } from './testCard.ts';
import { vippsProvider } from './vipps.ts';

/** The providers this shop runs; one that is off (the test card in production) is absent. */
export type Providers = Partial<Record<ProviderType, PaymentProvider>>;

export interface ProviderSettings {
  /** null: the test card is off (production without a secret of its own; config.ts). */
  testCardSecret: string | null;
  /** Stripe (STRIPE_*); null or absent: not offered. */
  stripe?: StripeSettings | null;
  /** Vipps MobilePay's ePayment API (VIPPS_*); null or absent: not offered. */
  vipps?: VippsSettings | null;
}

export function createProviders(settings: ProviderSettings) {
  const testCard = settings.testCardSecret === null ? null : testCardProvider(settings.testCardSecret);
  const stripe: StripeProvider | null = settings.stripe ? stripeProvider(settings.stripe) : null;
  const vipps = settings.vipps ? vippsProvider(settings.vipps) : null;
  const providers: Providers = {
    store: storeProvider,
    invoice: invoiceProvider,
    ...(testCard ? { 'test-card': testCard } : {}),
    ...(stripe ? { stripe } : {}),
    ...(vipps ? { vipps } : {}),
  };
  return { providers, testCard, vipps, stripe };
}

/** The provider of `type`, or a 409 when this shop has it off (a payment option it no longer offers). */
export function providerOf(providers: Providers, type: string): PaymentProvider {
  const provider = providers[type as ProviderType];
  if (!provider) {
    throw new HttpError(409, 'payment_option_unavailable');
  }
  return provider;
}
