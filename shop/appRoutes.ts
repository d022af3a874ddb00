/**
 * The app's routes, once (S0 §2; issue 30): the browser's router draws a screen for each
 * (src/app/router.tsx), and the server reads the same list to know what a path's first screen needs
 * (firstScreen.ts: its data, and whether it is drawn on the server) and which chunk to name in the
 * HTML (server/services/storefront/routeChunks.ts). Paths are React Router's, relative to the basename
 * (/m, /m2 or nothing), and matched by React Router's own ranking (`matchRoutes`) on both sides.
 */
import { matchRoutes } from 'react-router';

/** The screens the app can show; a route names one. */
export type Screen =
  | 'harness'
  | 'editor'
  | 'start'
  | 'page'
  | 'products'
  | 'templateList'
  | 'upload'
  | 'cart'
  | 'checkoutStart'
  | 'delivery'
  | 'payment'
  | 'paymentReturn'
  | 'receipt'
  | 'loginLink'
  | 'orders'
  | 'designs'
  | 'editOrderLine'
  | 'notFound';

export interface AppRoute {
  /** React Router's path; '' is the index route (the start page). */
  path: string;
  screen: Screen;
  /** Full screen, outside the shell's header and menu (S1 §2: the editor is a full-screen flow). */
  fullScreen?: true;
  /** For the editor: the kind of product its routes edit. */
  kind?: 'calendars' | 'cards' | 'photogift' | 'photobooks';
}

export const APP_ROUTES: readonly AppRoute[] = [
  { path: 'dev/harness/:uuid?', screen: 'harness', fullScreen: true },
  {
    path: 'products/calendars/:productUuid/:templateUuid',
    screen: 'editor',
    fullScreen: true,
    kind: 'calendars',
  },
  {
    path: 'products/photobooks/:productUuid/:templateUuid',
    screen: 'editor',
    fullScreen: true,
    kind: 'photobooks',
  },
  {
    path: 'products/cards/:category/:productUuid/:templateUuid',
    screen: 'editor',
    fullScreen: true,
    kind: 'cards',
  },
  {
    path: 'products/photogift/:category/:productUuid/:templateUuid',
    screen: 'editor',
    fullScreen: true,
    kind: 'photogift',
  },
  { path: '', screen: 'start' },
  { path: 'pages/:id', screen: 'page' },
  { path: 'products', screen: 'products' },
  { path: 'products/:type', screen: 'templateList' },
  { path: 'products/:type/:category', screen: 'templateList' },
  { path: 'upload', screen: 'upload' },
  { path: 'cart', screen: 'cart' },
  { path: 'cart/view/:orderPartUuid', screen: 'cart' },
  { path: 'cart/checkout', screen: 'checkoutStart' },
  { path: 'cart/checkout/delivery-options', screen: 'delivery' },
  { path: 'cart/checkout/payment-options', screen: 'payment' },
  { path: 'cart/checkout/payment', screen: 'paymentReturn' },
  { path: 'cart/checkout/receipt/:orderUuid', screen: 'receipt' },
  { path: 'login-link', screen: 'loginLink' },
  { path: 'orders', screen: 'orders' },
  { path: 'designs', screen: 'designs' },
  { path: 'cart/edit/:uuid', screen: 'editOrderLine' },
  { path: 'cart/:orderPartUuid', screen: 'cart' },
  { path: '*', screen: 'notFound' },
];

/** React Router's route objects for the list (the index route as `index`), each carrying its entry. */
const matchable = APP_ROUTES.map((route) =>
  route.path === '' ? { index: true, route } : { path: route.path, route },
);

/**
 * The route the app draws at `appPath` (the path inside the app, after /m, /m2 or nothing), with its
 * parameters as React Router gives them, decoded; notFound for a path no screen has.
 */
export function routeOf(appPath: string): { route: AppRoute; params: Record<string, string | undefined> } {
  const path = appPath.split(/[?#]/)[0] || '/';
  const notFound = { route: APP_ROUTES[APP_ROUTES.length - 1]!, params: {} };
  // A broken escape is no address of ours (and React Router would only warn and match it raw).
  if (!decodes(path)) return notFound;
  const match = matchRoutes(matchable, path)?.at(-1);
  return match ? { route: match.route.route, params: match.params } : notFound;
}

function decodes(path: string): boolean {
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
}
