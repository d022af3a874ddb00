import { type RefObject, useLayoutEffect, useState } from 'react';

/** The content-box size of an element, kept up to date by a ResizeObserver (0 × 0 before layout). */
export function useBoxSize(ref: RefObject<HTMLElement | null>): { width: number; height: number } {
  const [size, setSize] = useState({ width: 0, height: 0 });
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => {
      const { width, height } = element.getBoundingClientRect();
      setSize((old) =>
        Math.round(old.width) === Math.round(width) && Math.round(old.height) === Math.round(height)
          ? old
          : { width, height },
      );
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return size;
}
