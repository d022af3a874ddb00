import { afterEach, describe, expect, it, vi } from 'vitest';
import { accountRoutes, cartRoutes, storefrontRoutes } from '../../../shop/index.ts';
import { CallError, call, resolveUrl } from '../../../src/api/call.ts';

function answer(status: number, body: unknown, statusText = ''): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    statusText,
    headers: { 'Content-Type': 'application/json' },
  });
}

afterEach(() => vi.unstubAllGlobals());

describe('resolveUrl', () => {
  it('prefixes relative paths with /m/api', () => {
    expect(resolveUrl('webshop/cart')).toBe('/m/api/webshop/cart');
  });
  it('leaves absolute paths and URLs alone', () => {
    expect(resolveUrl('/ajax/login.php')).toBe('/ajax/login.php');
    expect(resolveUrl('https://example.com/x')).toBe('https://example.com/x');
  });
  it('appends query parameters, skipping undefined ones', () => {
    expect(resolveUrl('/system/XPhoto.php', { uuid: 'u', type: 0, or: undefined })).toBe(
      '/system/XPhoto.php?uuid=u&type=0',
    );
  });
});

describe('call', () => {
  it("sends same-origin credentials and a JSON body for PUT, at the route's path with its params", async () => {
    const fetch = vi.fn(async () => answer(200, { ok: true }));
    vi.stubGlobal('fetch', fetch);
    await call(cartRoutes.putLine, {
      params: { lineUuid: 'l1' },
      body: { product: { uuid: 'p' }, quantity: 2 },
    });
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/m/api/webshop/cart/l1');
    expect(init.credentials).toBe('same-origin');
    expect(init.method).toBe('PUT');
    expect(init.body).toBe('{"product":{"uuid":"p"},"quantity":2}');
    expect((init.headers as Record<string, string>)['Content-Type']).toBe('application/json');
  });

  it('form-encodes a legacy route the table marks as a form', async () => {
    const fetch = vi.fn(async () => answer(200, {}));
    vi.stubGlobal('fetch', fetch);
    await call(accountRoutes.login, { body: { username: 'a@b.c', password: 'p w' } });
    const [, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(init.method).toBe('POST');
    expect(String(init.body)).toBe('username=a%40b.c&password=p+w');
  });

  it('rejects an answer carrying error, even with status 200', async () => {
    vi.stubGlobal('fetch', async () => answer(200, { error: 'Wrong password' }));
    await expect(call(accountRoutes.login, { body: { username: 'a', password: 'b' } })).rejects.toMatchObject(
      {
        code: 200,
        message: 'Wrong password',
      },
    );
  });

  it('rejects 401 and 403 with the status text when there is no error text', async () => {
    vi.stubGlobal('fetch', async () => answer(403, undefined, 'Forbidden'));
    await expect(call(accountRoutes.me, {})).rejects.toMatchObject({ code: 403, message: 'Forbidden' });
  });

  it('keeps the server code of an {error, code} answer', async () => {
    vi.stubGlobal('fetch', async () => answer(404, { error: 'No such page', code: 'NOT_FOUND' }));
    const error = await call(storefrontRoutes.page, { params: { id: 'x' } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CallError);
    expect(error).toMatchObject({ code: 404, message: 'No such page', reason: 'NOT_FOUND' });
  });

  it('gives code -1 when the network fails', async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(call(cartRoutes.get, {})).rejects.toMatchObject({ code: -1 });
  });
});
