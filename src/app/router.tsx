import { lazy, Suspense } from 'react';
import { createBrowserRouter } from 'react-router';
import { ContentPageRoute } from '../features/content/ContentPage.tsx';
import { ProductsPage } from '../features/products/ProductsPage.tsx';
import { Loading } from '../ui/Loading.tsx';
import type { Layout } from './layout.ts';
import { NotFoundPage, RouteError } from './pages.tsx';
import { Shell } from './Shell.tsx';

/*
 * The start page's JavaScript holds the shell, content pages and the product list, the screens a
 * first visit lands on; each later screen is its own chunk, fetched when it opens (issue 15).
 */
const UploadPage = lazy(() =>
  import('../features/upload/UploadPage.tsx').then((m) => ({ default: m.UploadPage })),
);
const CartPage = lazy(() => import('../features/cart/CartPage.tsx').then((m) => ({ default: m.CartPage })));
const EditOrderLinePage = lazy(() =>
  import('../features/cart/EditOrderLinePage.tsx').then((m) => ({ default: m.EditOrderLinePage })),
);
const TemplateListPage = lazy(() =>
  import('../features/templates/TemplateListPage.tsx').then((m) => ({ default: m.TemplateListPage })),
);

/** The template author harness (dev): its own chunk, with Konva, never in the start page's. */
const HarnessPage = lazy(() =>
  import('../features/harness/HarnessPage.tsx').then((m) => ({ default: m.HarnessPage })),
);

/** The customisation editor (S1 §2): full screen, its own chunk with Konva, never in the start page's. */
const EditorPage = lazy(() =>
  import('../features/editor/EditorPage.tsx').then((m) => ({ default: m.EditorPage })),
);
const editor = (kind: 'calendars' | 'cards' | 'photogift') => (
  <Suspense fallback={<Loading />}>
    <EditorPage kind={kind} />
  </Suspense>
);

/** The checkout's screens share one chunk: the start page never loads the forms and the store selector. */
const checkoutScreens = () => import('../features/checkout/index.ts');
const CheckoutStart = lazy(() => checkoutScreens().then((m) => ({ default: m.CheckoutStart })));
const DeliveryPage = lazy(() => checkoutScreens().then((m) => ({ default: m.DeliveryPage })));
const PaymentPage = lazy(() => checkoutScreens().then((m) => ({ default: m.PaymentPage })));
const PaymentReturn = lazy(() => checkoutScreens().then((m) => ({ default: m.PaymentReturn })));
const ReceiptPage = lazy(() => checkoutScreens().then((m) => ({ default: m.ReceiptPage })));

/** My orders: its own small chunk, only for shoppers who open it. */
const MyOrdersPage = lazy(() =>
  import('../features/orders/MyOrdersPage.tsx').then((m) => ({ default: m.MyOrdersPage })),
);

/** The lab's order desk: its own chunk (and `lab` translations), never in the shop's start page. */
const LabPage = lazy(() => import('../features/lab/LabPage.tsx').then((m) => ({ default: m.LabPage })));

/** The desk lives at /lab, outside the shop's /m and /m2 (docs/decisions.md). */
export const isLabPath = (pathname: string) => pathname === '/lab' || pathname.startsWith('/lab/');

/** A router root of its own: the desk shares the app's entry and portal, not the shop's routes. */
export function createLabRouter() {
  return createBrowserRouter(
    [
      {
        path: '*',
        errorElement: <RouteError />,
        element: (
          <Suspense fallback={<Loading />}>
            <LabPage />
          </Suspense>
        ),
      },
    ],
    { basename: '/lab' },
  );
}

/** All routes are relative to the basename (S0 §2). */
export function createAppRouter(basename: string, layout: Layout) {
  return createBrowserRouter(
    [
      {
        path: 'dev/harness/:uuid?',
        errorElement: <RouteError />,
        element: (
          <Suspense fallback={<Loading />}>
            <HarnessPage />
          </Suspense>
        ),
      },
      // The editor is full screen, outside the shell (S1 §2: a full-screen flow).
      {
        path: 'products/calendars/:productUuid/:templateUuid',
        errorElement: <RouteError />,
        element: editor('calendars'),
      },
      {
        path: 'products/cards/:category/:productUuid/:templateUuid',
        errorElement: <RouteError />,
        element: editor('cards'),
      },
      {
        path: 'products/photogift/:category/:productUuid/:templateUuid',
        errorElement: <RouteError />,
        element: editor('photogift'),
      },
      {
        element: <Shell layout={layout} />,
        errorElement: <RouteError />,
        children: [
          {
            // A failing screen keeps the header and menu around it.
            errorElement: <RouteError />,
            children: [
              { index: true, element: <ContentPageRoute /> },
              { path: 'pages/:id', element: <ContentPageRoute /> },
              { path: 'products', element: <ProductsPage /> },
              { path: 'products/:type', element: <TemplateListPage /> },
              { path: 'products/:type/:category', element: <TemplateListPage /> },
              { path: 'upload', element: <UploadPage /> },
              { path: 'cart', element: <CartPage /> },
              { path: 'cart/view/:orderPartUuid', element: <CartPage /> },
              { path: 'cart/checkout', element: <CheckoutStart /> },
              { path: 'cart/checkout/delivery-options', element: <DeliveryPage /> },
              { path: 'cart/checkout/payment-options', element: <PaymentPage /> },
              { path: 'cart/checkout/payment', element: <PaymentReturn /> },
              { path: 'cart/checkout/receipt/:orderUuid', element: <ReceiptPage /> },
              {
                path: 'orders',
                element: (
                  <Suspense fallback={<Loading />}>
                    <MyOrdersPage />
                  </Suspense>
                ),
              },
              { path: 'cart/edit/:uuid', element: <EditOrderLinePage /> },
              { path: 'cart/:orderPartUuid', element: <CartPage /> },
              { path: '*', element: <NotFoundPage /> },
            ],
          },
        ],
      },
    ],
    { basename },
  );
}
