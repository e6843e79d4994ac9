/**
 * The queue behind group commits and coalesced reads: items added while up to `maxInFlight` batches are being
 * processed wait, and each drain takes the next batch of them (`takeBatch` says which) as soon as its last one is
 * done, so one round trip serves everything that arrived meanwhile. `process` settles its items itself and must not
 * throw. With `gatherTick`, a drain first lets the rest of the current tick's items join its first batch.
 */
export class InFlightBatcher<Item> {
  private queue: Item[] = [];
  private inFlight = 0;

  constructor(
    private readonly options: {
      maxInFlight: number;
      /** Splits the queue into the next batch and the items left waiting. */
      takeBatch: (queue: Item[]) => { batch: Item[]; rest: Item[] };
      process: (batch: Item[]) => Promise<void>;
      gatherTick?: boolean;
    },
  ) {}

  add(item: Item): void {
    this.queue.push(item);
    if (this.inFlight < this.options.maxInFlight) void this.drain();
  }

  private async drain(): Promise<void> {
    this.inFlight += 1;
    try {
      if (this.options.gatherTick) await Promise.resolve();
      while (this.queue.length > 0) {
        const { batch, rest } = this.options.takeBatch(this.queue);
        this.queue = rest;
        await this.options.process(batch);
      }
    } finally {
      this.inFlight -= 1;
    }
  }
}

/** The first `size` items, for batches whose items never exclude each other. */
export const firstItems =
  (size: number) =>
  <Item>(queue: Item[]): { batch: Item[]; rest: Item[] } => ({ batch: queue.slice(0, size), rest: queue.slice(size) });
