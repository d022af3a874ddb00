import { Suspense, useEffect, useRef } from 'react';
import { Route, Routes, useLocation } from 'react-router';
import { APP_ROUTES, type AppRoute, appPathOf, routeOf, type Screen } from '../../shop/index.ts';
import { forgetFirstScreen } from '../api/firstScreen.ts';
import { ContentPageRoute } from '../features/content/ContentPage.tsx';
import { ProductsPage } from '../features/products/ProductsPage.tsx';
import { Loading } from '../ui/Loading.tsx';
import type { Layout } from './layout.ts';
import { lazyScreen } from './lazyScreen.tsx';
import { Guarded, NotFoundPage } from './pages.tsx';
import { Shell } from './Shell.tsx';

/*
 * The start page's JavaScript holds the shell, content pages and the product list, the screens a
 * first visit lands on; each later screen is its own chunk, fetched when it opens (issue 15).
 */
const UploadPage = lazyScreen(() => import('../features/upload/UploadPage.tsx').then((m) => m.UploadPage));
const CartPage = lazyScreen(() => import('../features/cart/CartPage.tsx').then((m) => m.CartPage));
const EditOrderLinePage = lazyScreen(() =>
  import('../features/cart/EditOrderLinePage.tsx').then((m) => m.EditOrderLinePage),
);
const TemplateListPage = lazyScreen(() =>
  import('../features/templates/TemplateListPage.tsx').then((m) => m.TemplateListPage),
);

/** The template author harness (dev): its own chunk, with Konva, never in the start page's. */
const HarnessPage = lazyScreen(() =>
  import('../features/harness/HarnessPage.tsx').then((m) => m.HarnessPage),
);

/** The customisation editor (S1 §2): full screen, its own chunk with Konva, never in the start page's. */
const EditorPage = lazyScreen(() => import('../features/editor/EditorPage.tsx').then((m) => m.EditorPage));

/** The checkout's screens share one chunk: the start page never loads the forms and the store selector. */
const checkoutScreens = () => import('../features/checkout/index.ts');
const CheckoutStart = lazyScreen(() => checkoutScreens().then((m) => m.CheckoutStart));
const DeliveryPage = lazyScreen(() => checkoutScreens().then((m) => m.DeliveryPage));
const PaymentPage = lazyScreen(() => checkoutScreens().then((m) => m.PaymentPage));
const PaymentReturn = lazyScreen(() => checkoutScreens().then((m) => m.PaymentReturn));
const ReceiptPage = lazyScreen(() => checkoutScreens().then((m) => m.ReceiptPage));
/** The page a login link mail opens (issue 28): the checkout's chunk, whose login form asked for it. */
const LoginLinkPage = lazyScreen(() => checkoutScreens().then((m) => m.LoginLinkPage));

/** My orders: its own small chunk, only for shoppers who open it. */
const MyOrdersPage = lazyScreen(() =>
  import('../features/orders/MyOrdersPage.tsx').then((m) => m.MyOrdersPage),
);

/** My designs: its own small chunk, like My orders. */
const MyDesignsPage = lazyScreen(() =>
  import('../features/designs/MyDesignsPage.tsx').then((m) => m.MyDesignsPage),
);

/** The lab's order desk: its own chunk (and `lab` translations), never in the shop's start page. */
const LabPage = lazyScreen(() => import('../features/lab/LabPage.tsx').then((m) => m.LabPage));

/** The screens in chunks of their own, by the screen of the app's route list. */
const LAZY_SCREENS: Partial<Record<Screen, { preload(): Promise<unknown> }>> = {
  harness: HarnessPage,
  editor: EditorPage,
  templateList: TemplateListPage,
  upload: UploadPage,
  cart: CartPage,
  checkoutStart: CheckoutStart,
  delivery: DeliveryPage,
  payment: PaymentPage,
  paymentReturn: PaymentReturn,
  receipt: ReceiptPage,
  loginLink: LoginLinkPage,
  orders: MyOrdersPage,
  designs: MyDesignsPage,
  editOrderLine: EditOrderLinePage,
};

/**
 * The first screen's chunk, when it is one of its own: started as the app starts (the HTML names it
 * with modulepreload, so it is usually in already) and waited for before the first render. The
 * screen is then drawn at once, not after a "Loading…" frame, its paint and an effect (issue 18's
 * editor open time), and a screen the server drew (a template list, src/ssr.tsx, which waits for the
 * same chunk) is taken over as it is. A chunk that fails is the lazy screen's to report.
 */
export function preloadFirstScreen(pathname: string): Promise<unknown> | null {
  if (isLabPath(pathname)) return null;
  const screen = LAZY_SCREENS[routeOf(appPathOf(pathname)).route.screen];
  return screen ? screen.preload().catch(() => undefined) : null;
}

/** The desk lives at /lab, outside the shop's /m and /m2 (docs/decisions.md). */
export const isLabPath = (pathname: string) => pathname === '/lab' || pathname.startsWith('/lab/');

/*
 * Declarative routes (<BrowserRouter> in App.tsx), not the data router: the app loads its data in its
 * screens, and the data router's loaders, actions and fetchers would add 18 KB gzip to the start
 * page's JavaScript for nothing (issue 15).
 */

/** The lab's order desk: a routing root of its own (basename /lab), sharing the app's entry and portal. */
export function LabRoutes() {
  return (
    <Guarded>
      {/* The desk's translations load when it first asks for them (suspending, as the shop's do under Shell). */}
      <Suspense fallback={<Loading />}>
        <LabPage />
      </Suspense>
    </Guarded>
  );
}

/** What each screen of the app's route list (shop/appRoutes.ts, which the server reads too) draws. */
function screenElement({ screen, kind }: AppRoute): React.ReactNode {
  const screens: Record<Screen, () => React.ReactNode> = {
    harness: () => <HarnessPage />,
    editor: () => <EditorPage kind={kind ?? 'calendars'} />,
    start: () => <ContentPageRoute />,
    page: () => <ContentPageRoute />,
    products: () => <ProductsPage />,
    templateList: () => <TemplateListPage />,
    upload: () => <UploadPage />,
    cart: () => <CartPage />,
    checkoutStart: () => <CheckoutStart />,
    delivery: () => <DeliveryPage />,
    payment: () => <PaymentPage />,
    paymentReturn: () => <PaymentReturn />,
    receipt: () => <ReceiptPage />,
    loginLink: () => <LoginLinkPage />,
    orders: () => <MyOrdersPage />,
    designs: () => <MyDesignsPage />,
    editOrderLine: () => <EditOrderLinePage />,
    notFound: () => <NotFoundPage />,
  };
  return screens[screen]();
}

const routeElement = (route: AppRoute) =>
  route.path === '' ? (
    <Route key="index" index element={screenElement(route)} />
  ) : (
    <Route key={route.path} path={route.path} element={screenElement(route)} />
  );

/** All routes are relative to the basename (S0 §2). */
export function AppRoutes({ layout }: { layout: Layout }) {
  const { pathname } = useLocation();
  const firstPath = useRef(pathname);
  useEffect(() => {
    if (pathname !== firstPath.current) forgetFirstScreen();
  }, [pathname]);
  const screen = (element: React.ReactNode) => <Guarded>{element}</Guarded>;
  return (
    <Routes>
      {/* Full-screen routes (the editor, S1 §2: a full-screen flow) are outside the shell. */}
      {APP_ROUTES.filter((r) => r.fullScreen).map((r) => (
        <Route key={r.path} path={r.path} element={screen(screenElement(r))} />
      ))}
      {/* A failing screen keeps the header and menu around it: the shell guards its outlet itself. */}
      <Route element={screen(<Shell layout={layout} />)}>
        {APP_ROUTES.filter((r) => !r.fullScreen).map(routeElement)}
      </Route>
    </Routes>
  );
}
