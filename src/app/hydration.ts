/**
 * Whether the app is taking over a screen the server drew (main.tsx sets it around `hydrateRoot`,
 * which Preact runs synchronously). A first render then has to draw what the server drew; what only
 * the browser knows (its session storage) is shown just after, in an effect.
 */
let hydrating = false;

export const isHydrating = (): boolean => hydrating;

/** Runs `render` as the server-drawn screen's takeover. */
export function whileHydrating(render: () => void): void {
  hydrating = true;
  try {
    render();
  } finally {
    hydrating = false;
  }
}
