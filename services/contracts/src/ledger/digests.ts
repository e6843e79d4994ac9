import { z } from 'zod';
import { defineRoute } from '../http/route';

/**
 * Auditor digests: the root of the Merkle tree (RFC 6962 / 9162 shape) over the log's first `position` events, in
 * the log's read order. An auditor keeps signed digests outside the system; a later history that differs before
 * `position` no longer reproduces the root, and proofs show one event, or an older digest, inside a newer one.
 */
const sha256Hex = z.string().regex(/^[0-9a-f]{64}$/, 'must be 64 lower-case hex digits');
const treePosition = (label: string) =>
  z.coerce
    .number({ message: `${label} must be a whole number` })
    .int(`${label} must be a whole number`)
    .min(0, `${label} must be at least 0`)
    .max(Number.MAX_SAFE_INTEGER);

export const LedgerDigestSchema = z.object({
  /** Events the digest covers (the tree's size): the log's first `position` events. */
  position: z.number().int().min(0),
  /** The Merkle root, hex. */
  root: sha256Hex,
  at: z.iso.datetime({ offset: true }),
});
export type LedgerDigest = z.infer<typeof LedgerDigestSchema>;

/**
 * A digest the job recorded, signed with the ledger's Ed25519 digest key over `ledger-digest/v1` text (see the README).
 */
export const SignedLedgerDigestSchema = LedgerDigestSchema.extend({
  algorithm: z.literal('Ed25519'),
  /** First 16 hex digits of SHA-256 over the public key (SPKI, DER): which key signed. */
  key_id: z.string().regex(/^[0-9a-f]{16}$/),
  /** Base64 Ed25519 signature. */
  signature: z.string().min(1),
});
export type SignedLedgerDigest = z.infer<typeof SignedLedgerDigestSchema>;

export const RecordedDigestsQuerySchema = z.object({
  limit: z.coerce
    .number()
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(500, 'limit must be at most 500')
    .default(50),
});
export const RecordedDigestsResponseSchema = z.object({
  /** Newest first. */
  digests: z.array(SignedLedgerDigestSchema.extend({ recorded_at: z.iso.datetime({ offset: true }) })),
  /** The public key that verifies them (PEM, SPKI), and its id. */
  public_key: z.string(),
  key_id: z.string(),
});
export type RecordedDigests = z.infer<typeof RecordedDigestsResponseSchema>;

/** Without `to`, the tree as it is now; without `from`, the empty tree. */
export const ConsistencyProofQuerySchema = z
  .object({ from: treePosition('from').default(0), to: treePosition('to').optional() })
  .refine((query) => query.to === undefined || query.from <= query.to, {
    message: 'from must not be after to',
    path: ['from'],
  });
export const ConsistencyProofSchema = z.object({
  from: z.number().int().min(0),
  to: z.number().int().min(0),
  from_root: sha256Hex,
  to_root: sha256Hex,
  /** RFC 9162 2.1.4 consistency proof, hex hashes. */
  proof: z.array(sha256Hex),
});
export type ConsistencyProof = z.infer<typeof ConsistencyProofSchema>;

export const InclusionProofQuerySchema = z.object({
  /** The event to prove; without it, the digest's last event. */
  event_id: z.uuid('event_id must be an event id (UUID)').optional(),
  /** The digest's position (tree size) the event is proved to be in; without it, the tree as it is now. */
  position: treePosition('position').optional(),
});
/** The event as stored, with what its chain hash is computed from (the event store's hash format, `event-store/v1`). */
export const ProvedEventSchema = z.object({
  id: z.string(),
  stream_id: z.string(),
  stream_version: z.string(),
  type: z.string(),
  data: z.unknown(),
  metadata: z.record(z.string(), z.unknown()),
  previous_hash: sha256Hex,
  hash: sha256Hex,
  recorded_at: z.string(),
});
export const InclusionProofSchema = z.object({
  event_id: z.string(),
  /** 0-based index of the event's leaf: the event is the log's (leaf_index + 1)-th. */
  leaf_index: z.number().int().min(0),
  position: z.number().int().min(1),
  root: sha256Hex,
  /** RFC 9162 2.1.3 audit path, hex hashes. */
  path: z.array(sha256Hex),
  event: ProvedEventSchema,
});
export type InclusionProof = z.infer<typeof InclusionProofSchema>;

export const getLedgerDigestRoute = /*#__PURE__*/ defineRoute({
  method: 'get',
  path: '/api/admin/ledger/digest',
  summary:
    "The current digest: the Merkle root over the log's committed events up to now ({ position, root, at }), unsigned",
  tags: ['ledger-admin'],
  responses: { 200: LedgerDigestSchema },
});

export const listLedgerDigestsRoute = /*#__PURE__*/ defineRoute({
  method: 'get',
  path: '/api/admin/ledger/digests',
  summary: 'Digests the job recorded (signed, newest first) and the public key that verifies them',
  tags: ['ledger-admin'],
  request: { query: RecordedDigestsQuerySchema },
  responses: { 200: RecordedDigestsResponseSchema },
  errors: { 400: 'limit out of range (`VALIDATION_ERROR`)' },
});

export const recordLedgerDigestRoute = /*#__PURE__*/ defineRoute({
  method: 'post',
  path: '/api/admin/ledger/digests',
  summary: 'Records a signed digest now (the job does so periodically), as an event of the ledger-digests stream',
  tags: ['ledger-admin'],
  responses: { 201: SignedLedgerDigestSchema },
});

export const ledgerConsistencyProofRoute = /*#__PURE__*/ defineRoute({
  method: 'get',
  path: '/api/admin/ledger/proofs/consistency',
  summary:
    'Proves the digest at `from` is a prefix of the digest at `to` (RFC 9162 consistency proof, O(log n) hashes)',
  tags: ['ledger-admin'],
  request: { query: ConsistencyProofQuerySchema },
  responses: { 200: ConsistencyProofSchema },
  errors: {
    400: 'from or to not a whole number, from after to (`VALIDATION_ERROR`)',
    422: 'to is beyond the tree (`DIGEST_POSITION_NOT_REACHED`)',
  },
});

export const ledgerInclusionProofRoute = /*#__PURE__*/ defineRoute({
  method: 'get',
  path: '/api/admin/ledger/proofs/inclusion',
  summary:
    'Proves one event is in the history of the digest at `position` (RFC 9162 audit path, O(log n) hashes), ' +
    'with the event',
  tags: ['ledger-admin'],
  request: { query: InclusionProofQuerySchema },
  responses: { 200: InclusionProofSchema },
  errors: {
    400: 'event_id not a UUID or position not a whole number (`VALIDATION_ERROR`)',
    404: 'No event with that id in the tree (`EVENT_NOT_IN_TREE`)',
    422: 'The event comes after the digest, or the position is beyond the tree (`DIGEST_POSITION_NOT_REACHED`)',
  },
});
