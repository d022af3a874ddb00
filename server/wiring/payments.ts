/** The payment providers this shop offers: pay in store, invoice, the test card, Stripe and Vipps when configured. */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createProviders } from '../services/payments/index.ts';
import type { WiringOptions } from './options.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The providers by type, and the three that have routes of their own (null when off). */
    payments: ReturnType<typeof createProviders>;
  }
}

export const payments = fp<WiringOptions>(
  async (app: FastifyInstance, { config }) => {
    app.decorate(
      'payments',
      createProviders({
        testCardSecret: config.paymentTestSecret,
        vipps: config.vipps,
        stripe: config.stripe,
      }),
    );
  },
  { name: 'payments' },
);
