/**
 * The phone's Back button inside an editor (the card editor, issue 18; the print editor, issue 34) asks like Cancel does. A page cannot stop Back,
 * so the editor keeps one history entry of its own on top of its address (same URL, a marker in the
 * history state): Back takes that entry away and the editor is told (`onBack`); it asks and puts the
 * entry back (`rearm`), or leaves. Leaving the editor any other way first takes its entry away
 * (`leave`), so Back from the next screen never lands on it.
 */
import { useEffect, useRef } from 'react';

const GUARD = 'printShopEditorGuard';

const guarded = () => Boolean((window.history.state as Record<string, unknown> | null)?.[GUARD]);

function pushGuard() {
  // The router's own state (its key and index) is kept, so to the router this is the same entry.
  const state = (window.history.state as Record<string, unknown> | null) ?? {};
  window.history.pushState({ ...state, [GUARD]: true }, '');
}

export function useBackGuard(onBack: () => void): { rearm: () => void; leave: (go: () => void) => void } {
  const onBackRef = useRef(onBack);
  onBackRef.current = onBack;
  const leaving = useRef<(() => void) | null>(null);

  useEffect(() => {
    // Once per editor, also under StrictMode's double effects and after a reload on the guard entry.
    if (!guarded()) pushGuard();
    const onPop = () => {
      const go = leaving.current;
      if (go) {
        leaving.current = null;
        go();
      } else if (!guarded()) {
        onBackRef.current();
      }
    };
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);

  return {
    rearm: () => {
      if (!guarded()) pushGuard();
    },
    leave: (go) => {
      if (!guarded()) return go();
      leaving.current = go;
      window.history.back();
    },
  };
}
