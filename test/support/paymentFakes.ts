/**
 * The payment providers' fakes for a shop of the tests' own (issue 29): a fake Stripe API and a fake
 * Vipps MobilePay API, each a small HTTP server speaking the provider's real routes and body formats,
 * with its own hosted payment page, and sending signed webhooks to the shop.
 *
 * Run as a program (scripts/e2e-server.mjs, the payments e2e shop), it starts both, aimed at the
 * shop's webhooks under `<shop origin>`, prints `FAKES {…}` with the environment the shop needs
 * (STRIPE_*, VIPPS_*) and the fakes' own addresses, and runs until killed.
 */
import { writeFileSync } from 'node:fs';
import { type FakeStripe, startFakeStripe } from './fakeStripe.ts';
import { type FakeVipps, startFakeVipps } from './fakeVipps.ts';

export interface PaymentFakes {
  stripe: FakeStripe;
  vipps: FakeVipps;
  /** The shop's environment for both: STRIPE_* and VIPPS_*. */
  env: Record<string, string>;
  close(): Promise<void>;
}

export async function startPaymentFakes(shopOrigin: string): Promise<PaymentFakes> {
  const stripe = await startFakeStripe({ webhookUrl: `${shopOrigin}/m/api/payments/stripe/webhook` });
  const vipps = await startFakeVipps({ webhookUrl: `${shopOrigin}/m/api/payments/vipps/webhook` });
  return {
    stripe,
    vipps,
    env: { ...stripe.env, ...vipps.env },
    close: async () => {
      await Promise.all([stripe.close(), vipps.close()]);
    },
  };
}

if (process.argv[1] && import.meta.filename === process.argv[1]) {
  const [shopOrigin, outFile] = process.argv.slice(2);
  if (!shopOrigin) throw new Error('usage: paymentFakes.ts <shop origin> [file to write the environment to]');
  const fakes = await startPaymentFakes(shopOrigin);
  const described = { env: fakes.env, stripe: fakes.stripe.url, vipps: fakes.vipps.url };
  if (outFile) writeFileSync(outFile, JSON.stringify(described));
  console.log(`FAKES ${JSON.stringify(described)}`);
  const stop = async () => {
    await fakes.close();
    process.exit(0);
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
