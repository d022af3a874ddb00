import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import './app/app.css';
import { FALLBACK_LANGUAGE } from '../engine/index.ts';
import { App, BootError } from './app/App.tsx';
import { useCartStore } from './app/cartStore.ts';
import { installErrorReporter } from './app/errorReporter.ts';
import { whileHydrating } from './app/hydration.ts';
import { initI18n } from './app/i18n.ts';
import { loadPortalConfig } from './app/portalConfig.ts';
import { preloadFirstScreen } from './app/router.tsx';

async function start(container: HTMLElement): Promise<void> {
  // The server drew the first screen (src/ssr.tsx): it stays as it is and the app takes it over.
  const drawn = container.firstElementChild !== null;
  let root: Root | null = null;
  if (!drawn) {
    root = createRoot(container);
    // A quiet placeholder until the portal config and its translations are in: no text to flash.
    root.render(<div className="boot" aria-busy="true" />);
  }
  // The cart does not depend on the portal config, so it loads alongside; over a server-drawn screen
  // it waits until the app has taken the screen over (App.tsx): a cart arriving mid-hydration would
  // change what is being hydrated.
  if (!drawn) void useCartStore.getState().load();
  const firstScreen = preloadFirstScreen(window.location.pathname);

  let portal: Awaited<ReturnType<typeof loadPortalConfig>>;
  try {
    portal = await loadPortalConfig();
  } catch {
    await initI18n(FALLBACK_LANGUAGE);
    (root ?? createRoot(container)).render(<BootError />);
    return;
  }
  await initI18n(portal.locale.code);
  await firstScreen;
  // A task of its own for the first render: the app's start and the hydration of a whole screen in
  // one task kept a phone's main thread busy for 300 ms at a stretch (issue 31: the card list's TBT).
  await nextTask();
  if (root) root.render(<App portal={portal} />);
  else
    whileHydrating(() =>
      hydrateRoot(container, <App portal={portal} />, {
        onRecoverableError: (error) =>
          console.error('The first screen was drawn again in the browser', error),
      }),
    );
}

/** Lets the browser paint and handle input before going on (scheduler.yield where there is one). */
function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (scheduler?.yield) return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

installErrorReporter();
const container = document.getElementById('root');
if (container) void start(container);
