import { useCallback, useEffect, useRef } from 'react';
import { telemetry } from './browser-telemetry';
import type { TrackedTarget } from './tracker';

/** Share of the element that must be on screen for an impression. */
const VISIBLE_RATIO = 0.5;

let observer: IntersectionObserver | undefined;
const targets = new WeakMap<Element, TrackedTarget>();

/** One observer for the page: an element seen half on screen counts one impression per page view. */
function sharedObserver(): IntersectionObserver | undefined {
  if (observer) return observer;
  if (typeof IntersectionObserver === 'undefined') return undefined;
  observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting || entry.intersectionRatio < VISIBLE_RATIO) continue;
        const target = targets.get(entry.target);
        if (target) telemetry().impression(entry.target, target);
      }
    },
    { threshold: [VISIBLE_RATIO] },
  );
  return observer;
}

/** Tests: a fresh observer (jsdom installs a fake IntersectionObserver per test). */
export function resetImpressionObserver(): void {
  observer?.disconnect();
  observer = undefined;
}

/**
 * `const ref = useTrackImpression({ type: 'content', id })` then `<article ref={ref}>`: the element's impression is
 * sent once per page view when half of it is on screen. A null target tracks nothing.
 */
export function useTrackImpression<Element extends HTMLElement = HTMLElement>(
  target: TrackedTarget | null,
): (element: Element | null) => void {
  const key = target ? `${target.type}:${target.id}:${target.campaignId ?? ''}` : '';
  const current = useRef<Element | null>(null);
  // Rebuilt when the target changes, so React detaches the old ref and attaches the new one.
  return useCallback(
    (element: Element | null) => {
      const observing = sharedObserver();
      if (current.current && observing) observing.unobserve(current.current);
      current.current = element;
      if (!element || !target || !observing) return;
      targets.set(element, target);
      observing.observe(element);
    },
    // The key stands for the target's fields: a new object with the same fields keeps the same ref.
    [key],
  );
}

/** A view of a detail page (content, drop), once per page view of it. */
export function useTrackView(target: TrackedTarget | null): void {
  const key = target ? `${target.type}:${target.id}` : '';
  useEffect(() => {
    if (target) telemetry().view(target);
    // The key stands for the target's fields: a re-render with a new object of the same target is not a new view.
  }, [key]);
}

/** A click on a tracked target (a card opened, a call to action). */
export function trackClick(target: TrackedTarget): void {
  telemetry().click(target);
}
