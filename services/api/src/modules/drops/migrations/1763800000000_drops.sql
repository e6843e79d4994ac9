-- Up Migration

-- Which drop holds an application (applications live on their drop's stream). Written in the same transaction as the
-- DropApplicationReceived event, so an application id is resolvable the moment the apply request answers. The
-- unique pair is a second guard behind the decider's one-application-per-user rule.
CREATE TABLE drop_application_index (
  application_id text PRIMARY KEY,
  drop_id text NOT NULL,
  applicant_user_id text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (drop_id, applicant_user_id)
);

-- Down Migration
DROP TABLE drop_application_index;
