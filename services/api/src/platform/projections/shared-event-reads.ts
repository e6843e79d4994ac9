import type { Checkpoint, EventStore, ReadAllBatch } from '@app/event-store';
import type { LiveReads } from './projection-runner';

interface Waiter {
  /** Undefined: every type. */
  eventTypes: ReadonlySet<string> | undefined;
  resolve: (batch: ReadAllBatch) => void;
  reject: (error: unknown) => void;
}

interface Group {
  from: Checkpoint;
  limit: number;
  /** Undefined once a waiter wants every type. */
  eventTypes: Set<string> | undefined;
  waiters: Waiter[];
}

/**
 * The live reads of one process's projection runners, shared. A process runs a dozen runners; caught up, they sit on
 * the same checkpoint and poll on the same clock (see `ProjectionRunner`), so each poll used to read the same new
 * events once per runner. Reads asked for within 2 ms (GATHER_MS) of each other from the same checkpoint with the same
 * limit become one `readAll` for the union of their event types; each runner gets back the events of its own types
 * and the common resume point.
 *
 * That is exactly what a read of its own would give: `nextCheckpoint` is where the shared scan stopped, and every event
 * of the runner's types up to it is in the shared batch (the union contains its types); when the scan stopped at the
 * limit, the runner simply gets fewer events before the same resume point.
 */
export class SharedEventReads implements LiveReads {
  private readonly groups = new Map<string, Group>();

  constructor(private readonly eventStore: Pick<EventStore, 'readAll'>) {}

  readAll(from: Checkpoint, options: { limit: number; eventTypes?: string[] }): Promise<ReadAllBatch> {
    const key = `${from.transactionId}:${from.position}:${options.limit}`;
    let group = this.groups.get(key);
    if (!group) {
      group = { from, limit: options.limit, eventTypes: new Set(), waiters: [] };
      this.groups.set(key, group);
      // Runners woken by the same clock ask within a millisecond or two of each other (each set its timer after its own
      // turn of the last batch, see below, so their timers can fall a millisecond apart); the read waits for them.
      setTimeout(() => void this.read(key), GATHER_MS);
    }
    if (!options.eventTypes) group.eventTypes = undefined;
    else for (const type of options.eventTypes) group.eventTypes?.add(type);
    const eventTypes = options.eventTypes && new Set(options.eventTypes);
    return new Promise<ReadAllBatch>((resolve, reject) => group.waiters.push({ eventTypes, resolve, reject }));
  }

  private async read(key: string): Promise<void> {
    const group = this.groups.get(key)!;
    this.groups.delete(key);
    let batch: ReadAllBatch;
    try {
      batch = await this.eventStore.readAll(group.from, {
        limit: group.limit,
        eventTypes: group.eventTypes ? [...group.eventTypes] : undefined,
      });
    } catch (error) {
      for (const waiter of group.waiters) waiter.reject(error);
      return;
    }
    for (const [index, waiter] of group.waiters.entries()) {
      // One runner per turn of the event loop. Resolved together, every runner's fold of the batch would run back to
      // back before the loop could take anything else, and in a process that also serves HTTP a caught-up poll
      // then held every request for the sum of them (tens of ms at 1,000 commands/s); one per turn, requests wait
      // at most for one fold.
      if (index > 0) await nextTurn();
      const types = waiter.eventTypes;
      waiter.resolve(types ? { ...batch, events: batch.events.filter((event) => types.has(event.type)) } : batch);
    }
  }
}

/** How long a read waits for the other runners of the same poll to ask (they poll every 250 ms by default). */
const GATHER_MS = 2;

/**
 * Resolves once the event loop has polled for I/O again. An immediate set during the poll phase runs in the same turn's
 * check phase, before any new I/O is read; one set from there runs only after the next poll phase.
 */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(() => setImmediate(resolve)));
