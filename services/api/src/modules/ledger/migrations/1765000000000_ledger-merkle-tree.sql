-- Up Migration

-- The Merkle tree of the log (RFC 6962 shape; see digests/merkle-log.ts), kept so that a digest costs only the events
-- appended since the last one and a proof costs O(log n) node reads. Rows are written once, in log order, and never
-- change: the tree is append-only like the log. It is derived data: dropped, it is rebuilt from the log.
-- The leaves: each event's leaf hash at its index (0-based, in the log's read order); the event id is what an
-- inclusion proof starts from.
CREATE TABLE ledger_merkle_leaves (
  leaf_index bigint PRIMARY KEY CHECK (leaf_index >= 0),
  event_id uuid NOT NULL UNIQUE,
  hash bytea NOT NULL CHECK (length(hash) = 32)
);

-- Every perfect subtree above the leaves: (level, node_index) covers leaves
-- [node_index × 2^level, (node_index + 1) × 2^level).
CREATE TABLE ledger_merkle_nodes (
  level smallint NOT NULL CHECK (level >= 1 AND level < 64),
  node_index bigint NOT NULL CHECK (node_index >= 0),
  hash bytea NOT NULL CHECK (length(hash) = 32),
  PRIMARY KEY (level, node_index)
);

-- How far the tree reaches: its size (leaves) and the log checkpoint of its last leaf, where the next sync resumes.
-- One row; a sync locks it, so two processes never append the same leaves.
CREATE TABLE ledger_merkle_head (
  singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton),
  tree_size bigint NOT NULL,
  transaction_id xid8 NOT NULL,
  position bigint NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
INSERT INTO ledger_merkle_head (tree_size, transaction_id, position) VALUES (0, '0', 0);

-- Down Migration
DROP TABLE ledger_merkle_head;
DROP TABLE ledger_merkle_leaves;
DROP TABLE ledger_merkle_nodes;
