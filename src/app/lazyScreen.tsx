/**
 * A screen in a chunk of its own, drawn as soon as its chunk is in. React's `lazy` inside `Suspense`
 * would do the loading, but React 19 holds a Suspense boundary's content back until 300 ms after its
 * fallback appeared (its FALLBACK_THROTTLE_MS): a chunk that came in 20 ms (named in the HTML with
 * modulepreload, or cached) still kept the shopper on "Loading…" for 300 ms, the largest single part
 * of opening the editor (issue 18's bench). Here the screen shows `Loading` until the chunk is in and
 * then at once; a chunk that fails is thrown to the nearest error boundary, as `lazy` would.
 */
import { type ComponentType, useEffect, useState } from 'react';
import { Loading } from '../ui/Loading.tsx';

export type LazyScreen<P extends object> = ComponentType<P> & {
  /** Start loading the chunk (once; a failed load is tried again on the next call). */
  preload(): Promise<ComponentType<P>>;
};

export function lazyScreen<P extends object>(load: () => Promise<ComponentType<P>>): LazyScreen<P> {
  let loaded: ComponentType<P> | null = null;
  let pending: Promise<ComponentType<P>> | null = null;
  const preload = () => {
    pending ??= load().then(
      (screen) => {
        loaded = screen;
        return screen;
      },
      (error: unknown) => {
        pending = null;
        throw error;
      },
    );
    return pending;
  };

  function Screen(props: P) {
    const [, setArrived] = useState(false);
    const [failure, setFailure] = useState<{ error: unknown } | null>(null);
    useEffect(() => {
      if (loaded) return;
      let live = true;
      preload().then(
        () => live && setArrived(true),
        (error: unknown) => live && setFailure({ error }),
      );
      return () => {
        live = false;
      };
    }, []);
    if (failure) throw failure.error;
    if (!loaded) return <Loading />;
    const Loaded = loaded;
    return <Loaded {...props} />;
  }
  return Object.assign(Screen, { preload });
}
