import { describe, expect, it, vi } from 'vitest';
import { ClientErrorReportSchema as ClientErrorReport } from '../../../server/routes/client-errors.ts';
import { CLIENT_ERROR_LIMITS, CLIENT_ERRORS_PATH } from '../../../shop/clientErrors.ts';
import {
  createErrorReporter,
  installErrorReporter,
  MAX_REPORTS_PER_PAGE,
  reportRenderError,
} from '../../../src/app/errorReporter.ts';

const page = { url: () => 'https://shop.example/m/cart', userAgent: () => 'Mozilla/5.0 (iPhone)' };

/** An error thrown at a given place (the second line of its stack). */
function thrownAt(message: string, place: string) {
  const error = new TypeError(message);
  error.stack = `TypeError: ${message}\n    at ${place}\n    at render (index.js:9:9)`;
  return error;
}

describe('the browser error reporter', () => {
  it('sends a report the server accepts', () => {
    const send = vi.fn();
    createErrorReporter(send, { page })(
      'error',
      thrownAt('cart.lines is undefined', 'CartPage (index.js:1:2)'),
    );
    expect(send).toHaveBeenCalledTimes(1);
    const report = send.mock.calls[0]![0];
    expect(ClientErrorReport.parse(report)).toEqual(report);
    expect(report).toMatchObject({
      kind: 'error',
      message: 'TypeError: cart.lines is undefined',
      url: 'https://shop.example/m/cart',
      userAgent: 'Mozilla/5.0 (iPhone)',
    });
  });

  it('sends the same error from the same place once, however often it is thrown', () => {
    const send = vi.fn();
    const report = createErrorReporter(send, { page });
    for (let i = 0; i < 10; i++) report('error', thrownAt('boom', 'Gallery (index.js:4:2)'));
    report('unhandledrejection', thrownAt('boom', 'Gallery (index.js:4:2)'));
    expect(send).toHaveBeenCalledTimes(1);
    report('error', thrownAt('boom', 'Basket (index.js:7:1)'));
    report('error', thrownAt('bang', 'Gallery (index.js:4:2)'));
    expect(send).toHaveBeenCalledTimes(3);
  });

  it(`sends at most ${MAX_REPORTS_PER_PAGE} reports per page load`, () => {
    const send = vi.fn();
    const report = createErrorReporter(send, { page });
    for (let i = 0; i < 50; i++) report('error', thrownAt(`error ${i}`, `Screen${i} (index.js:1:1)`));
    expect(send).toHaveBeenCalledTimes(MAX_REPORTS_PER_PAGE);
  });

  it('cuts long parts to what the server takes, and skips what says nothing', () => {
    const send = vi.fn();
    const report = createErrorReporter(send, {
      page: { url: () => `https://shop.example/${'a'.repeat(5000)}`, userAgent: () => 'u'.repeat(900) },
    });
    const long = new Error('x'.repeat(5000));
    long.stack = 's'.repeat(20_000);
    report('render', long);
    report('error', 'Script error.');
    report('unhandledrejection', undefined);
    expect(send).toHaveBeenCalledTimes(1);
    const sent = send.mock.calls[0]![0];
    expect(ClientErrorReport.safeParse(sent).success).toBe(true);
    expect(sent.message).toHaveLength(CLIENT_ERROR_LIMITS.message);
    expect(sent.stack).toHaveLength(CLIENT_ERROR_LIMITS.stack);
  });

  it('listens to the window’s errors and unhandled rejections, and to crashed screens', async () => {
    const target = new EventTarget();
    const send = vi.fn();
    installErrorReporter(target as unknown as Window, createErrorReporter(send, { page }));
    target.dispatchEvent(
      Object.assign(new Event('error'), { error: thrownAt('uncaught', 'a (index.js:1:1)') }),
    );
    target.dispatchEvent(
      Object.assign(new Event('error'), { error: null, message: 'Uncaught SyntaxError: x' }),
    );
    target.dispatchEvent(
      Object.assign(new Event('unhandledrejection'), { reason: thrownAt('rejected', 'b (index.js:2:2)') }),
    );
    reportRenderError(thrownAt('crashed', 'c (index.js:3:3)'));
    expect(send.mock.calls.map(([r]) => [r.kind, r.message])).toEqual([
      ['error', 'TypeError: uncaught'],
      ['error', 'Uncaught SyntaxError: x'],
      ['unhandledrejection', 'TypeError: rejected'],
      ['render', 'TypeError: crashed'],
    ]);
  });

  it('posts with keepalive to the server’s endpoint, and a failed post is not an error of its own', async () => {
    const fetch = vi.fn().mockRejectedValue(new TypeError('Failed to fetch'));
    vi.stubGlobal('fetch', fetch);
    try {
      createErrorReporter(undefined, { page })('error', thrownAt('boom', 'x (index.js:1:1)'));
      await Promise.resolve();
      expect(fetch).toHaveBeenCalledWith(
        CLIENT_ERRORS_PATH,
        expect.objectContaining({ method: 'POST', keepalive: true }),
      );
      expect(JSON.parse(fetch.mock.calls[0]![1].body)).toMatchObject({
        kind: 'error',
        message: 'TypeError: boom',
      });
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
