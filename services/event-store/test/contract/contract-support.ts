import { randomUUID } from 'node:crypto';
import {
  WrongExpectedVersionError,
  compareCheckpoints,
  type Checkpoint,
  type EventStore,
  type StoredEvent,
} from '../../src/event-store.port';

/** What an adapter under test provides. One context serves a whole spec file; tests use unique stream ids. */
export interface EventStoreContractContext {
  store: EventStore;
  /** Rewrites a stored event's data behind the store's back, as someone with direct database access could. */
  tamperWithEventData(streamId: string, streamVersion: bigint, data: unknown): Promise<void>;
  teardown(): Promise<void>;
}

/** What the adapter can do, known when tests are registered. */
export interface EventStoreContractCapabilities {
  /** Whether two sessions can hold transactions at the same time (false for PGlite's single shared session). */
  concurrentSessions: boolean;
  /** Size of the concurrent writers test: PostgreSQL runs the full 8 x 2,000. */
  concurrency: { writers: number; eventsPerWriter: number };
}

export const sleep = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));

export function uniqueStream(prefix: string): string {
  return `${prefix}-${randomUUID()}`;
}

export function events(count: number, type = 'ThingHappened', extra: Record<string, unknown> = {}) {
  return Array.from({ length: count }, (_, index) => ({ type, data: { index, ...extra } }));
}

/**
 * Reads in batches until the checkpoint reaches `until` (the last event the test committed). On a shared server a
 * write transaction in ANY database holds back pg_snapshot_xmin, so a commit may become readable a little later:
 * readers lag, they never skip, and tests wait for the horizon instead of assuming it moved at once.
 */
export async function readUntil(
  store: EventStore,
  from: Checkpoint,
  until: Checkpoint,
  limit: number,
  eventTypes?: string[],
) {
  const collected: StoredEvent[] = [];
  let checkpoint = from;
  let batches = 0;
  const deadline = Date.now() + 60_000;
  for (;;) {
    const batch = await store.readAll(checkpoint, { limit, eventTypes });
    batches += 1;
    expect(batch.events.length).toBeLessThanOrEqual(limit);
    collected.push(...batch.events);
    expect(compareCheckpoints(batch.nextCheckpoint, checkpoint)).toBeGreaterThanOrEqual(0);
    checkpoint = batch.nextCheckpoint;
    if (compareCheckpoints(checkpoint, until) >= 0) {
      expect(batch.caughtUp).toBe(true);
      return { events: collected, checkpoint, batches };
    }
    if (batch.caughtUp) {
      if (Date.now() > deadline) throw new Error('the read horizon did not reach the last committed event within 60 s');
      await sleep(20);
    }
  }
}

/**
 * A checkpoint with everything committed so far at or below it: appends a marker event and waits until the read
 * horizon has passed it. Tests start reading from here, so earlier tests' events never leak into their range.
 */
export async function settledCheckpoint(store: EventStore): Promise<Checkpoint> {
  const marker = await store.append([
    { streamId: uniqueStream('marker'), expectedVersion: 'no_stream', events: events(1, 'Marker') },
  ]);
  const target = checkpointOf(marker.events[0]);
  const deadline = Date.now() + 60_000;
  while (compareCheckpoints(await store.headCheckpoint(), target) < 0) {
    if (Date.now() > deadline) throw new Error('the read horizon did not pass the marker within 60 s');
    await sleep(20);
  }
  return target;
}

export function checkpointOf(event: StoredEvent): Checkpoint {
  return { transactionId: event.transactionId, position: event.position };
}

export async function expectConflict(promise: Promise<unknown>, streamId: string, actualVersion: bigint) {
  const error = await promise.then(
    () => undefined,
    (failure: unknown) => failure,
  );
  expect(error).toBeInstanceOf(WrongExpectedVersionError);
  expect((error as WrongExpectedVersionError).code).toBe('WRONG_EXPECTED_VERSION');
  expect((error as WrongExpectedVersionError).streamId).toBe(streamId);
  expect((error as WrongExpectedVersionError).actualVersion).toBe(actualVersion);
}

/** The adapter's context once the contract's `beforeAll` has built it (read it inside hooks and tests only). */
export interface EventStoreContractFixture {
  readonly store: EventStore;
  readonly context: EventStoreContractContext;
}
