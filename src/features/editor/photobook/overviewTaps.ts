/**
 * The photo book overview's taps (issue 33): each command runs in a task of its own after the frame
 * that shows the tap, and works out what it acts on then, from the overview as last drawn.
 *
 * After the frame: the tap's own work (finding what was touched, the events) and the command's (the
 * engine, drawing the pages, their layout) were one task of 40–70 ms on a phone at 4× CPU, a frame of
 * 50–83 ms; as two they are two frames within budget (decisions 3.22). Worked out when it runs: a
 * second tap that comes before the first one's command ran must act on what that command made (Move
 * later tapped twice moves the page two places, not there and back).
 */
import type { BookPageRef } from '../../../../engine/index.ts';
import type { EditorState } from '../editorStore.ts';

/** The overview as last drawn. */
export interface Shown {
  run: EditorState['run'];
  pages: readonly BookPageRef[];
  /** The selected page's place. */
  selected: number;
  /** How many pages Add and Remove take (0: none, the book is at its product's end). */
  steps: { add: number; remove: number };
}

/** A tap's command, given the overview as it is when the command runs. */
export type Tap = (now: Shown) => void;

/** Runs `task` in a task of its own once the next frame is drawn (a task queued from an animation frame callback). */
export function afterNextPaint(task: () => void) {
  requestAnimationFrame(() => setTimeout(task, 0));
}

/** Queues taps: each runs after the next frame, with the overview as it is then. */
export function tapQueue(shown: () => Shown, schedule: (task: () => void) => void = afterNextPaint) {
  return (tap: Tap) => schedule(() => tap(shown()));
}

/** The page `id` moved to place `to` (dropped there by its handle); nothing past either end. */
export const movePageTo =
  (id: string, to: number): Tap =>
  (now) => {
    const at = now.pages.findIndex((p) => p.id === id);
    if (at >= 0 && at !== to && to >= 0 && to < now.pages.length) now.run('movePage', at, to);
  };

/** The page `id` moved `by` places (the selected page's arrows). */
export const movePageBy =
  (id: string, by: 1 | -1): Tap =>
  (now) =>
    movePageTo(id, now.pages.findIndex((p) => p.id === id) + by)(now);

/** Add pages: the product's step, after the selected page. */
export const addPageStep: Tap = ({ run, selected, steps }) => {
  if (steps.add > 0) run('addPages', selected + 1, steps.add);
};

/** Remove pages: the product's step, from the selected page (or the last ones, at the end). */
export const removePageStep: Tap = ({ run, pages, selected, steps }) => {
  if (steps.remove > 0) run('removePages', Math.min(selected, pages.length - steps.remove), steps.remove);
};
