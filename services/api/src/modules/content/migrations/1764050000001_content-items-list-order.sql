-- Up Migration

-- The list's keyset order over every item, not only the active ones. The list filters
-- `status NOT IN ('archived', 'deleted')` on this index instead of using the partial `content_items_active_created`:
-- without column statistics (autovacuum off, or a table just filled) the planner guesses `status = 'active'` keeps
-- 0.5 % of the rows, so a cursor page looked like a dozen rows and it read every older item by bitmap and sorted
-- them (9,500 rows, ~8 ms at 10,000 items) instead of walking the index for 21. `NOT IN` is guessed to keep nearly
-- all rows, so the walk is chosen with or without statistics.
CREATE INDEX content_items_created ON content_items (created_at DESC, content_id DESC);

-- Down Migration
DROP INDEX content_items_created;
