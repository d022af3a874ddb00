import { describe, expect, it } from 'vitest';
import { offered } from '../../../server/services/checkout/checkout.ts';
import type { Providers } from '../../../server/services/payments/index.ts';
import type { PaymentProvider } from '../../../server/services/payments/provider.ts';

const row = (provider: string) =>
  ({ uuid: provider, provider, deliveryTypes: ['store-pickup', 'postage'] }) as unknown as Parameters<
    typeof offered
  >[0][number];
const runs = (...types: string[]): Providers =>
  Object.fromEntries(types.map((t) => [t, { type: t } as unknown as PaymentProvider]));
const names = (rows: { provider: string }[]) => rows.map((r) => r.provider);

describe('offered: which payment options a portal shows', () => {
  const portal = ['store', 'invoice', 'stripe', 'test-card'].map(row);

  it('the test card is the demo while no real provider has its keys', () => {
    expect(names(offered(portal, runs('store', 'invoice', 'test-card')))).toEqual([
      'store',
      'invoice',
      'test-card',
    ]);
  });

  it('a real provider with its keys is offered, and the test card is then not', () => {
    expect(names(offered(portal, runs('store', 'invoice', 'test-card', 'stripe')))).toEqual([
      'store',
      'invoice',
      'stripe',
    ]);
  });

  it('a provider the shop does not run is not offered, also on a portal that has its option', () => {
    expect(names(offered(portal, runs('store', 'invoice')))).toEqual(['store', 'invoice']);
    // Vipps's keys set, but this portal sells by card only: the test card stays its demo.
    expect(names(offered(portal, runs('store', 'invoice', 'test-card', 'vipps')))).toEqual([
      'store',
      'invoice',
      'test-card',
    ]);
  });
});
