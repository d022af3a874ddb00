/**
 * The mouse wheel over an element (a desktop's zoom): `onStep` for each wheel event, and `onEnd` once
 * the wheel has been still for WHEEL_END_MS, since a wheel has no release to settle on. The listener
 * is not passive, so the wheel zooms the picture instead of scrolling the page.
 *
 * Fingers and the mouse button go through useFingerGesture.ts; this was the last job of use-gesture,
 * whose 28 KB the editor's chunk no longer parses on every open (issue 18).
 */
import { type RefObject, useEffect, useRef } from 'react';

/** How long the wheel is still before a zoom by wheel counts as finished. */
export const WHEEL_END_MS = 150;

export function useWheel(
  target: RefObject<HTMLElement | null>,
  handlers: { onStep: (event: WheelEvent) => void; onEnd?: () => void },
): void {
  // The latest handlers, without adding and removing the listener on every render.
  const latest = useRef(handlers);
  latest.current = handlers;
  useEffect(() => {
    const element = target.current;
    if (!element) return;
    let still: number | undefined;
    const wheel = (event: WheelEvent) => {
      event.preventDefault();
      latest.current.onStep(event);
      window.clearTimeout(still);
      still = window.setTimeout(() => latest.current.onEnd?.(), WHEEL_END_MS);
    };
    element.addEventListener('wheel', wheel, { passive: false });
    return () => {
      element.removeEventListener('wheel', wheel);
      window.clearTimeout(still);
    };
  }, [target]);
}
