/**
 * One route list for the app and the first screen (issue 30): shop/appRoutes.ts is matched with React
 * Router's own ranking, so the server's first-screen data and chunk names follow the browser's router;
 * the router declares no path of its own.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { routeOf } from '../../../shop/appRoutes.ts';

const product = '11111111-2222-4333-8444-555555555555';
const template = 'eeab1017-4b61-5cc0-a1ea-df7a98a380fa';

describe('routeOf', () => {
  it.each([
    ['/', 'start', {}],
    ['/pages/help', 'page', { id: 'help' }],
    ['/pages/a%20b/', 'page', { id: 'a b' }],
    ['/products', 'products', {}],
    ['/products/cards', 'templateList', { type: 'cards' }],
    ['/products/cards/BIRTHDAY', 'templateList', { type: 'cards', category: 'BIRTHDAY' }],
    [
      `/products/calendars/${product}/${template}`,
      'editor',
      { productUuid: product, templateUuid: template },
    ],
    [`/products/cards/BIRTHDAY/${product}/${template}`, 'editor', { templateUuid: template }],
    ['/cart', 'cart', {}],
    ['/cart/0b9d4b1e', 'cart', { orderPartUuid: '0b9d4b1e' }],
    ['/cart/view/0b9d4b1e', 'cart', { orderPartUuid: '0b9d4b1e' }],
    // The checkout's paths are the checkout's, though "cart/:orderPartUuid" would match them too.
    ['/cart/checkout', 'checkoutStart', {}],
    ['/cart/checkout/receipt/abc', 'receipt', { orderUuid: 'abc' }],
    ['/cart/edit/abc', 'editOrderLine', { uuid: 'abc' }],
    ['/pages/a/b', 'notFound', {}],
    ['/pages/%E0%A4%A', 'notFound', {}],
  ])('%s → %s', (appPath, screen, params) => {
    const route = routeOf(appPath);
    expect(route.route.screen).toBe(screen);
    expect(route.params).toMatchObject(params);
  });

  it('gives the editor’s routes their kind of product', () => {
    expect(routeOf(`/products/photogift/MUGS/${product}/${template}`).route.kind).toBe('photogift');
  });
});

describe('the router', () => {
  it('draws the list’s routes and declares no path of its own', () => {
    const router = readFileSync(path.resolve(import.meta.dirname, '../../../src/app/router.tsx'), 'utf8');
    expect(router).toContain('APP_ROUTES');
    expect(router).not.toMatch(/\bpath="/);
  });
});
