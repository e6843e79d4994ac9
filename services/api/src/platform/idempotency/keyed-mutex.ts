/**
 * In-process mutual exclusion per key. The database's expected-version check is what keeps money safe across
 * processes; this only stops requests in the same process from racing each other into version conflicts and
 * retries (200 parallel conversions for one user would otherwise retry quadratically).
 *
 * A free key is taken without a promise or a tick: a group commit locks three keys per member, hundreds a group, and
 * they are almost never contended. A held key is handed to its waiters in arrival order.
 */
export class KeyedMutex {
  /** Held keys, each with its waiters in arrival order (null while nobody waits: a free key costs no array). */
  private readonly held = new Map<string, Array<() => void> | null>();

  async runExclusive<T>(keys: readonly string[], work: () => Promise<T>): Promise<T> {
    // Sorted and deduplicated, so two callers locking overlapping sets never wait on each other in a cycle.
    const ordered = [...new Set(keys)].sort();
    let taken = 0;
    try {
      for (const key of ordered) {
        const handedOver = this.acquire(key);
        if (handedOver) await handedOver;
        taken += 1;
      }
      return await work();
    } finally {
      for (let index = taken - 1; index >= 0; index -= 1) this.release(ordered[index]!);
    }
  }

  /**
   * Takes a free key at once (undefined, nothing to await); else a promise of the key, resolved when it is handed over.
   */
  private acquire(key: string): Promise<void> | undefined {
    const waiters = this.held.get(key);
    if (waiters === undefined) {
      this.held.set(key, null);
      return undefined;
    }
    const queue = waiters ?? [];
    if (waiters === null) this.held.set(key, queue);
    return new Promise<void>((resolve) => queue.push(resolve));
  }

  /** The next waiter gets the key (it stays held); with nobody waiting it is free again. */
  private release(key: string): void {
    const next = this.held.get(key)?.shift();
    if (next) next();
    else this.held.delete(key);
  }
}
