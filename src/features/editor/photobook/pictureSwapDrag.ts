/**
 * Dragging a picture of the page overview onto another slot (the two swap). A mouse or pen picks the
 * picture up at once. A finger picks it up only after a long press, held still: a finger that moves
 * first is scrolling the overview, which a phone's shopper does far more often than swapping, and the
 * pictures cover most of it.
 */

/** How long a finger holds a picture still before it is picked up. */
export const PICK_UP_MS = 350;
/** How far a finger may wander while it holds, in CSS px, before it counts as scrolling. */
export const HOLD_SLOP_PX = 10;

export function startPictureDrag(
  e: PointerEvent,
  target: HTMLElement,
  onDrop: (from: string, to: string) => void,
): void {
  const from = target.dataset.slot;
  if (!from) return;
  const { pointerId, clientX: x0, clientY: y0 } = e;
  let picked = false;
  let timer: number | undefined;

  // Once picked up, the finger's moves drag the picture, not the page.
  const holdPage = (t: TouchEvent) => {
    if (picked && t.cancelable) t.preventDefault();
  };
  // A long press would open the phone's menu for the image.
  const noMenu = (c: Event) => c.preventDefault();
  const pickUp = () => {
    picked = true;
    target.dataset.picked = 'true';
    target.setPointerCapture(pointerId);
  };
  const end = () => {
    window.clearTimeout(timer);
    delete target.dataset.picked;
    target.removeEventListener('pointermove', move);
    target.removeEventListener('pointerup', up);
    target.removeEventListener('pointercancel', end);
    target.removeEventListener('touchmove', holdPage);
    target.removeEventListener('contextmenu', noMenu);
  };
  const move = (m: PointerEvent) => {
    if (m.pointerId !== pointerId || picked) return;
    if (Math.hypot(m.clientX - x0, m.clientY - y0) > HOLD_SLOP_PX) end();
  };
  const up = (u: PointerEvent) => {
    if (u.pointerId !== pointerId) return;
    const wasPicked = picked;
    end();
    if (!wasPicked) return;
    const to = document.elementFromPoint(u.clientX, u.clientY)?.closest<HTMLElement>('[data-slot]')
      ?.dataset.slot;
    if (to && to !== from) onDrop(from, to);
  };

  target.addEventListener('pointermove', move);
  target.addEventListener('pointerup', up);
  target.addEventListener('pointercancel', end);
  // Not passive: a touchmove that is not cancelled scrolls the overview.
  target.addEventListener('touchmove', holdPage, { passive: false });
  target.addEventListener('contextmenu', noMenu);
  if (e.pointerType === 'touch') timer = window.setTimeout(pickUp, PICK_UP_MS);
  else pickUp();
}
