import { type ComponentType, lazy } from 'react';

type PageModule = { default: ComponentType<any> }; // eslint-disable-line @typescript-eslint/no-explicit-any

/**
 * A lazy component's chunk, remembered once it has arrived. React.lazy suspends on its first render even when the
 * chunk is in (its promise resolves a tick later): the render commits the nearest spinner, and React then holds the
 * page back until 300 ms after that spinner (its fallback throttle), however soon the chunk follows: a signed-in first
 * page waited out that throttle with everything loaded (services/bench/results/2026-12-06-first-render-wait.md).
 */
export class ArrivedChunk<Module extends PageModule> {
  private arrived: Module | undefined;

  constructor(private readonly loader: () => Promise<Module>) {}

  /** Starts (or joins) the chunk's download; it is remembered once in. */
  load = (): Promise<Module> =>
    this.loader().then((module) => {
      this.arrived = module;
      return module;
    });

  /** A React.lazy of the chunk that renders at once, without suspending, when the chunk has arrived before. */
  component(): Module['default'] {
    return lazyOnceArrived(() => this.arrived, this.load);
  }
}

/**
 * React.lazy that takes the module `arrived()` gives in the same render, without suspending, and loads it with `load`
 * only when there is none yet (ArrivedChunk; a remote's route with the remote's routes once they have arrived).
 */
export function lazyOnceArrived<Module extends PageModule>(
  arrived: () => Module | undefined,
  load: () => Promise<Module>,
): Module['default'] {
  return lazy(() => {
    const module = arrived();
    return module ? arrivedThenable(module) : load();
  });
}

/** A thenable that calls back at once: React.lazy then takes the module in the same render. */
function arrivedThenable<Module>(module: Module): Promise<Module> {
  const thenable = { then: (onArrived: (value: Module) => unknown) => onArrived(module) };
  return thenable as unknown as Promise<Module>;
}
