import { describe, expect, it } from 'vitest';
import { appPathOf, firstScreenApi, firstScreenCalls, heroImageOf } from '../../../shop/firstScreen.ts';

describe('appPathOf', () => {
  it.each([
    ['/m/', '/'],
    ['/m', '/'],
    ['/m2/products?x=1', '/products'],
    ['/m/pages/help#top', '/pages/help'],
    ['/products/cards', '/products/cards'],
    ['/mobile', '/mobile'],
    ['/m20/x', '/m20/x'],
  ])('%s → %s', (url, path) => {
    expect(appPathOf(url)).toBe(path);
  });
});

describe('firstScreenCalls', () => {
  const addresses = (appPath: string) => firstScreenCalls(appPath).map((c) => c.address);

  it('the start page and a content page ask for their page', () => {
    expect(addresses('/')).toEqual([firstScreenApi.page('start-page')]);
    expect(addresses('/pages/help')).toEqual(['/m/api/legacy-pages/help']);
    expect(addresses('/pages/help/')).toEqual(['/m/api/legacy-pages/help']);
  });

  it('the product list asks for its categories and the products', () => {
    expect(addresses('/products')).toEqual(['/m/api/products/categories', '/m/api/products']);
  });

  it('other screens, and addresses that are not a page, ask for nothing ahead of time', () => {
    for (const path of ['/cart', '/upload', '/products/cards', '/pages', '/pages/a/b', '/pages/%E0%A4%A'])
      expect(addresses(path)).toEqual([]);
  });

  it('an address is built the way the app builds it, escaped', () => {
    expect(firstScreenApi.page('a b')).toBe('/m/api/legacy-pages/a%20b');
  });
});

describe('heroImageOf', () => {
  const page = (modules: unknown[]) => ({
    translations: null,
    answers: { '/m/api/legacy-pages/x': { modules } },
  });
  const slider = (...backgrounds: string[]) => ({
    type: 'Slider',
    slides: backgrounds.map((background) => ({ background })),
  });

  it('is the first slide of a page that opens with a slider', () => {
    expect(heroImageOf(page([slider('/m/img/a.svg', '/m/img/b.svg'), { type: 'Title' }]))).toEqual({
      src: '/m/img/a.svg',
    });
    const sized = { type: 'Slider', slides: [{ background: '/m/img/a.jpg', width: 1600 }] };
    expect(heroImageOf(page([sized]))).toEqual({ src: '/m/img/a.jpg', width: 1600 });
  });

  it('is none when the slider is further down, has no slides, or there is no page', () => {
    expect(heroImageOf(page([{ type: 'Title' }, slider('/m/img/a.svg')]))).toBeNull();
    expect(heroImageOf(page([slider()]))).toBeNull();
    expect(heroImageOf(page([]))).toBeNull();
    expect(heroImageOf({ translations: null, answers: { '/m/api/products': { products: [] } } })).toBeNull();
    expect(heroImageOf({ translations: null, answers: {} })).toBeNull();
  });
});
