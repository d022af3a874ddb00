import { invoiceProvider } from './invoice.ts';
import type { PaymentProvider, ProviderType } from './provider.ts';
import { storeProvider } from './store.ts';
import { testCardProvider } from './testCard.ts';

export type Providers = Record<ProviderType, PaymentProvider>;

export function createProviders({ testCardSecret }: { testCardSecret: string }): Providers {
  return { store: storeProvider, invoice: invoiceProvider, 'test-card': testCardProvider(testCardSecret) };
}
