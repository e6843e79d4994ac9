-- Which advertiser a paid plan session belongs to, written with its PlanPaymentApplied: a refund event names only the
-- session, and the reactor finds the subscription here.
CREATE TABLE IF NOT EXISTS subscription_payments (
  session_id text PRIMARY KEY,
  user_id text NOT NULL
);
