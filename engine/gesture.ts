/**
 * Fingers on a picture slot → the crop shown (issue 18: pinch and drag never fight).
 *
 * One finger drags the picture, two pinch it: the distance between them zooms, and the picture
 * point that was under their midpoint stays under their midpoint as the fingers move (so two
 * fingers also pan). The rule that keeps the picture from jumping: every time a finger lands or
 * lifts, the gesture starts again from the crop shown at that moment and from where the fingers
 * are at that moment (`rebase`). So
 * - a second finger landing mid-drag turns the drag into a pinch with the crop unchanged, anchored at
 *   the midpoint of the two fingers as they are then;
 * - one of two fingers lifting mid-pinch turns the pinch back into a drag with the crop unchanged,
 *   the remaining finger moving the picture on from where it is (not from where it first landed);
 * - a third finger changes nothing: the first two down (in the order they landed) pinch, and when
 *   one of them lifts the next one takes its place, again from where things are.
 *
 * Positions are CSS pixels from the frame's top left corner (distances must be isotropic for a
 * zoom, and the midpoint becomes a point of the frame). Moves are free, as with panCrop and zoomCrop,
 * but for the zoom clamp (issue 32): given the smallest crop a zoom may reach (zoomStop), a pinch
 * stops zooming in there, the midpoint still panning, and measures its moves from there, so the
 * fingers closing again zoom out at once. The caller snaps the result (snapCrop) when the last finger
 * lifts.
 * A gesture of one finger that never moved further than TAP_SLOP_PX is a tap: it stores nothing.
 * Every function is pure and returns the same object when nothing changes.
 */
import { type CropRect, type CropSize, maxZoomIn, panCrop, zoomCrop } from './image.ts';

/** A finger (or the mouse button) down on the frame, in CSS pixels from the frame's top left. */
export interface Finger {
  readonly id: number;
  readonly x: number;
  readonly y: number;
}

/** The frame's size on screen, in CSS pixels. */
export interface ScreenSize {
  readonly width: number;
  readonly height: number;
}

export interface Gesture {
  /** The crop when the first finger landed. */
  readonly start: CropRect;
  /** The crop shown now. */
  readonly crop: CropRect;
  /** The fingers down, in the order they landed, where they are now. */
  readonly fingers: readonly Finger[];
  /** The crop when a finger last landed or lifted: moves are measured from it… */
  readonly base: CropRect;
  /** …and from where the fingers were at that moment (the same ids as `fingers`). */
  readonly from: readonly Finger[];
  /** Only one finger so far, never further than TAP_SLOP_PX from where it landed. */
  readonly tap: boolean;
  /** The smallest crop a pinch may zoom in to (the zoom clamp); none: unclamped. */
  readonly least?: CropSize;
}

/** How far a finger may wander and still have tapped (use-gesture's filterTaps uses 3 px too). */
export const TAP_SLOP_PX = 3;
/** Two fingers closer than this at a rebase pinch nothing (no zoom from a division by ~0); they pan. */
export const MIN_PINCH_SPAN_PX = 1;
/** The zoom one pinch (between two rebases) can make, either way; snapCrop bounds it on release. */
export const MAX_PINCH_FACTOR = 50;

/** A gesture on a picture whose crop is `crop`, before any finger is down; `least`: the zoom clamp. */
export function beginGesture(crop: CropRect, least?: CropSize): Gesture {
  return { start: crop, crop, fingers: [], base: crop, from: [], tap: true, ...(least && { least }) };
}

/** Measure the next moves from here: the crop shown and the fingers as they are now. */
function rebase(g: Gesture, fingers: readonly Finger[], tap: boolean): Gesture {
  return { ...g, fingers, base: g.crop, from: fingers, tap };
}

/** A finger lands: nothing moves; from now on it takes part. A finger already down is moved there. */
export function fingerDown(g: Gesture, finger: Finger): Gesture {
  const known = g.fingers.some((f) => f.id === finger.id);
  const fingers = known ? g.fingers.map((f) => (f.id === finger.id ? finger : f)) : [...g.fingers, finger];
  return rebase(g, fingers, g.tap && fingers.length === 1);
}

/** A finger lifts (or the browser takes it away): nothing moves; the others go on from here. */
export function fingerUp(g: Gesture, id: number): Gesture {
  if (!g.fingers.some((f) => f.id === id)) return g;
  return rebase(
    g,
    g.fingers.filter((f) => f.id !== id),
    g.tap,
  );
}

/** A finger moves: the crop follows the fingers from the last rebase. */
export function fingerMove(g: Gesture, finger: Finger, frame: ScreenSize): Gesture {
  const at = g.fingers.findIndex((f) => f.id === finger.id);
  if (at < 0) return g;
  const old = g.fingers[at] as Finger;
  if (old.x === finger.x && old.y === finger.y) return g;
  const fingers = g.fingers.map((f, i) => (i === at ? finger : f));
  const landed = g.from[0];
  const tap = g.tap && !!landed && Math.hypot(finger.x - landed.x, finger.y - landed.y) <= TAP_SLOP_PX;
  if (!(frame.width > 0 && frame.height > 0)) return { ...g, fingers, tap };
  // Only the first two fingers move the picture: a third one's moves change nothing.
  if (at >= 2) return { ...g, fingers, tap };
  const free = cropFor(g.base, g.from, fingers, frame);
  const limit = g.least ? maxZoomIn(g.base, g.least) : Number.POSITIVE_INFINITY;
  if (g.base.width / free.width <= limit * (1 + 1e-12)) return { ...g, fingers, crop: free, tap };
  // At the clamp: zoom no further, and measure from here, so that closing the fingers zooms out at once.
  const crop = cropFor(g.base, g.from, fingers, frame, limit);
  return { ...g, fingers, crop, tap, base: crop, from: fingers };
}

/** The crop the fingers make, measured from the base crop and where the fingers were then. */
export function cropFor(
  base: CropRect,
  from: readonly Finger[],
  now: readonly Finger[],
  frame: ScreenSize,
  maxFactor: number = MAX_PINCH_FACTOR,
): CropRect {
  const [a0, b0] = from;
  const [a1, b1] = now;
  if (!a0 || !a1) return base;
  if (!b0 || !b1) return panCrop(base, (a1.x - a0.x) / frame.width, (a1.y - a0.y) / frame.height);
  const m0 = { x: (a0.x + b0.x) / 2, y: (a0.y + b0.y) / 2 };
  const m1 = { x: (a1.x + b1.x) / 2, y: (a1.y + b1.y) / 2 };
  const span0 = Math.hypot(b0.x - a0.x, b0.y - a0.y);
  const span1 = Math.hypot(b1.x - a1.x, b1.y - a1.y);
  const factor =
    span0 < MIN_PINCH_SPAN_PX
      ? 1
      : Math.min(MAX_PINCH_FACTOR, maxFactor, Math.max(1 / MAX_PINCH_FACTOR, span1 / span0));
  // Zoom about the picture point under the old midpoint, then carry that point to the new midpoint.
  const zoomed = zoomCrop(base, factor, { x: m0.x / frame.width, y: m0.y / frame.height });
  return panCrop(zoomed, (m1.x - m0.x) / frame.width, (m1.y - m0.y) / frame.height);
}

/** The crop to store once the last finger has lifted: none for a tap (nothing is stored). */
export function gestureResult(g: Gesture): CropRect | null {
  return g.tap ? null : g.crop;
}
