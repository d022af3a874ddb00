/** S0 §9: pictures load when within 75 % of the viewport. */
const ROOT_MARGIN = '75%';

type Listener = () => void;
const listeners = new Map<Element, Listener>();
let observer: IntersectionObserver | null = null;

// One observer for every picture on the page is cheaper than one each.
function sharedObserver(): IntersectionObserver {
  observer ??= new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        const listener = listeners.get(entry.target);
        unobserveNearViewport(entry.target);
        listener?.();
      }
    },
    { rootMargin: ROOT_MARGIN },
  );
  return observer;
}

/** Calls `onNear` once, when `element` comes near the viewport; returns the way to stop watching. */
export function observeNearViewport(element: Element, onNear: Listener): () => void {
  if (typeof IntersectionObserver === 'undefined') {
    onNear();
    return () => {};
  }
  listeners.set(element, onNear);
  sharedObserver().observe(element);
  return () => unobserveNearViewport(element);
}

function unobserveNearViewport(element: Element): void {
  listeners.delete(element);
  observer?.unobserve(element);
}
