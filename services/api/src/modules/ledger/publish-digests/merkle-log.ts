import type { Checkpoint, EventStore, StoredEvent, TransactionHandle } from '@app/event-store';
import type { Queryable } from '../infrastructure/ledger-audit';
import {
  EMPTY_TREE_ROOT,
  MerkleFrontier,
  consistencyProof,
  frontierIndex,
  frontierLevels,
  inclusionProof,
  leafHash,
  rangeHash,
  type NodeSource,
} from './merkle-tree';

/**
 * Leaves appended per transaction: each sync transaction stays short, so it holds no reader's horizon back for long.
 */
export const MERKLE_SYNC_BATCH = 10_000;

export interface MerkleHead {
  /** Leaves in the tree: the first `treeSize` events of the log, in its read order. */
  treeSize: bigint;
  /** The log checkpoint of the last leaf. */
  checkpoint: Checkpoint;
}

/** A node the store does not hold (the tree has not reached that far). */
export class MissingMerkleNodeError extends Error {
  constructor(
    readonly level: number,
    readonly index: bigint,
  ) {
    super(`The Merkle tree has no node ${level}/${index} yet`);
    this.name = 'MissingMerkleNodeError';
  }
}

/** The leaf input of an event: the 32 bytes of its chain hash (which covers stream, version, type, data, metadata). */
export function leafOfEvent(event: Pick<StoredEvent, 'hash'>): Buffer {
  const bytes = Buffer.from(event.hash, 'hex');
  if (bytes.length !== 32 || bytes.toString('hex') !== event.hash.toLowerCase())
    throw new Error(`Event hash ${event.hash} is not 32 bytes of hex`);
  return leafHash(bytes);
}

interface NodeKey {
  level: number;
  index: bigint;
}

const keyOf = (level: number, index: bigint) => `${level}/${index}`;

async function fetchNodes(database: Queryable, keys: readonly NodeKey[]): Promise<Map<string, Buffer>> {
  const found = new Map<string, Buffer>();
  if (keys.length === 0) return found;
  const leaves = keys.filter((key) => key.level === 0);
  const nodes = keys.filter((key) => key.level > 0);
  const result = await database.query<{ level: number; node_index: string; hash: string }>(
    `SELECT 0 AS level, leaf_index::text AS node_index, encode(hash, 'hex') AS hash FROM ledger_merkle_leaves
     WHERE leaf_index = ANY($3::bigint[])
     UNION ALL
     SELECT nodes.level, nodes.node_index::text, encode(nodes.hash, 'hex')
     FROM unnest($1::smallint[], $2::bigint[]) AS wanted(level, node_index)
     JOIN ledger_merkle_nodes AS nodes ON nodes.level = wanted.level AND nodes.node_index = wanted.node_index`,
    [
      nodes.map((key) => key.level),
      nodes.map((key) => key.index.toString()),
      leaves.map((key) => key.index.toString()),
    ],
  );
  for (const row of result.rows)
    found.set(keyOf(Number(row.level), BigInt(row.node_index)), Buffer.from(row.hash, 'hex'));
  return found;
}

/**
 * Runs a pure tree computation against the stored nodes with two passes: the first records which nodes it asks for
 * (the shape of every RFC 6962 computation depends on sizes and indices only, never on hash values), one query reads
 * them, the second computes. A proof is then one round trip of O(log² n) small rows at most.
 */
async function computeWithStoredNodes<T>(database: Queryable, compute: (source: NodeSource) => T): Promise<T> {
  const wanted = new Map<string, NodeKey>();
  const placeholder = Buffer.alloc(32);
  compute((level, index) => {
    wanted.set(keyOf(level, index), { level, index });
    return placeholder;
  });
  const found = await fetchNodes(database, [...wanted.values()]);
  return compute((level, index) => {
    const hash = found.get(keyOf(level, index));
    if (!hash) throw new MissingMerkleNodeError(level, index);
    return hash;
  });
}

/**
 * The persisted Merkle tree over the log (tables of the ledger migration `ledger-merkle-tree`). Leaves follow the log's
 * read order, (transaction id, position), up to the store's safe horizon: every event the tree holds is committed and
 * nothing can ever commit before it, so the tree only grows at its right edge, which is what lets an older digest be
 * a prefix of every later one. `sync` appends what was committed since; it runs off the write path (the digest job,
 * a digest or proof request), never inside a command.
 */
export class MerkleLog {
  constructor(
    private readonly eventStore: EventStore,
    private readonly database: Queryable,
  ) {}

  async head(): Promise<MerkleHead> {
    return readHead(this.database, false);
  }

  /** Appends a leaf for every event committed since the last sync, a batch per transaction; answers the new head. */
  async sync(options: { batchSize?: number } = {}): Promise<MerkleHead> {
    const batchSize = options.batchSize ?? MERKLE_SYNC_BATCH;
    for (;;) {
      const step = await this.eventStore.withTransaction(async (transaction) => {
        // The tree is derived from the log and rebuilt from it if lost: its commits need not wait for the disk.
        await transaction.query('SET LOCAL synchronous_commit = off');
        const head = await readHead(transaction, true);
        const batch = await this.eventStore.readAll(head.checkpoint, { limit: batchSize, transaction });
        if (batch.events.length === 0) return { head, caughtUp: true };
        return { head: await appendLeaves(transaction, head, batch.events), caughtUp: batch.caughtUp };
      });
      if (step.caughtUp) return step.head;
    }
  }

  /** MTH of the first `treeSize` leaves, from the stored nodes. */
  async root(treeSize: bigint): Promise<Buffer> {
    if (treeSize === 0n) return EMPTY_TREE_ROOT;
    return computeWithStoredNodes(this.database, (source) => rangeHash(source, 0n, treeSize));
  }

  /** MTH of leaves [start, end), or null when the store lacks a node of it. */
  async rangeOrNull(start: bigint, end: bigint): Promise<Buffer | null> {
    try {
      return await computeWithStoredNodes(this.database, (source) => rangeHash(source, start, end));
    } catch (error) {
      if (error instanceof MissingMerkleNodeError) return null;
      throw error;
    }
  }

  /** The stored leaf hashes [start, start + count) that exist. */
  async leaves(start: bigint, count: number): Promise<Buffer[]> {
    const keys = Array.from({ length: count }, (_unused, offset) => ({ level: 0, index: start + BigInt(offset) }));
    const found = await fetchNodes(this.database, keys);
    return keys.map((key) => found.get(keyOf(0, key.index))).filter((hash): hash is Buffer => hash !== undefined);
  }

  async eventIdAt(leafIndex: bigint): Promise<string | null> {
    const result = await this.database.query<{ event_id: string }>(
      'SELECT event_id::text FROM ledger_merkle_leaves WHERE leaf_index = $1',
      [leafIndex.toString()],
    );
    return result.rows[0]?.event_id ?? null;
  }

  async leafIndexOf(eventId: string): Promise<bigint | null> {
    const result = await this.database.query<{ leaf_index: string }>(
      'SELECT leaf_index::text FROM ledger_merkle_leaves WHERE event_id = $1',
      [eventId],
    );
    return result.rows[0] ? BigInt(result.rows[0].leaf_index) : null;
  }

  /**
   * The event as the log holds it now (to prove it, or to show what changed). The port reads streams, not single
   * events, so its stream and version are looked up by the unique event id first.
   */
  async eventById(eventId: string): Promise<StoredEvent | null> {
    const located = await this.database.query<{ stream_id: string; stream_version: string }>(
      'SELECT stream_id, stream_version::text FROM events WHERE event_id = $1',
      [eventId],
    );
    const row = located.rows[0];
    if (!row) return null;
    const version = BigInt(row.stream_version);
    const [event] = await this.eventStore.readStream(row.stream_id, { fromVersion: version, toVersion: version });
    return event ?? null;
  }

  async inclusionProof(leafIndex: bigint, treeSize: bigint): Promise<{ path: Buffer[]; root: Buffer }> {
    return computeWithStoredNodes(this.database, (source) => ({
      path: inclusionProof(source, leafIndex, treeSize),
      root: rangeHash(source, 0n, treeSize),
    }));
  }

  async consistencyProof(
    oldSize: bigint,
    newSize: bigint,
  ): Promise<{ proof: Buffer[]; oldRoot: Buffer; newRoot: Buffer }> {
    return computeWithStoredNodes(this.database, (source) => ({
      proof: consistencyProof(source, oldSize, newSize),
      oldRoot: oldSize === 0n ? EMPTY_TREE_ROOT : rangeHash(source, 0n, oldSize),
      newRoot: newSize === 0n ? EMPTY_TREE_ROOT : rangeHash(source, 0n, newSize),
    }));
  }
}

async function readHead(database: Queryable, lock: boolean): Promise<MerkleHead> {
  const result = await database.query<{ tree_size: string; transaction_id: string; position: string }>(
    `SELECT tree_size::text, transaction_id::text, position::text FROM ledger_merkle_head${lock ? ' FOR UPDATE' : ''}`,
  );
  const row = result.rows[0];
  if (!row) throw new Error('ledger_merkle_head has no row: run the ledger migrations');
  return {
    treeSize: BigInt(row.tree_size),
    checkpoint: { transactionId: BigInt(row.transaction_id), position: BigInt(row.position) },
  };
}

/** Appends the events' leaves at the tree's right edge: every node they complete, their leaf indices, the new head. */
async function appendLeaves(
  transaction: TransactionHandle,
  head: MerkleHead,
  events: readonly StoredEvent[],
): Promise<MerkleHead> {
  const levels = frontierLevels(head.treeSize);
  const edgeKeys = levels.map((level) => ({ level, index: frontierIndex(head.treeSize, level) }));
  const edgeNodes = await fetchNodes(transaction, edgeKeys);
  const edge = edgeKeys.map((key) => {
    const hash = edgeNodes.get(keyOf(key.level, key.index));
    if (!hash) throw new MissingMerkleNodeError(key.level, key.index);
    return { level: key.level, hash };
  });
  const frontier = new MerkleFrontier(head.treeSize, edge);
  const leafHashes: Buffer[] = [];
  const nodeLevels: number[] = [];
  const nodeIndices: string[] = [];
  const nodeHashes: Buffer[] = [];
  for (const event of events) {
    for (const node of frontier.append(leafOfEvent(event))) {
      if (node.level === 0) {
        leafHashes.push(node.hash);
        continue;
      }
      nodeLevels.push(node.level);
      nodeIndices.push(node.index.toString());
      nodeHashes.push(node.hash);
    }
  }
  // Hashes travel as one bytea each statement (32 bytes a row, cut apart in SQL): far cheaper than arrays of text.
  await transaction.query(
    `INSERT INTO ledger_merkle_leaves (leaf_index, event_id, hash)
     SELECT $1::bigint + leaf.ordinality - 1, leaf.event_id, substring($3::bytea
       FROM ((leaf.ordinality - 1) * 32 + 1)::int FOR 32)
     FROM unnest($2::uuid[]) WITH ORDINALITY AS leaf(event_id, ordinality)`,
    [head.treeSize.toString(), events.map((event) => event.id), Buffer.concat(leafHashes)],
  );
  if (nodeLevels.length > 0) {
    await transaction.query(
      `INSERT INTO ledger_merkle_nodes (level, node_index, hash)
       SELECT node.level, node.node_index, substring($3::bytea FROM ((node.ordinality - 1) * 32 + 1)::int FOR 32)
       FROM unnest($1::smallint[], $2::bigint[]) WITH ORDINALITY AS node(level, node_index, ordinality)`,
      [nodeLevels, nodeIndices, Buffer.concat(nodeHashes)],
    );
  }
  const last = events[events.length - 1];
  const next: MerkleHead = {
    treeSize: frontier.treeSize,
    checkpoint: { transactionId: last.transactionId, position: last.position },
  };
  await transaction.query(
    'UPDATE ledger_merkle_head SET tree_size = $1, transaction_id = $2::xid8, position = $3, updated_at = now()',
    [next.treeSize.toString(), next.checkpoint.transactionId.toString(), next.checkpoint.position.toString()],
  );
  return next;
}
