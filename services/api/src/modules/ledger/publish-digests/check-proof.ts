import { computeEventHash } from '@app/event-store';
import {
  ConsistencyProofSchema,
  InclusionProofSchema,
  SignedLedgerDigestSchema,
  type SignedLedgerDigest,
} from '@app/contracts/ledger';
import { leafHash, verifyConsistency, verifyInclusion } from './merkle-tree';
import { verifyDigestSignature } from './digest-signing';

export interface ProofCheck {
  valid: boolean;
  /** What was checked, one sentence a line; the last one says why it failed. */
  lines: string[];
}

export interface ProofCheckInput {
  /** The signed digest the auditor kept (parsed JSON). */
  digest: unknown;
  /** The auditor's trusted public key (PEM). */
  publicKeyPem: string;
  /** An inclusion or consistency proof as the API serves it (parsed JSON). */
  proof: unknown;
  /** For a consistency proof: the older signed digest. */
  olderDigest?: unknown;
}

function signedDigest(value: unknown, label: string, publicKeyPem: string, lines: string[]): SignedLedgerDigest | null {
  const parsed = SignedLedgerDigestSchema.safeParse(value);
  if (!parsed.success) {
    lines.push(
      `The ${label} is not a signed ledger digest: ` +
        `${parsed.error.issues[0]?.path.join('.')} ${parsed.error.issues[0]?.message}`,
    );
    return null;
  }
  const signature = verifyDigestSignature(parsed.data, publicKeyPem);
  if (!signature.valid) {
    lines.push(`The ${label} is refused: ${signature.reason}`);
    return null;
  }
  lines.push(
    `The ${label} (position ${parsed.data.position}, root ${parsed.data.root}) ` +
      `is signed by the trusted key ${parsed.data.key_id}`,
  );
  return parsed.data;
}

/**
 * `npm run ledger -- check-proof`: checks a proof offline, with nothing but the signed digest(s) and the public key.
 * The roots come from the signed digests, never from the proof; an inclusion proof's leaf is recomputed from the
 * event's content (the event store's hash format), so a changed event fails even if the proof names its old hash.
 */
export function checkProof(input: ProofCheckInput): ProofCheck {
  const lines: string[] = [];
  const digest = signedDigest(input.digest, 'digest', input.publicKeyPem, lines);
  if (!digest) return { valid: false, lines };
  const inclusion = InclusionProofSchema.safeParse(input.proof);
  if (inclusion.success) {
    const proof = inclusion.data;
    if (proof.position !== digest.position) {
      lines.push(`The proof is for the digest at ${proof.position}, not this one at ${digest.position}`);
      return { valid: false, lines };
    }
    const { event } = proof;
    const contentHash = computeEventHash({
      previousHash: event.previous_hash,
      streamId: event.stream_id,
      streamVersion: BigInt(event.stream_version),
      type: event.type,
      data: event.data,
      metadata: event.metadata,
    });
    const valid = verifyInclusion(
      BigInt(proof.leaf_index),
      BigInt(proof.position),
      leafHash(Buffer.from(contentHash, 'hex')),
      proof.path.map((hash) => Buffer.from(hash, 'hex')),
      Buffer.from(digest.root, 'hex'),
    );
    lines.push(
      valid
        ? `Event ${event.id} (${event.stream_id} version ${event.stream_version}) ` +
            `is the log's event ${proof.leaf_index + 1} in the digest at ${digest.position}: ` +
            `${proof.path.length} hashes checked`
        : `Event ${event.id} as given does not lead to the digest's root: the event, or history around it, ` +
            `differs from what the digest covers`,
    );
    return { valid, lines };
  }
  const consistency = ConsistencyProofSchema.safeParse(input.proof);
  if (!consistency.success) {
    lines.push('The proof is neither an inclusion proof nor a consistency proof');
    return { valid: false, lines };
  }
  const proof = consistency.data;
  const older = signedDigest(input.olderDigest, 'older digest', input.publicKeyPem, lines);
  if (!older) {
    if (input.olderDigest === undefined) lines.push('A consistency proof needs the older digest (--older-digest)');
    return { valid: false, lines };
  }
  if (proof.from !== older.position || proof.to !== digest.position) {
    lines.push(
      `The proof goes from ${proof.from} to ${proof.to}, the digests are at ${older.position} and ${digest.position}`,
    );
    return { valid: false, lines };
  }
  const valid = verifyConsistency(
    BigInt(older.position),
    BigInt(digest.position),
    Buffer.from(older.root, 'hex'),
    Buffer.from(digest.root, 'hex'),
    proof.proof.map((hash) => Buffer.from(hash, 'hex')),
  );
  lines.push(
    valid
      ? `The digest at ${older.position} is a prefix of the digest at ${digest.position}: ` +
          `${proof.proof.length} hashes checked`
      : `The digest at ${older.position} is NOT a prefix of the digest at ${digest.position}: history before ` +
          `position ${older.position} changed`,
  );
  return { valid, lines };
}
