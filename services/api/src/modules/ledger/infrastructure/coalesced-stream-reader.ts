import type { EventStore, StoredEvent } from '@app/event-store';
import { InFlightBatcher, firstItems } from './in-flight-batcher';

interface PendingRead {
  streamId: string;
  fromVersion: bigint;
  resolve: (events: StoredEvent[]) => void;
  reject: (error: unknown) => void;
}

/** Streams one statement reads at most. */
const MAX_BATCH = 256;
/** Reads running at the same time: the next batch fills while earlier ones are answered. */
const MAX_IN_FLIGHT = 2;

/**
 * The read-side twin of the GroupCommitter: stream reads asked for while a read is in flight share the next single
 * `readStreams` (one statement for many streams) instead of a statement each, so a freshly started process keeps up
 * (measurements: services/bench/results/). Reads asked for in the same tick go together too (a transfer
 * loads both users at once). Reads outside any transaction only: a read inside a unit of work uses that unit's own
 * connection.
 */
export class CoalescedStreamReader {
  private readonly batcher: InFlightBatcher<PendingRead>;

  constructor(private readonly eventStore: EventStore) {
    this.batcher = new InFlightBatcher({
      maxInFlight: MAX_IN_FLIGHT,
      takeBatch: firstItems(MAX_BATCH),
      process: (batch) => this.readTogether(batch),
      gatherTick: true,
    });
  }

  /** The stream's events from `fromVersion` (inclusive) in version order; [] for a missing stream. */
  read(streamId: string, fromVersion: bigint): Promise<StoredEvent[]> {
    return new Promise<StoredEvent[]>((resolve, reject) =>
      this.batcher.add({ streamId, fromVersion, resolve, reject }),
    );
  }

  private async readTogether(batch: PendingRead[]): Promise<void> {
    try {
      const read = await this.eventStore.readStreams(
        batch.map(({ streamId, fromVersion }) => ({ streamId, fromVersion })),
      );
      // A stream asked for twice in one batch is read from the lower version: each read keeps its own part.
      for (const item of batch)
        item.resolve(read.get(item.streamId)!.filter((event) => event.streamVersion >= item.fromVersion));
    } catch (error) {
      batch.forEach((item) => item.reject(error));
    }
  }
}
