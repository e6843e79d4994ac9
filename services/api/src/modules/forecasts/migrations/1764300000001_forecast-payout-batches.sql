-- The payout batches of settlements (inline, written with each batch's `PayoutBatchPaid` on its own stream): finishing a
-- settlement counts them in its unit of work; `unpaid` lists payouts the ledger refused (left in the escrow).
CREATE TABLE forecast_payout_batches (
  forecast_id text NOT NULL,
  batch_index integer NOT NULL,
  user_count integer NOT NULL,
  paid_minor bigint NOT NULL,
  unpaid jsonb NOT NULL,
  paid_at timestamptz NOT NULL,
  PRIMARY KEY (forecast_id, batch_index)
);
