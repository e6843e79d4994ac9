-- Up Migration

-- A write alongside an append (AppendAlongside: the caller's inline rows, a compare-and-set) runs in the append's own
-- statement; when it changed another number of rows than the caller expected, raising here aborts the whole
-- statement, events included, so the append can still run in autocommit (one round trip). ES002 tells it from a
-- missed stream claim (ES001).
CREATE FUNCTION event_store_alongside_wrote(written bigint, expected bigint) RETURNS boolean
LANGUAGE plpgsql AS $$
BEGIN
  IF written = expected THEN
    RETURN true;
  END IF;
  RAISE EXCEPTION 'a write beside the append changed % of % rows', written, expected USING ERRCODE = 'ES002';
END
$$;

-- Down Migration
DROP FUNCTION event_store_alongside_wrote(bigint, bigint);
