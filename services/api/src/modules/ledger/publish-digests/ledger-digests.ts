import { createPublicKey, type KeyObject } from 'node:crypto';
import { WrongExpectedVersionError, type EventStore } from '@app/event-store';
import {
  SignedLedgerDigestSchema,
  type ConsistencyProof,
  type InclusionProof,
  type LedgerDigest,
  type RecordedDigests,
  type SignedLedgerDigest,
} from '@app/contracts/ledger';
import type { Queryable } from '../infrastructure/ledger-audit';
import { keyIdOf, publicKeyPem, signDigest } from './digest-signing';
import { MerkleLog } from './merkle-log';

/** The stream the digest job records into. Not a ledger stream (`isLedgerStream`): it moves no money. */
export const DIGEST_STREAM = 'ledger-digests';
export const DIGEST_RECORDED = 'LedgerDigestRecorded';
export const RECORD_DIGEST_JOB = 'ledger.digests.record';

export type RecordedDigest = SignedLedgerDigest & { recorded_at: string };

/** A refusal the HTTP layer maps: an event not in the tree, or a position the tree has not reached. */
export class DigestRequestRefused extends Error {
  constructor(
    readonly code: 'EVENT_NOT_IN_TREE' | 'DIGEST_POSITION_NOT_REACHED',
    message: string,
  ) {
    super(message);
    this.name = 'DigestRequestRefused';
  }
}

/**
 * Digests of the log and proofs about them: the current digest, signed digests recorded as events of their own
 * stream (the job, hourly by default), and inclusion and consistency proofs from the persisted tree. Every answer
 * first brings the tree up to the log's safe end (only the events since the last sync are hashed).
 */
export class LedgerDigests {
  readonly merkle: MerkleLog;

  constructor(
    private readonly eventStore: EventStore,
    database: Queryable,
    private readonly privateKey: KeyObject,
  ) {
    this.merkle = new MerkleLog(eventStore, database);
  }

  get publicKey(): { pem: string; keyId: string } {
    return { pem: publicKeyPem(this.privateKey), keyId: keyIdOf(createPublicKey(this.privateKey)) };
  }

  async current(now = new Date()): Promise<LedgerDigest> {
    const head = await this.merkle.sync();
    const root = await this.merkle.root(head.treeSize);
    return { position: Number(head.treeSize), root: root.toString('hex'), at: now.toISOString() };
  }

  /**
   * Signs the current digest and appends it to `ledger-digests`. With `skipUnchanged` (the job), nothing is recorded
   * when the log grew by at most one event since the last recorded digest: that event is the last digest itself.
   */
  async record(
    options: { now?: Date; skipUnchanged?: boolean } = {},
  ): Promise<{ digest: SignedLedgerDigest; recorded: boolean }> {
    const version = await this.eventStore.streamVersion(DIGEST_STREAM);
    const last =
      version > 0n ? (await this.eventStore.readStream(DIGEST_STREAM, { fromVersion: version }))[0] : undefined;
    const lastDigest = last ? SignedLedgerDigestSchema.parse(last.data) : undefined;
    const digest = signDigest(await this.current(options.now), this.privateKey);
    if (options.skipUnchanged && lastDigest && digest.position <= lastDigest.position + 1)
      return { digest: lastDigest, recorded: false };
    try {
      await this.eventStore.append([
        { streamId: DIGEST_STREAM, expectedVersion: version, events: [{ type: DIGEST_RECORDED, data: digest }] },
      ]);
    } catch (error) {
      // Another process recorded one at the same moment: one digest is enough.
      if (error instanceof WrongExpectedVersionError && options.skipUnchanged) return { digest, recorded: false };
      throw error;
    }
    return { digest, recorded: true };
  }

  /** The newest `limit` recorded digests, newest first, with the public key that verifies them. */
  async recorded(limit: number): Promise<RecordedDigests> {
    const version = await this.eventStore.streamVersion(DIGEST_STREAM);
    const fromVersion = version - BigInt(limit) + 1n > 1n ? version - BigInt(limit) + 1n : 1n;
    const events = version === 0n ? [] : await this.eventStore.readStream(DIGEST_STREAM, { fromVersion });
    const digests = events
      .filter((event) => event.type === DIGEST_RECORDED)
      .map((event) => ({ ...SignedLedgerDigestSchema.parse(event.data), recorded_at: event.recordedAt.toISOString() }))
      .reverse();
    const { pem, keyId } = this.publicKey;
    return { digests, public_key: pem, key_id: keyId };
  }

  async consistency(from: number, toOrHead: number | undefined): Promise<ConsistencyProof> {
    const head = await this.merkle.sync();
    const to = toOrHead ?? Number(head.treeSize);
    if (from > to)
      throw new DigestRequestRefused(
        'DIGEST_POSITION_NOT_REACHED',
        `The tree holds ${head.treeSize} events; position ${from} is beyond it`,
      );
    if (BigInt(to) > head.treeSize)
      throw new DigestRequestRefused(
        'DIGEST_POSITION_NOT_REACHED',
        `The tree holds ${head.treeSize} events; position ${to} is beyond it`,
      );
    const { proof, oldRoot, newRoot } = await this.merkle.consistencyProof(BigInt(from), BigInt(to));
    return {
      from,
      to,
      from_root: oldRoot.toString('hex'),
      to_root: newRoot.toString('hex'),
      proof: proof.map((hash) => hash.toString('hex')),
    };
  }

  /** Proves `eventId` (default: the digest's last event) in the digest at `position` (default: the tree now). */
  async inclusion(
    requestedEventId: string | undefined,
    requestedPosition: number | undefined,
  ): Promise<InclusionProof> {
    const head = await this.merkle.sync();
    const position = requestedPosition ?? Number(head.treeSize);
    if (BigInt(position) > head.treeSize || position === 0) {
      throw new DigestRequestRefused(
        'DIGEST_POSITION_NOT_REACHED',
        `The tree holds ${head.treeSize} events; there is no event in a digest at ${position}`,
      );
    }
    const eventId = requestedEventId ?? (await this.merkle.eventIdAt(BigInt(position) - 1n));
    const leafIndex = eventId === null ? null : await this.merkle.leafIndexOf(eventId);
    if (eventId === null || leafIndex === null)
      throw new DigestRequestRefused('EVENT_NOT_IN_TREE', `No event ${eventId ?? `at ${position}`} in the tree`);
    if (leafIndex >= BigInt(position)) {
      throw new DigestRequestRefused(
        'DIGEST_POSITION_NOT_REACHED',
        `Event ${eventId} is the log's event ${leafIndex + 1n}, after the digest at ${position}`,
      );
    }
    const event = await this.merkle.eventById(eventId);
    if (!event)
      throw new DigestRequestRefused('EVENT_NOT_IN_TREE', `Event ${eventId} is in the tree but no longer in the log`);
    const { path, root } = await this.merkle.inclusionProof(leafIndex, BigInt(position));
    return {
      event_id: eventId,
      leaf_index: Number(leafIndex),
      position,
      root: root.toString('hex'),
      path: path.map((hash) => hash.toString('hex')),
      event: {
        id: event.id,
        stream_id: event.streamId,
        stream_version: event.streamVersion.toString(),
        type: event.type,
        data: event.data,
        metadata: event.metadata,
        previous_hash: event.previousHash,
        hash: event.hash,
        recorded_at: event.recordedAt.toISOString(),
      },
    };
  }
}
