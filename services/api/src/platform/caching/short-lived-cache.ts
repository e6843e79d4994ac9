/**
 * A read-through cache of answers that may be a moment old (discovery lists, feeds): each key is loaded once per
 * `ttlMilliseconds`, and callers asking while a load is in flight share it (one load per key, not one per request).
 * `invalidate()` forgets everything at once, loads in flight included, so a write this process committed shows on
 * the next read; other processes' writes show after at most `ttlMilliseconds`. A failed load is not kept. At most
 * `maxEntries` keys are held (the oldest is dropped first). `ttlMilliseconds` 0 turns caching off.
 */
export class ShortLivedCache<Value> {
  private readonly entries = new Map<string, { expiresAt: number; value: Promise<Value> }>();

  constructor(
    private readonly ttlMilliseconds: number,
    private readonly maxEntries = 1_000,
    private readonly now: () => number = () => performance.now(),
  ) {}

  get(key: string, load: () => Promise<Value>): Promise<Value> {
    if (this.ttlMilliseconds <= 0) return load();
    const now = this.now();
    const held = this.entries.get(key);
    if (held && held.expiresAt > now) return held.value;
    const entry = { expiresAt: now + this.ttlMilliseconds, value: load() };
    this.entries.delete(key);
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, entry);
    entry.value.catch(() => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    });
    return entry.value;
  }

  invalidate(): void {
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}
