import { useEffect, useState } from 'react';

/**
 * `const [ref, near] = useNearViewport()`, then `<div ref={ref}>`: `near` turns true once the element comes within
 * 200 px of the viewport, and stays true. For content far below a phone's first screen whose code is costly to load.
 * Without IntersectionObserver (jsdom, old browsers) it is true at once.
 */
export function useNearViewport(): [(element: HTMLElement | null) => void, boolean] {
  const [element, setElement] = useState<HTMLElement | null>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: '200px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [element, near]);
  return [setElement, near];
}
