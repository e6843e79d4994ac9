import type { PostgresEventStore } from './postgres-event-store';
import { GENESIS_HASH, verifyStreamChain } from './hash-chain';

export type StoreVerificationFailure =
  | {
      reason: 'VERSION_GAP' | 'PREVIOUS_HASH_MISMATCH' | 'HASH_MISMATCH' | 'MIXED_STREAMS';
      streamId: string;
      streamVersion: bigint;
      message: string;
    }
  | { reason: 'HEAD_MISMATCH'; streamId: string; streamVersion: bigint; message: string }
  | { reason: 'STREAM_WITHOUT_HEAD'; streamId: string; message: string };

export interface StoreVerification {
  valid: boolean;
  streamsChecked: number;
  eventsChecked: number;
  failures: StoreVerificationFailure[];
}

/**
 * Replays every stream and checks (1) its hash chain from the genesis hash, and (2) that the stream's row in
 * `streams` (version and last hash, which appends check against) names exactly the last event found. The second
 * check catches what a chain alone cannot: deleting the newest events of a stream. Events whose stream has no row
 * are reported too. Reads one stream at a time, so memory stays bounded by the largest stream.
 */
export async function verifyEventStore(
  store: PostgresEventStore,
  options: {
    pageSize?: number;
    onProgress?: (progress: { streamsChecked: number; eventsChecked: number }) => void;
  } = {},
): Promise<StoreVerification> {
  const failures: StoreVerificationFailure[] = [];
  let streamsChecked = 0;
  let eventsChecked = 0;
  let after: string | undefined;
  for (;;) {
    const page = await store.listStreams({ after, limit: options.pageSize ?? 500 });
    if (page.length === 0) break;
    for (const head of page) {
      const events = await store.readStream(head.streamId);
      const chain = verifyStreamChain(events);
      if (!chain.valid) {
        failures.push({
          reason: chain.reason,
          streamId: chain.streamId,
          streamVersion: chain.streamVersion,
          message: chain.message,
        });
      } else {
        const lastVersion = events.at(-1)?.streamVersion ?? 0n;
        const lastHash = chain.lastHash;
        const expectedHash = head.version === 0n ? GENESIS_HASH : head.lastHash;
        if (lastVersion !== head.version || lastHash !== expectedHash) {
          failures.push({
            reason: 'HEAD_MISMATCH',
            streamId: head.streamId,
            streamVersion: lastVersion,
            message:
              `Stream ${head.streamId} is recorded at version ${head.version} but its events end at version ` +
              `${lastVersion} (events removed, or the stream row edited)`,
          });
        }
      }
      streamsChecked += 1;
      eventsChecked += events.length;
    }
    options.onProgress?.({ streamsChecked, eventsChecked });
    after = page.at(-1)!.streamId;
  }
  for (const streamId of await store.streamsWithoutHead()) {
    failures.push({
      reason: 'STREAM_WITHOUT_HEAD',
      streamId,
      message: `Stream ${streamId} has events but no row in streams`,
    });
  }
  return { valid: failures.length === 0, streamsChecked, eventsChecked, failures };
}
