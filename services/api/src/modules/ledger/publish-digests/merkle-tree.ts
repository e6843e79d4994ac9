import * as crypto from 'node:crypto';

/**
 * The Merkle tree of the log, in the shape of RFC 6962 / RFC 9162 section 2.1 (Certificate Transparency), so that any
 * third-party verifier of those proofs checks ours: a leaf hash is SHA-256(0x00 || leaf input), an interior node
 * SHA-256(0x01 || left || right), and a tree of n > 1 leaves splits at k, the largest power of two below n. Our leaf
 * input is the 32 bytes of an event's hash (its stream's chain hash, which covers the event's content).
 *
 * Pure. Trees are read through a `NodeSource`: the hash of the perfect subtree at (level, index), covering leaves
 * [index × 2^level, (index + 1) × 2^level). Every range the RFC's recursion visits starts at a multiple of its left
 * half's size, so its left halves are always such perfect subtrees and only the right edge is computed.
 */
export type NodeSource = (level: number, index: bigint) => Buffer;

// crypto.hash (Node >= 20.12) hashes in one call, several times cheaper than a Hash object for small inputs.
const oneShot = (crypto as unknown as { hash?: (algorithm: string, data: Buffer, encoding: 'buffer') => Buffer }).hash;
const sha256: (bytes: Buffer) => Buffer = oneShot
  ? (bytes) => oneShot('sha256', bytes, 'buffer')
  : (bytes) => crypto.createHash('sha256').update(bytes).digest();

export const EMPTY_TREE_ROOT = sha256(Buffer.alloc(0));

export function leafHash(leafInput: Buffer): Buffer {
  const bytes = Buffer.allocUnsafe(1 + leafInput.length);
  bytes[0] = 0x00;
  leafInput.copy(bytes, 1);
  return sha256(bytes);
}

export function nodeHash(left: Buffer, right: Buffer): Buffer {
  const bytes = Buffer.allocUnsafe(1 + left.length + right.length);
  bytes[0] = 0x01;
  left.copy(bytes, 1);
  right.copy(bytes, 1 + left.length);
  return sha256(bytes);
}

/** The largest power of two strictly below `size` (size ≥ 2): the RFC's split point. */
export function splitPoint(size: bigint): bigint {
  let split = 1n;
  while (split * 2n < size) split *= 2n;
  return split;
}

function levelOf(size: bigint): number | null {
  let level = 0;
  for (let power = 1n; power <= size; power *= 2n, level += 1) if (power === size) return level;
  return null;
}

/** MTH(D[start:end]) from the source's perfect subtrees. */
export function rangeHash(source: NodeSource, start: bigint, end: bigint): Buffer {
  const size = end - start;
  if (size <= 0n) return EMPTY_TREE_ROOT;
  const level = levelOf(size);
  if (level !== null && start % size === 0n) return source(level, start / size);
  const split = splitPoint(size);
  if (start % split !== 0n) throw new Error(`Range [${start}, ${end}) is not a range of the RFC 6962 tree`);
  return nodeHash(rangeHash(source, start, start + split), rangeHash(source, start + split, end));
}

/** PATH(m, D[n]) of RFC 6962 2.1.1: the audit path of leaf `leafIndex` (0-based) in the tree of `treeSize` leaves. */
export function inclusionProof(source: NodeSource, leafIndex: bigint, treeSize: bigint): Buffer[] {
  if (leafIndex < 0n || leafIndex >= treeSize)
    throw new RangeError(`Leaf ${leafIndex} is not in a tree of ${treeSize}`);
  const path: Buffer[] = [];
  let start = 0n;
  let end = treeSize;
  while (end - start > 1n) {
    const split = splitPoint(end - start);
    if (leafIndex < start + split) {
      path.push(rangeHash(source, start + split, end));
      end = start + split;
    } else {
      path.push(rangeHash(source, start, start + split));
      start += split;
    }
  }
  return path.reverse();
}

/** PROOF(m, D[n]) of RFC 6962 2.1.2: proves the tree of `oldSize` leaves is a prefix of the tree of `newSize`. */
export function consistencyProof(source: NodeSource, oldSize: bigint, newSize: bigint): Buffer[] {
  if (oldSize < 0n || oldSize > newSize) throw new RangeError(`No consistency from ${oldSize} to ${newSize}`);
  if (oldSize === 0n || oldSize === newSize) return [];
  const proof: Buffer[] = [];
  let start = 0n;
  let end = newSize;
  let old = oldSize;
  let complete = true;
  while (old !== end - start) {
    const split = splitPoint(end - start);
    if (old <= split) {
      proof.push(rangeHash(source, start + split, end));
      end = start + split;
    } else {
      proof.push(rangeHash(source, start, start + split));
      start += split;
      old -= split;
      complete = false;
    }
  }
  if (!complete) proof.push(rangeHash(source, start, end));
  return proof.reverse();
}

/** RFC 9162 2.1.3.2: does `path` lead from the leaf's hash to `root`? */
export function verifyInclusion(
  leafIndex: bigint,
  treeSize: bigint,
  leaf: Buffer,
  path: readonly Buffer[],
  root: Buffer,
): boolean {
  if (leafIndex < 0n || leafIndex >= treeSize) return false;
  let index = leafIndex;
  let last = treeSize - 1n;
  let hash = leaf;
  for (const sibling of path) {
    if (last === 0n) return false;
    if (index % 2n === 1n || index === last) {
      hash = nodeHash(sibling, hash);
      while (index % 2n === 0n && index !== 0n) {
        index >>= 1n;
        last >>= 1n;
      }
    } else {
      hash = nodeHash(hash, sibling);
    }
    index >>= 1n;
    last >>= 1n;
  }
  return last === 0n && hash.equals(root);
}

/** RFC 9162 2.1.4.2: does `proof` show the tree (oldSize, oldRoot) is a prefix of (newSize, newRoot)? */
export function verifyConsistency(
  oldSize: bigint,
  newSize: bigint,
  oldRoot: Buffer,
  newRoot: Buffer,
  proof: readonly Buffer[],
): boolean {
  if (oldSize < 0n || oldSize > newSize) return false;
  if (oldSize === newSize) return proof.length === 0 && oldRoot.equals(newRoot);
  // Every tree extends the empty one.
  if (oldSize === 0n) return proof.length === 0 && oldRoot.equals(EMPTY_TREE_ROOT);
  const hashes = levelOf(oldSize) !== null ? [oldRoot, ...proof] : [...proof];
  if (hashes.length === 0) return false;
  let index = oldSize - 1n;
  let last = newSize - 1n;
  while (index % 2n === 1n) {
    index >>= 1n;
    last >>= 1n;
  }
  let oldHash = hashes[0];
  let newHash = hashes[0];
  for (const hash of hashes.slice(1)) {
    if (last === 0n) return false;
    if (index % 2n === 1n || index === last) {
      oldHash = nodeHash(hash, oldHash);
      newHash = nodeHash(hash, newHash);
      while (index % 2n === 0n && index !== 0n) {
        index >>= 1n;
        last >>= 1n;
      }
    } else {
      newHash = nodeHash(newHash, hash);
    }
    index >>= 1n;
    last >>= 1n;
  }
  return last === 0n && oldHash.equals(oldRoot) && newHash.equals(newRoot);
}

/**
 * The tree's right edge while leaves are appended one by one (a compact range from 0): the roots of the perfect
 * subtrees that make up the tree so far, largest first. Each append reports the perfect subtrees it completes, so a
 * store can keep every node without ever reading the leaves again; the root folds the edge right to left.
 */
export class MerkleFrontier {
  private readonly edge: { level: number; hash: Buffer }[];

  constructor(
    private size: bigint,
    edge: readonly { level: number; hash: Buffer }[] = [],
  ) {
    this.edge = [...edge];
    const expected = frontierLevels(size);
    if (expected.length !== edge.length || expected.some((level, position) => edge[position].level !== level)) {
      throw new Error(`A frontier of ${size} leaves has subtrees at levels ${expected.join(', ')}`);
    }
  }

  get treeSize(): bigint {
    return this.size;
  }

  /** Appends one leaf hash; returns every node completed, the leaf itself first: { level, index, hash }. */
  append(leaf: Buffer): { level: number; index: bigint; hash: Buffer }[] {
    // Each node completed here ends with the new leaf, so its index at its level is the leaf's index shifted.
    const leafIndex = this.size;
    const completed = [{ level: 0, index: leafIndex, hash: leaf }];
    let current = { level: 0, hash: leaf };
    while (this.edge.length > 0 && this.edge[this.edge.length - 1].level === current.level) {
      const left = this.edge.pop()!;
      current = { level: current.level + 1, hash: nodeHash(left.hash, current.hash) };
      completed.push({ level: current.level, index: leafIndex >> BigInt(current.level), hash: current.hash });
    }
    this.edge.push(current);
    this.size += 1n;
    return completed;
  }

  root(): Buffer {
    if (this.edge.length === 0) return EMPTY_TREE_ROOT;
    let hash = this.edge[this.edge.length - 1].hash;
    for (let position = this.edge.length - 2; position >= 0; position -= 1)
      hash = nodeHash(this.edge[position].hash, hash);
    return hash;
  }
}

/** Levels of the perfect subtrees making up a tree of `size` leaves, largest first (the set bits of the size). */
export function frontierLevels(size: bigint): number[] {
  const levels: number[] = [];
  for (let level = 0; size >> BigInt(level) > 0n; level += 1) if ((size >> BigInt(level)) & 1n) levels.push(level);
  return levels.reverse();
}

/**
 * Index of the frontier subtree at `level` in a tree of `size` leaves (the subtrees before it fill the leaves to its
 * left).
 */
export function frontierIndex(size: bigint, level: number): bigint {
  return (size >> BigInt(level)) - 1n;
}
