/**
 * The queue behind group commits and coalesced reads: items added while batches are being processed wait, and each
 * drain takes the next batch of them (`takeBatch` says which) as soon as its last one is done, so one round trip
 * serves everything that arrived meanwhile. `process` settles its items itself and must not throw. With
 * `gatherTick`, a drain first lets the rest of the current tick's items join its first batch.
 *
 * Up to `maxInFlight` batches are processed at once. With `extraLaneAfterMs`, a batch beyond the first starts only
 * once items have waited that long behind the ones in flight: at a moderate rate, arrivals then gather behind one
 * round trip instead of each opening a lane of its own (fewer, fuller statements), while a slow round trip still
 * holds nobody back for longer than that.
 *
 * With `tickMs`, batches start at most once per tick (across lanes): at a moderate rate the items of a tick then share
 * one round trip and one commit instead of a batch of one or two each, which is what a command costs the database and
 * the process most at such rates (a wake-up per statement on either side); at saturation batches take longer than a
 * tick and nothing waits. Only a batch of two or more starts a tick: after a lone item nobody is waited for (one
 * caller's commands one after the other are never delayed). Each item waits at most one tick more.
 */
export class InFlightBatcher<Item> {
  private queue: Item[] = [];
  private inFlight = 0;
  private extraLaneTimer: NodeJS.Timeout | undefined;
  private lastBatchAt = Number.NEGATIVE_INFINITY;
  /** Lanes waiting for the next tick: they take whatever arrives meanwhile, so nobody opens another lane. */
  private lanesWaitingForTick = 0;

  constructor(
    private readonly options: {
      maxInFlight: number;
      /** Splits the queue into the next batch and the items left waiting. */
      takeBatch: (queue: Item[]) => { batch: Item[]; rest: Item[] };
      process: (batch: Item[]) => Promise<void>;
      gatherTick?: boolean;
      extraLaneAfterMs?: number;
      tickMs?: number;
    },
  ) {}

  add(item: Item): void {
    this.queue.push(item);
    if (this.lanesWaitingForTick > 0 || this.inFlight >= this.options.maxInFlight) return;
    const delay = this.options.extraLaneAfterMs;
    if (this.inFlight === 0 || delay === undefined) void this.drain();
    else this.extraLaneTimer ??= setTimeout(() => this.openExtraLane(), delay);
  }

  /** Items have waited `extraLaneAfterMs` behind the batches in flight: give them a lane of their own. */
  private openExtraLane(): void {
    this.extraLaneTimer = undefined;
    if (this.queue.length > 0 && this.inFlight < this.options.maxInFlight) void this.drain();
  }

  private async drain(): Promise<void> {
    this.inFlight += 1;
    try {
      if (this.options.gatherTick) await Promise.resolve();
      while (this.queue.length > 0) {
        const tick = this.nextTick();
        if (tick) await tick;
        if (this.queue.length === 0) break;
        const { batch, rest } = this.options.takeBatch(this.queue);
        this.queue = rest;
        // The waiting items are on their way: a lane timer started for them is not needed any more.
        if (this.extraLaneTimer && rest.length === 0) {
          clearTimeout(this.extraLaneTimer);
          this.extraLaneTimer = undefined;
        }
        if (batch.length > 1) this.lastBatchAt = performance.now();
        await this.options.process(batch);
      }
    } finally {
      this.inFlight -= 1;
    }
  }

  /**
   * Until a tick has passed since the last batch of two or more started; undefined when it has (no await, so an item
   * that needs no wait is processed in the same turn it was added).
   */
  private nextTick(): Promise<void> | undefined {
    const wait = this.lastBatchAt + (this.options.tickMs ?? 0) - performance.now();
    if (wait <= 0) return undefined;
    this.lanesWaitingForTick += 1;
    return new Promise<void>((resolve) => setTimeout(resolve, wait)).then(() => {
      this.lanesWaitingForTick -= 1;
    });
  }
}

/** The first `size` items, for batches whose items never exclude each other. */
export const firstItems =
  (size: number) =>
  <Item>(queue: Item[]): { batch: Item[]; rest: Item[] } => ({ batch: queue.slice(0, size), rest: queue.slice(size) });
