/**
 * The cart's photo gift quantity: taps gathered and saved once they stop, saves one after another,
 * a failed save drops what was waiting; the quantity-only change sent and the server's message shown.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { systemClock } from '../../../shop/clock.ts';
import type { OrderLine } from '../../../shop/contract.ts';
import { CallError } from '../../../src/api/call.ts';
import { createQuantitySaver, QUANTITY_SAVE_DELAY_MS } from '../../../src/features/cart/quantitySaver.ts';
import { quantityChange, serverMessage } from '../../../src/features/cart/useLineQuantity.ts';

/** A save the test answers by hand. */
function deferredSaves() {
  const calls: { quantity: number; resolve: () => void; reject: (e: unknown) => void }[] = [];
  const save = vi.fn(
    (quantity: number) =>
      new Promise<void>((resolve, reject) => {
        calls.push({ quantity, resolve, reject });
      }),
  );
  return { calls, save };
}

describe('createQuantitySaver', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('waits 400 ms after the last tap and sends only the last value', async () => {
    const { calls, save } = deferredSaves();
    const onSaved = vi.fn();
    const saver = createQuantitySaver({ save, onSaved, onFailed: vi.fn() });
    expect(QUANTITY_SAVE_DELAY_MS).toBe(400);
    saver.change(2);
    await vi.advanceTimersByTimeAsync(300);
    saver.change(3);
    await vi.advanceTimersByTimeAsync(300);
    saver.change(4);
    expect(save).not.toHaveBeenCalled();
    expect(saver.busy()).toBe(true);
    await vi.advanceTimersByTimeAsync(399);
    expect(save).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(save).toHaveBeenCalledTimes(1);
    expect(calls[0]!.quantity).toBe(4);
    calls[0]!.resolve();
    await vi.runAllTimersAsync();
    expect(onSaved).toHaveBeenCalledWith(4, true);
    expect(saver.busy()).toBe(false);
  });

  it('never overlaps saves: a tap during a save is sent after it answers', async () => {
    const { calls, save } = deferredSaves();
    const onSaved = vi.fn();
    const saver = createQuantitySaver({ save, onSaved, onFailed: vi.fn() });
    saver.change(2);
    await vi.advanceTimersByTimeAsync(400);
    expect(save).toHaveBeenCalledTimes(1);
    saver.change(3);
    await vi.advanceTimersByTimeAsync(1000);
    // Its delay ran out while the first save was under way: it waits for the answer.
    expect(save).toHaveBeenCalledTimes(1);
    calls[0]!.resolve();
    await vi.advanceTimersByTimeAsync(0);
    expect(onSaved).toHaveBeenLastCalledWith(2, false);
    expect(save).toHaveBeenCalledTimes(2);
    expect(calls[1]!.quantity).toBe(3);
    calls[1]!.resolve();
    await vi.advanceTimersByTimeAsync(0);
    expect(onSaved).toHaveBeenLastCalledWith(3, true);
  });

  it('reports a save as unsettled while a newer tap still waits for its delay', async () => {
    const { calls, save } = deferredSaves();
    const onSaved = vi.fn();
    const saver = createQuantitySaver({ save, onSaved, onFailed: vi.fn() });
    saver.change(2);
    await vi.advanceTimersByTimeAsync(400);
    saver.change(3);
    calls[0]!.resolve();
    await vi.advanceTimersByTimeAsync(0);
    expect(onSaved).toHaveBeenLastCalledWith(2, false);
    expect(save).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(400);
    expect(save).toHaveBeenCalledTimes(2);
    expect(calls[1]!.quantity).toBe(3);
  });

  it('on a failed save drops what was waiting and reports the error once', async () => {
    const { calls, save } = deferredSaves();
    const onSaved = vi.fn();
    const onFailed = vi.fn();
    const saver = createQuantitySaver({ save, onSaved, onFailed });
    saver.change(2);
    await vi.advanceTimersByTimeAsync(400);
    saver.change(3);
    const refused = new CallError(400, 'The minimum quantity of Photo mug is 3', 'below_minimum');
    calls[0]!.reject(refused);
    await vi.runAllTimersAsync();
    expect(onFailed).toHaveBeenCalledTimes(1);
    expect(onFailed).toHaveBeenCalledWith(refused, 2);
    expect(onSaved).not.toHaveBeenCalled();
    expect(save).toHaveBeenCalledTimes(1);
    expect(saver.busy()).toBe(false);
    // The next tap starts afresh.
    saver.change(5);
    await vi.advanceTimersByTimeAsync(400);
    expect(calls[1]!.quantity).toBe(5);
  });

  it('sends nothing and calls nothing once disposed', async () => {
    const { calls, save } = deferredSaves();
    const onSaved = vi.fn();
    const saver = createQuantitySaver({ save, onSaved, onFailed: vi.fn() });
    saver.change(2);
    await vi.advanceTimersByTimeAsync(400);
    saver.change(3);
    saver.dispose();
    calls[0]!.resolve();
    await vi.runAllTimersAsync();
    expect(save).toHaveBeenCalledTimes(1);
    expect(onSaved).not.toHaveBeenCalled();
    saver.change(4);
    await vi.runAllTimersAsync();
    expect(save).toHaveBeenCalledTimes(1);
  });
});

describe('the change sent for a photo gift line', () => {
  const line: OrderLine = {
    uuid: '5d2c6f0e-8a41-4c2b-9f3e-7a1b2c3d4e5f',
    type: 89,
    description: 'Photo mug (Photo mug, Gift box)',
    product: { uuid: '0f1e2d3c-4b5a-4968-8776-655443322110', type: 89 },
    files: [],
    quantity: 2,
    actualLinePrice: 3198,
    image: null,
    subProductUuids: ['a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d'],
    templates: [
      {
        template: 'c0ffee00-0000-4000-8000-000000000001',
        version: 1,
        year: systemClock.now().getFullYear(),
        resources: [],
      },
    ],
  };

  it('is the line with the new quantity and no template: the server keeps the design and prices it', () => {
    const sent = quantityChange(line, 3);
    expect(sent.uuid).toBe(line.uuid);
    expect(sent.product).toEqual(line.product);
    expect(sent.quantity).toBe(3);
    expect(sent.templates).toEqual([]);
    expect(line.quantity).toBe(2);
  });

  it('shows the server’s message when it sent one, nothing of its own otherwise', () => {
    const body = { error: 'The minimum quantity of Photo mug is 3', code: 'below_minimum' };
    expect(serverMessage(new CallError(400, body.error, body.code, body))).toBe(body.error);
    expect(serverMessage(new CallError(502, 'Bad Gateway'))).toBeNull();
    expect(serverMessage(new CallError(-1, 'Failed to fetch'))).toBeNull();
    expect(serverMessage(new Error('boom'))).toBeNull();
  });
});
