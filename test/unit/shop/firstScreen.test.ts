import { describe, expect, it } from 'vitest';
import {
  appPathOf,
  drawnOnServer,
  firstScreenApi,
  firstScreenCalls,
  heroImageOf,
  visitorCalls,
} from '../../../shop/firstScreen.ts';

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

  it('the editor asks for its template, on each of its three routes, and is not drawn on the server', () => {
    const uuid = 'eeab1017-4b61-5cc0-a1ea-df7a98a380fa';
    const product = '11111111-2222-4333-8444-555555555555';
    for (const path of [
      `/products/calendars/${product}/${uuid}`,
      `/products/cards/BIRTHDAY/${product}/${uuid}/`,
      `/products/photogift/MUGS/${product}/${uuid}`,
    ]) {
      expect(addresses(path), path).toEqual([`/m/api/templates/by-uuid/${uuid}`]);
      expect(drawnOnServer(path), path).toBe(false);
    }
    expect(firstScreenApi.template(uuid)).toBe(`/m/api/templates/by-uuid/${uuid}`);
    // Not a uuid, a broken escape, or a template list: nothing asked.
    expect(addresses(`/products/calendars/${product}/not-a-uuid`)).toEqual([]);
    expect(addresses(`/products/calendars/${product}/%E0%A4%A`)).toEqual([]);
    expect(addresses(`/products/cards/BIRTHDAY/${product}`)).toEqual([]);
  });

  it('a template list asks for its templates and the price list, and the cards for their categories', () => {
    expect(addresses('/products/cards/BIRTHDAY')).toEqual([
      '/m/api/templates/cards/categories',
      '/m/api/templates/cards/categories/BIRTHDAY',
      '/m/api/products',
    ]);
    // Calendars have no category (S1 §2): their list is the whole type's, whatever follows.
    expect(addresses('/products/calendars')).toEqual(['/m/api/templates/calendars', '/m/api/products']);
    expect(addresses('/products/calendars/x')).toEqual(['/m/api/templates/calendars', '/m/api/products']);
    expect(addresses('/products/photogift/MUGS')).toEqual([
      '/m/api/templates/photogift/categories/MUGS/info',
      '/m/api/templates/photogift/categories/MUGS',
      '/m/api/products',
    ]);
    expect(addresses('/products/photogift')).toEqual(['/m/api/templates/photogift', '/m/api/products']);
  });

  it('the upload page asks for the price list, for the print sizes it names', () => {
    expect(addresses('/upload')).toEqual(['/m/api/products']);
  });

  it('the card list without a category asks for the default category’s cards, whose address the server knows', () => {
    const calls = firstScreenCalls('/products/cards');
    expect(calls.map((c) => c.kind)).toEqual(['cardCategories', 'templateList', 'products']);
    expect(calls[1]).toEqual({ kind: 'templateList', type: 'cards', category: null, address: null });
  });

  it('a list of an unknown type or a category the route refuses asks for nothing', () => {
    for (const path of ['/products/posters', '/products/cards/a%20b', `/products/cards/${'x'.repeat(65)}`])
      expect(addresses(path), path).toEqual([]);
  });

  it('the start page, content pages, the product list and template lists are drawn on the server; other screens not', () => {
    expect(drawnOnServer('/')).toBe(true);
    expect(drawnOnServer('/pages/help')).toBe(true);
    expect(drawnOnServer('/products')).toBe(true);
    expect(drawnOnServer('/products/cards')).toBe(true);
    expect(drawnOnServer('/products/calendars')).toBe(true);
    expect(drawnOnServer('/upload')).toBe(true);
    expect(drawnOnServer('/cart')).toBe(false);
  });

  it('other screens, and addresses that are not a page, ask for nothing ahead of time', () => {
    for (const path of ['/cart', '/pages', '/pages/a/b', '/pages/%E0%A4%A'])
      expect(addresses(path)).toEqual([]);
  });

  it('an address is built the way the app builds it, escaped', () => {
    expect(firstScreenApi.page('a b')).toBe('/m/api/legacy-pages/a%20b');
  });
});

describe('visitorCalls', () => {
  it('the editor asks for the account’s design of its template, the cart for the cart; no other screen asks anything per shopper', () => {
    const uuid = 'eeab1017-4b61-5cc0-a1ea-df7a98a380fa';
    const product = '11111111-2222-4333-8444-555555555555';
    expect(visitorCalls(`/products/cards/BIRTHDAY/${product}/${uuid}`)).toEqual([
      { kind: 'accountDesign', templateUuid: uuid, address: `/m/api/user/designs/${uuid}` },
    ]);
    for (const path of ['/cart', '/cart/'])
      expect(visitorCalls(path), path).toEqual([{ kind: 'cart', address: '/m/api/webshop/cart' }]);
    for (const path of [
      '/',
      '/products',
      '/cart/view/0b9d4b1e',
      '/cart/checkout',
      '/designs',
      `/products/calendars/${product}/not-a-uuid`,
    ])
      expect(visitorCalls(path), path).toEqual([]);
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
