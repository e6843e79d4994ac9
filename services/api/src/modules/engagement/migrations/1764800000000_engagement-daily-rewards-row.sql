-- Up Migration

-- A user's UTC day of engagement rewards (quick-action points, capped a day; external moves, counted a day) as an
-- inline row, decided on and written with the action's events. It was a stream (`engagement-daily-<user>-<day>`) of
-- one DailyRewardCounted event per rewarded action: a third event per like that only repeated what the action's own
-- event and the ledger's posting already record. Written only from the values it was read with (see
-- infrastructure/daily-rewards.ts), so writers in two processes conflict as two appends at one version do.
CREATE TABLE engagement_daily_rewards (
  user_id text NOT NULL,
  day text NOT NULL,
  points_minor bigint NOT NULL CHECK (points_minor >= 0),
  external_moves integer NOT NULL CHECK (external_moves >= 0),
  PRIMARY KEY (user_id, day)
);

-- The days recorded as streams: each event holds its increments, so a day is their sum.
INSERT INTO engagement_daily_rewards (user_id, day, points_minor, external_moves)
SELECT data->>'userId', data->>'day', sum((data->>'pointsMinor')::bigint), sum((data->>'externalMoves')::int)
  FROM events
 WHERE type = 'DailyRewardCounted'
 GROUP BY 1, 2;

