/**
 * Typing above the on-screen keyboard (issue 18). A phone's keyboard does not shrink the page: it
 * covers its lower part, and the browser's visual viewport (window.visualViewport: what is on the
 * screen, in CSS pixels of the layout viewport) gets shorter, or moves down when the browser pans to
 * the field. While the shopper enters text, the editor (position: fixed) is fitted to the visual
 * viewport, so its menu with the text field sits right above the keyboard and the page being typed
 * on stays in view above it. The same holds for anything else that hides part of the layout
 * viewport (a zoom). When the whole layout viewport is seen, nothing is overridden.
 *
 * The rule is pure (`visibleArea`, `keyboardInset`; test/unit/src/visible-viewport.test.ts); the hook
 * applies it to the `.editor` element as CSS variables, once per frame, on the visual viewport's
 * resize and scroll events.
 */
import { type RefObject, useEffect } from 'react';

export interface LayoutSize {
  readonly width: number;
  readonly height: number;
}

/** What window.visualViewport says, in CSS pixels relative to the layout viewport. */
export interface VisualViewportBox {
  readonly offsetTop: number;
  readonly offsetLeft: number;
  readonly width: number;
  readonly height: number;
}

/** A rectangle of the layout viewport, in CSS pixels from its top left corner. */
export interface ViewportArea {
  readonly top: number;
  readonly left: number;
  readonly width: number;
  readonly height: number;
}

/** Less than this hidden at an edge is rounding, not a keyboard. */
export const HIDDEN_SLACK_PX = 1;

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/**
 * How much of the layout viewport the visual viewport leaves hidden below it: the keyboard's height
 * when an on-screen keyboard is up (`bottom` for a fixed bar to sit right above it). Never negative
 * (a browser may report a visual viewport taller than the layout one while its toolbar hides).
 */
export function keyboardInset(layoutHeight: number, visualHeight: number, offsetTop: number): number {
  return Math.max(0, layoutHeight - visualHeight - Math.max(0, offsetTop));
}

/**
 * The part of the layout viewport on screen, clamped to the layout viewport (browsers report odd
 * offsets while a keyboard animates or the page bounces), or null when all of it is on screen.
 */
export function visibleArea(layout: LayoutSize, visual: VisualViewportBox): ViewportArea | null {
  if (!(layout.width > 0 && layout.height > 0)) return null;
  const top = clamp(visual.offsetTop, 0, layout.height);
  const left = clamp(visual.offsetLeft, 0, layout.width);
  const height = clamp(visual.height, 0, layout.height - top);
  const width = clamp(visual.width, 0, layout.width - left);
  const below = keyboardInset(layout.height, height, top);
  const right = layout.width - left - width;
  if (top < HIDDEN_SLACK_PX && left < HIDDEN_SLACK_PX && below < HIDDEN_SLACK_PX && right < HIDDEN_SLACK_PX) {
    return null;
  }
  return { top, left, width, height };
}

/** The CSS variables the editor's stylesheet reads while it is fitted (editor.css). */
const VARIABLES = {
  top: '--visible-top',
  left: '--visible-left',
  width: '--visible-width',
  height: '--visible-height',
} as const;
const FITTED = 'data-visible-area';

/**
 * While mounted, fits the editor around `inside` (its nearest `.editor`) to the visual viewport
 * whenever part of the layout viewport is hidden; puts it back when unmounted.
 */
export function useFitToVisibleViewport(inside: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const viewport = window.visualViewport;
    const editor = inside.current?.closest<HTMLElement>('.editor');
    if (!viewport || !editor) return;
    const clear = () => {
      editor.removeAttribute(FITTED);
      for (const name of Object.values(VARIABLES)) editor.style.removeProperty(name);
    };
    let frame = 0;
    const apply = () => {
      frame = 0;
      const root = document.documentElement;
      const area = visibleArea({ width: root.clientWidth, height: root.clientHeight }, viewport);
      if (!area) return clear();
      for (const key of ['top', 'left', 'width', 'height'] as const) {
        editor.style.setProperty(VARIABLES[key], `${area[key]}px`);
      }
      editor.setAttribute(FITTED, '');
    };
    const schedule = () => {
      if (frame === 0) frame = requestAnimationFrame(apply);
    };
    apply();
    viewport.addEventListener('resize', schedule);
    viewport.addEventListener('scroll', schedule);
    return () => {
      cancelAnimationFrame(frame);
      viewport.removeEventListener('resize', schedule);
      viewport.removeEventListener('scroll', schedule);
      clear();
    };
  }, [inside]);
}
