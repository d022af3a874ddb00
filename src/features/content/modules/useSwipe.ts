import { type MouseEvent, type PointerEvent, type TouchEvent, useRef } from 'react';

/** S0 §9: a horizontal move of more than 20 px is a swipe. */
export const SWIPE_THRESHOLD_PX = 20;

interface SwipeHandlers {
  onLeft: () => void;
  onRight: () => void;
}

/**
 * Swipe from pointer events or touch events, whichever arrives: a touch fires both, so the first
 * start and the first end win and the twin events find nothing to do.
 */
export function useSwipe({ onLeft, onRight }: SwipeHandlers) {
  const startX = useRef<number | null>(null);
  const swiped = useRef(false);

  const begin = (x: number) => {
    if (startX.current !== null) return;
    startX.current = x;
    swiped.current = false;
  };
  const end = (x: number) => {
    if (startX.current === null) return;
    const dx = x - startX.current;
    startX.current = null;
    if (Math.abs(dx) <= SWIPE_THRESHOLD_PX) return;
    swiped.current = true;
    if (dx < 0) onLeft();
    else onRight();
  };
  const cancel = () => {
    startX.current = null;
  };

  return {
    onPointerDown: (event: PointerEvent) => {
      if (event.isPrimary && event.button === 0) begin(event.clientX);
    },
    onPointerUp: (event: PointerEvent) => {
      if (event.isPrimary) end(event.clientX);
    },
    onPointerCancel: cancel,
    onTouchStart: (event: TouchEvent) => {
      const touch = event.touches[0];
      if (touch && event.touches.length === 1) begin(touch.clientX);
    },
    onTouchEnd: (event: TouchEvent) => {
      const touch = event.changedTouches[0];
      if (touch) end(touch.clientX);
    },
    onTouchCancel: cancel,
    // A swipe that ends on a slide's button must not also follow it.
    onClickCapture: (event: MouseEvent) => {
      if (!swiped.current) return;
      swiped.current = false;
      event.preventDefault();
      event.stopPropagation();
    },
  };
}
