/**
 * The page's events that wake the upload queues (issue 32): `online` and the page becoming visible
 * call wake() on every followed queue; the page hiding does not, and going offline interrupts.
 * network.ts listens when it is loaded, so it is loaded afresh with a stand-in window and document.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';

describe('what wakes the upload queues', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.resetModules();
  });

  it('online and becoming visible wake every followed queue; hiding does not; offline interrupts', async () => {
    const win = new EventTarget();
    const doc = Object.assign(new EventTarget(), { visibilityState: 'visible' as string });
    vi.stubGlobal('window', win);
    vi.stubGlobal('document', doc);
    vi.resetModules();
    const { followNetwork } = await import('../../../src/app/network.ts');
    const queue = { interrupt: vi.fn(), wake: vi.fn() };
    followNetwork(queue as never);

    win.dispatchEvent(new Event('online'));
    expect(queue.wake).toHaveBeenCalledTimes(1);
    doc.visibilityState = 'hidden';
    doc.dispatchEvent(new Event('visibilitychange'));
    expect(queue.wake).toHaveBeenCalledTimes(1);
    doc.visibilityState = 'visible';
    doc.dispatchEvent(new Event('visibilitychange'));
    expect(queue.wake).toHaveBeenCalledTimes(2);
    win.dispatchEvent(new Event('offline'));
    expect(queue.interrupt).toHaveBeenCalledTimes(1);
    expect(queue.wake).toHaveBeenCalledTimes(2);
    // Loading network.ts afresh (React, the shop's modules) takes seconds on a busy machine.
  }, 60_000);
});
