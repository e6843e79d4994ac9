import { act, render, screen } from '@testing-library/react';
import { useNearViewport } from './use-near-viewport';

function Probe() {
  const [ref, near] = useNearViewport();
  return <div ref={ref}>{near ? 'near' : 'far'}</div>;
}

describe('useNearViewport', () => {
  afterEach(() => Reflect.deleteProperty(window, 'IntersectionObserver'));

  it('turns true once the element comes within 200 px of the viewport, and stays true', () => {
    const observers: {
      callback: IntersectionObserverCallback;
      options?: IntersectionObserverInit;
      target?: Element;
    }[] = [];
    class FakeIntersectionObserver {
      private readonly entry: (typeof observers)[number];
      constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
        this.entry = { callback, options };
        observers.push(this.entry);
      }
      observe(target: Element) {
        this.entry.target = target;
      }
      disconnect() {}
    }
    Object.assign(window, { IntersectionObserver: FakeIntersectionObserver });
    render(<Probe />);
    expect(screen.getByText('far')).toBeInTheDocument();
    expect(observers[0]!.options?.rootMargin).toBe('200px 0px');
    const { callback, target } = observers[0]!;
    const entry = (isIntersecting: boolean) => [{ isIntersecting, target } as unknown as IntersectionObserverEntry];
    act(() => callback(entry(false), {} as IntersectionObserver));
    expect(screen.getByText('far')).toBeInTheDocument();
    act(() => callback(entry(true), {} as IntersectionObserver));
    expect(screen.getByText('near')).toBeInTheDocument();
  });

  it('is true at once where there is no IntersectionObserver', () => {
    render(<Probe />);
    expect(screen.getByText('near')).toBeInTheDocument();
  });
});
