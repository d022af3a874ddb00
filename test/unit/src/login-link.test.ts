import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenOfHash } from '../../../src/features/checkout/LoginLinkPage.tsx';
import {
  LOGIN_LINK_MINUTES,
  rememberLoginLinkReturn,
  takeLoginLinkReturn,
} from '../../../src/features/checkout/loginLinkReturn.ts';

const TOKEN = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNO_-';

describe("the login link page's token", () => {
  it('is read from the fragment, in its shape only', () => {
    expect(TOKEN).toHaveLength(43);
    expect(tokenOfHash(`#token=${TOKEN}`)).toBe(TOKEN);
    expect(tokenOfHash(`token=${TOKEN}`)).toBe(TOKEN);
    expect(tokenOfHash('')).toBeNull();
    expect(tokenOfHash('#token=')).toBeNull();
    expect(tokenOfHash(`#token=${TOKEN}x`)).toBeNull();
    expect(tokenOfHash(`#token=${TOKEN.slice(1)}%3C`)).toBeNull();
  });
});

describe('where the login link page goes on to', () => {
  let items: Map<string, string>;
  beforeEach(() => {
    items = new Map();
    vi.stubGlobal('localStorage', {
      getItem: (k: string) => items.get(k) ?? null,
      setItem: (k: string, v: string) => void items.set(k, v),
      removeItem: (k: string) => void items.delete(k),
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('is where the link was asked for, once, while a link asked for there still works', () => {
    const at = Date.now();
    rememberLoginLinkReturn('/cart/checkout');
    expect(takeLoginLinkReturn(at + 1000)).toBe('/cart/checkout');
    expect(takeLoginLinkReturn(at + 2000)).toBe('/');
    rememberLoginLinkReturn('/designs');
    expect(takeLoginLinkReturn(at + LOGIN_LINK_MINUTES * 60 * 1000 + 60_000)).toBe('/');
  });

  it("is the start page for anything that is not this app's own path", () => {
    for (const path of ['//evil.example/x', 'https://evil.example', 'cart', '']) {
      rememberLoginLinkReturn(path);
      expect(takeLoginLinkReturn(), path).toBe('/');
    }
    items.set('print-shop:login-link-return', 'not json');
    expect(takeLoginLinkReturn()).toBe('/');
  });
});
