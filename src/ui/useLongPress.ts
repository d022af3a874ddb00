import { type PointerEvent, useCallback, useRef } from 'react';

/** How long a finger must rest on a line: the platform's own long-press is about this long. */
export const LONG_PRESS_MS = 500;
/** A finger that moves further than this is scrolling, not pressing. */
const SLOP_PX = 10;

/**
 * The lifting finger may still produce a click, and by then the pressed element may have been
 * replaced (the line becomes a checkbox in select mode): catch that click where the press was.
 */
function swallowNextClick(pressed: DOMRect) {
  let timeout = 0;
  const swallow = (event: MouseEvent) => {
    const onPressed =
      event.clientX >= pressed.left &&
      event.clientX <= pressed.right &&
      event.clientY >= pressed.top &&
      event.clientY <= pressed.bottom;
    // A click elsewhere is the shopper's next tap, not the end of the press.
    if (onPressed) {
      event.preventDefault();
      event.stopPropagation();
    }
    done();
  };
  // A long press that ends without a click must not eat the shopper's next tap.
  const lifted = () => {
    window.clearTimeout(timeout);
    timeout = window.setTimeout(done, 400);
  };
  const done = () => {
    window.removeEventListener('click', swallow, true);
    window.removeEventListener('pointerup', lifted, true);
    window.removeEventListener('pointercancel', lifted, true);
    window.clearTimeout(timeout);
  };
  window.addEventListener('click', swallow, true);
  window.addEventListener('pointerup', lifted, true);
  window.addEventListener('pointercancel', lifted, true);
  timeout = window.setTimeout(done, 10_000);
}

/**
 * Long-press on touch and mouse alike (S0 §2: a long press on a cart line enters select mode).
 * The click that ends a long press is swallowed, so the line's link does not also open.
 */
export function useLongPress(onLongPress: () => void) {
  const timer = useRef<number | null>(null);
  const start = useRef<{ x: number; y: number } | null>(null);

  const cancel = useCallback(() => {
    if (timer.current !== null) window.clearTimeout(timer.current);
    timer.current = null;
    start.current = null;
  }, []);

  return {
    onPointerDown: (event: PointerEvent) => {
      if (event.button !== 0) return;
      start.current = { x: event.clientX, y: event.clientY };
      const pressed = event.currentTarget.getBoundingClientRect();
      timer.current = window.setTimeout(() => {
        timer.current = null;
        swallowNextClick(pressed);
        onLongPress();
      }, LONG_PRESS_MS);
    },
    onPointerMove: (event: PointerEvent) => {
      const from = start.current;
      if (from && Math.hypot(event.clientX - from.x, event.clientY - from.y) > SLOP_PX) cancel();
    },
    onPointerUp: cancel,
    onPointerCancel: cancel,
    onPointerLeave: cancel,
    // Mobile browsers open their own menu for a long press on a link.
    onContextMenu: (event: { preventDefault(): void }) => event.preventDefault(),
  };
}
