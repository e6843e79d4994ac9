-- Up Migration

-- The fast append claims every stream of an append in one statement. When it claims fewer than all of them (a stale
-- head, a lost race), a multi-stream append must leave nothing behind: raising here aborts the whole statement, so
-- it can run in autocommit (one round trip) instead of BEGIN, statement, COMMIT. With raise_on_miss false it just
-- says whether to insert (one stream: claiming none and writing nothing is already all-or-nothing).
CREATE FUNCTION event_store_claimed_all(claimed bigint, expected bigint, raise_on_miss boolean) RETURNS boolean
LANGUAGE plpgsql AS $$
BEGIN
  IF claimed = expected THEN
    RETURN true;
  END IF;
  IF raise_on_miss THEN
    RAISE EXCEPTION 'fast append claimed % of % streams', claimed, expected USING ERRCODE = 'ES001';
  END IF;
  RETURN false;
END
$$;

-- Down Migration
DROP FUNCTION event_store_claimed_all(bigint, bigint, boolean);
