/**
 * The first screen rendered on the server (issue 15): the start page, a content page or the product
 * list or a template list as HTML, drawn from the same first-screen data the HTML carries, so the shopper sees it before
 * any JavaScript has run; the app then hydrates it (main.tsx). Only screens whose data comes with the
 * HTML are rendered; the rest draw in the browser. Built apart by `vite build --ssr` into
 * dist/server/ssr.js (vite.config.ts), which the server loads from dist/ at run time.
 */
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { StaticRouter } from 'react-router';
import type { RenderFirstScreen } from '../shop/index.ts';
import { withFirstScreen } from './api/firstScreen.ts';
import { AppFrame } from './app/App.tsx';
import { routingFor } from './app/layout.ts';
import { AppRoutes, preloadFirstScreen } from './app/router.tsx';

export const renderFirstScreen: RenderFirstScreen = async (options) => {
  const { url, portal, i18n } = options;
  // A screen in a chunk of its own (a template list) is drawn once its chunk is in, as in the browser.
  await preloadFirstScreen(url.split(/[?#]/)[0] ?? '/');
  const { basename, layout } = routingFor(url.split(/[?#]/)[0] ?? '/');
  // Each render uses the answers up, as the browser does: a copy, so the HTML still carries them.
  const firstScreen = structuredClone(options.firstScreen);
  return withFirstScreen(firstScreen, () =>
    renderToString(
      <I18nextProvider i18n={i18n}>
        <AppFrame portal={portal}>
          <StaticRouter basename={basename} location={url}>
            <AppRoutes layout={layout} />
          </StaticRouter>
        </AppFrame>
      </I18nextProvider>,
    ),
  );
};
