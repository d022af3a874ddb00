/**
 * Fingers and the mouse button on a crop surface, fed to the pure rule of engine/gesture.ts (issue 18:
 * pinch and drag never fight, a finger landing or lifting never moves the picture): the pointer
 * handlers for the surface element. The template editor's picture slot and the print editor's crop
 * page both use it. The surface needs `touch-action: none`, or the browser scrolls and zooms the page.
 */
import { type PointerEvent, useRef } from 'react';
import type { CropRect, CropSize } from '../../engine/index.ts';
import {
  beginGesture,
  type Finger,
  fingerDown,
  fingerMove,
  fingerUp,
  type Gesture,
  gestureResult,
} from '../../engine/index.ts';

export interface FingerGestureOptions {
  /** The crop shown when a gesture starts (null: nothing to move). */
  crop: () => CropRect | null;
  /** Each crop while fingers move (free, unsnapped). */
  onMove: (crop: CropRect) => void;
  /** When the last finger lifts: the crop to settle on, or null for a tap (nothing moved). */
  onEnd: (crop: CropRect | null) => void;
  /** The smallest crop a pinch may zoom in to (engine zoomStop: the zoom clamp); none: unclamped. */
  least?: () => CropSize | undefined;
}

export interface FingerHandlers {
  onPointerDown: (e: PointerEvent<HTMLElement>) => void;
  onPointerMove: (e: PointerEvent<HTMLElement>) => void;
  onPointerUp: (e: PointerEvent<HTMLElement>) => void;
  onPointerCancel: (e: PointerEvent<HTMLElement>) => void;
  onLostPointerCapture: (e: PointerEvent<HTMLElement>) => void;
}

export function useFingerGesture({ crop, onMove, onEnd, least }: FingerGestureOptions): FingerHandlers {
  // The gesture so far, and the surface's place on screen when the last finger landed (the surface
  // does not move while it is being touched).
  const gesture = useRef<Gesture | null>(null);
  const place = useRef<DOMRect | null>(null);
  const fingerOf = (e: PointerEvent): Finger => {
    const rect = place.current;
    return { id: e.pointerId, x: e.clientX - (rect?.left ?? 0), y: e.clientY - (rect?.top ?? 0) };
  };
  const onPointerDown = (e: PointerEvent<HTMLElement>) => {
    if (e.pointerType === 'mouse' && e.button !== 0) return;
    const shown = gesture.current?.crop ?? crop();
    if (!shown) return;
    // The mouse keeps moving the picture outside the surface (a finger is captured by itself).
    try {
      e.currentTarget.setPointerCapture(e.pointerId);
    } catch {
      // Already lifted: its pointerup comes next.
    }
    place.current = e.currentTarget.getBoundingClientRect();
    gesture.current = fingerDown(gesture.current ?? beginGesture(shown, least?.()), fingerOf(e));
  };
  const onPointerMove = (e: PointerEvent<HTMLElement>) => {
    const before = gesture.current;
    const rect = place.current;
    if (!before || !rect) return;
    const after = fingerMove(before, fingerOf(e), { width: rect.width, height: rect.height });
    gesture.current = after;
    if (after.crop !== before.crop) onMove(after.crop);
  };
  const onPointerUp = (e: PointerEvent<HTMLElement>) => {
    const before = gesture.current;
    if (!before) return;
    const after = fingerUp(before, e.pointerId);
    if (after === before) return;
    if (after.fingers.length > 0) {
      gesture.current = after;
      return;
    }
    gesture.current = null;
    onEnd(gestureResult(after));
  };
  return {
    onPointerDown,
    onPointerMove,
    onPointerUp,
    onPointerCancel: onPointerUp,
    onLostPointerCapture: onPointerUp,
  };
}
