/**
 * In-process mutual exclusion per key. The database's expected-version check is what keeps money safe across
 * processes; this only stops requests in the same process from racing each other into version conflicts and
 * retries (200 parallel conversions for one user would otherwise retry quadratically).
 */
export class KeyedMutex {
  private readonly tails = new Map<string, Promise<void>>();

  async runExclusive<T>(keys: readonly string[], work: () => Promise<T>): Promise<T> {
    // Sorted and deduplicated, so two callers locking overlapping sets never wait on each other in a cycle.
    const ordered = [...new Set(keys)].sort();
    const releases: (() => void)[] = [];
    try {
      for (const key of ordered) releases.push(await this.acquire(key));
      return await work();
    } finally {
      for (const release of releases.reverse()) release();
    }
  }

  private async acquire(key: string): Promise<() => void> {
    const previous = this.tails.get(key) ?? Promise.resolve();
    let release!: () => void;
    const current = new Promise<void>((resolve) => (release = resolve));
    const tail = previous.then(() => current);
    this.tails.set(key, tail);
    await previous;
    return () => {
      release();
      if (this.tails.get(key) === tail) this.tails.delete(key);
    };
  }
}
