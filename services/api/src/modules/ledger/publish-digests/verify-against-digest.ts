import {
  CHECKPOINT_START,
  computeEventHash,
  type Checkpoint,
  type EventStore,
  type StoredEvent,
} from '@app/event-store';
import { EMPTY_TREE_ROOT, leafHash, nodeHash, rangeHash, splitPoint, type NodeSource } from './merkle-tree';
import type { MerkleLog } from './merkle-log';

const READ_BATCH = 5_000;

export interface TrustedDigest {
  position: number;
  root: string;
}

export interface DigestDifference {
  /** 1-based: the log's n-th event, where the log first differs from the digest. */
  position: number;
  /**
   * False when the stored tree was rewritten too: the difference is then known only to lie in [position, position_to].
   */
  exact: boolean;
  position_to: number;
  kind: 'changed' | 'inserted' | 'removed' | 'unknown';
  event: { id: string; stream_id: string; stream_version: string; store_position: string } | null;
  message: string;
}

export interface DigestVerification {
  ok: boolean;
  position: number;
  expected_root: string;
  /** The root of the log's first `position` events as they are now (recomputed from their content). */
  found_root: string | null;
  events_in_log: number;
  difference: DigestDifference | null;
}

/** Every level of the tree of the recomputed leaves, in memory (2 × 32 bytes a leaf): the auditor's own tree. */
class RecomputedTree {
  private readonly levels: Buffer[][];

  constructor(readonly leaves: Buffer[]) {
    this.levels = [leaves];
    for (let level = leaves; level.length > 1;) {
      const next: Buffer[] = [];
      for (let index = 0; index + 1 < level.length; index += 2) next.push(nodeHash(level[index], level[index + 1]));
      this.levels.push(next);
      level = next;
    }
  }

  /** MTH of leaves [start, end), or null when the log does not reach `end`. */
  range(start: bigint, end: bigint): Buffer | null {
    if (end > BigInt(this.leaves.length)) return null;
    const source: NodeSource = (level, index) => this.levels[level][Number(index)];
    return rangeHash(source, start, end);
  }
}

/** Leaf hashes of the log's first `limit` events, each recomputed from the event's content (never its stored hash). */
async function recomputeLeaves(eventStore: EventStore, limit: number): Promise<Buffer[]> {
  const leaves: Buffer[] = [];
  let checkpoint: Checkpoint = CHECKPOINT_START;
  while (leaves.length < limit) {
    const batch = await eventStore.readAll(checkpoint, { limit: Math.min(READ_BATCH, limit - leaves.length) });
    for (const event of batch.events) leaves.push(leafHash(Buffer.from(computeEventHash(event), 'hex')));
    checkpoint = batch.nextCheckpoint;
    if (batch.caughtUp) break;
  }
  return leaves;
}

async function eventAt(eventStore: EventStore, index: number): Promise<StoredEvent | null> {
  let checkpoint: Checkpoint = CHECKPOINT_START;
  let seen = 0;
  for (;;) {
    const batch = await eventStore.readAll(checkpoint, { limit: READ_BATCH });
    if (index < seen + batch.events.length) return batch.events[index - seen];
    seen += batch.events.length;
    checkpoint = batch.nextCheckpoint;
    if (batch.caughtUp) return null;
  }
}

/**
 * Walks down from the digest's root to the first leaf where the log differs. The stored tree's nodes are trusted only
 * as far as they hash up to the digest's root (a parent is checked against its two children at every step), so a
 * tree rewritten along with the log narrows the difference to a range instead of misplacing it.
 */
async function locate(
  merkle: MerkleLog,
  recomputed: RecomputedTree,
  digest: TrustedDigest,
): Promise<{ start: bigint; end: bigint; trustedLeaf: Buffer | null }> {
  let start = 0n;
  let end = BigInt(digest.position);
  let trusted: Buffer = Buffer.from(digest.root, 'hex');
  while (end - start > 1n) {
    const split = splitPoint(end - start);
    const left = await merkle.rangeOrNull(start, start + split);
    const right = await merkle.rangeOrNull(start + split, end);
    if (!left || !right || !nodeHash(left, right).equals(trusted)) return { start, end, trustedLeaf: null };
    const recomputedLeft = recomputed.range(start, start + split);
    if (!recomputedLeft || !recomputedLeft.equals(left)) {
      trusted = left;
      end = start + split;
    } else {
      trusted = right;
      start += split;
    }
  }
  return { start, end, trustedLeaf: trusted };
}

/** How far past the first difference to look for the digest's leaf (inserted events) or the log's (removed ones). */
const LOOKAHEAD = 64;

/**
 * What happened at the first differing leaf: the digest's leaf appears a little later in the log (events inserted
 * before it), the log's leaf appears a little later in the stored tree (events removed), or neither (changed).
 */
async function classify(
  merkle: MerkleLog,
  leaves: Buffer[],
  index: number,
  trustedLeaf: Buffer,
): Promise<DigestDifference['kind']> {
  if (index >= leaves.length) return 'removed';
  if (leaves.slice(index + 1, index + 1 + LOOKAHEAD).some((leaf) => leaf.equals(trustedLeaf))) return 'inserted';
  const stored = await merkle.leaves(BigInt(index + 1), LOOKAHEAD);
  if (stored.some((leaf) => leaf.equals(leaves[index]))) return 'removed';
  return 'changed';
}

/**
 * `ledger verify --digest`: recomputes the Merkle root of the log's first `position` events from their content and
 * compares it with a digest kept outside the system. An event changed (even with its stream rehashed and the
 * projections rebuilt), removed or inserted before that position changes the root; the first differing position is
 * then found from the persisted tree.
 */
export async function verifyAgainstDigest(
  eventStore: EventStore,
  merkle: MerkleLog,
  digest: TrustedDigest,
): Promise<DigestVerification> {
  const leaves = await recomputeLeaves(eventStore, digest.position);
  const recomputed = new RecomputedTree(leaves);
  const foundRoot = digest.position === 0 ? EMPTY_TREE_ROOT : recomputed.range(0n, BigInt(digest.position));
  const base = {
    position: digest.position,
    expected_root: digest.root,
    found_root: foundRoot?.toString('hex') ?? null,
    events_in_log: leaves.length,
  };
  if (foundRoot?.toString('hex') === digest.root) return { ok: true, ...base, difference: null };
  // The leaves were needed for the digest's prefix only; the walk needs the tree's sync to cover that prefix too.
  await merkle.sync();
  const { start, end, trustedLeaf } = await locate(merkle, recomputed, digest);
  const index = Number(start);
  const exact = trustedLeaf !== null && end - start === 1n;
  const kind =
    exact && trustedLeaf
      ? await classify(merkle, leaves, index, trustedLeaf)
      : index >= leaves.length
        ? 'removed'
        : 'unknown';
  const current = index < leaves.length ? await eventAt(eventStore, index) : null;
  const event = current
    ? {
        id: current.id,
        stream_id: current.streamId,
        stream_version: current.streamVersion.toString(),
        store_position: current.position.toString(),
      }
    : null;
  const where = event ? ` (now event ${event.id}, ${event.stream_id} version ${event.stream_version})` : '';
  const message = !exact
    ? `The log differs from the digest at ${digest.position} between positions ${index + 1} and ${end}; ` +
      `the stored tree was rewritten too, so the walk stops there${where}`
    : kind === 'removed' && index >= leaves.length
      ? `The log holds ${leaves.length} events, the digest covers ${digest.position}: ` +
        `events were removed from position ${index + 1}`
      : `The log differs from the digest at ${digest.position} first at position ${index + 1}${where}: ` +
        `an event was ${kind} there`;
  return {
    ok: false,
    ...base,
    difference: { position: index + 1, exact, position_to: Number(end), kind, event, message },
  };
}

/** `<64 hex>@<position>`, or the text of a digest file (JSON with `position` and `root`). */
export function parseDigestArgument(text: string): TrustedDigest | null {
  const inline = /^([0-9a-f]{64})@(\d+)$/.exec(text.trim());
  if (inline) return { root: inline[1], position: Number(inline[2]) };
  return null;
}
