import { describe, expect, it } from 'vitest';
import {
  FULFILMENT_STATUSES,
  isFinalStep,
  orderReference,
  PRODUCTION_STATUSES,
  shopperStep,
} from '../../../shop/production.ts';

const at = new Date().toISOString();

describe("the shopper's step of an order", () => {
  it('is received while production waits, in production while it runs, is done or is being mended', () => {
    expect(shopperStep({ production: 'queued', events: [] })).toBe('received');
    for (const production of ['rendering', 'ready', 'failed'] as const) {
      expect(shopperStep({ production, events: [] })).toBe('in-production');
    }
  });

  it("is the lab's latest step once there is one, whatever the files' status", () => {
    for (const production of PRODUCTION_STATUSES) {
      expect(shopperStep({ production, events: [{ status: 'printed', at }] })).toBe('printed');
    }
    const printed = { status: 'printed' as const, at };
    expect(shopperStep({ production: 'ready', events: [printed, { status: 'ready-for-pickup', at }] })).toBe(
      'ready-for-pickup',
    );
    expect(shopperStep({ production: 'ready', events: [printed, { status: 'shipped', at }] })).toBe(
      'shipped',
    );
    // Events with equal times keep their rank, not their order.
    expect(shopperStep({ production: 'ready', events: [{ status: 'shipped', at }, printed] })).toBe(
      'shipped',
    );
  });

  it('is final when shipped or ready for pickup, and only then', () => {
    expect(FULFILMENT_STATUSES.filter(isFinalStep)).toEqual(['ready-for-pickup', 'shipped']);
    expect(isFinalStep('received')).toBe(false);
    expect(isFinalStep('in-production')).toBe(false);
  });

  it("the reference is the order uuid's first 8 characters", () => {
    expect(orderReference('3f2a9c41-7b1e-4d2a-9c3b-5e6f7a8b9c0d')).toBe('3f2a9c41');
  });
});
