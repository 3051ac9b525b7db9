-- Where each projected click and exit sits in the event log. The same event can reach the log twice at
-- different offsets (a publish retried after an answer was lost); the batch deduplication tokens only
-- cover a re-sent offset range, so the projector looks a unit's event ids up here and skips any copy
-- whose event is already stored at another position. Ordered by event id: click and exit ids are
-- UUIDv7, so the recent ids a unit asks for sit together in the last granules.
CREATE TABLE IF NOT EXISTS event_positions (
  event_id String,
  log_partition UInt32,
  log_offset UInt64
) ENGINE = ReplacingMergeTree
ORDER BY (event_id, log_partition, log_offset)
SETTINGS non_replicated_deduplication_window = 1000;

-- Existing facts, copied in once while the table is still empty (before its views exist).
INSERT INTO event_positions
SELECT event_id, log_partition, log_offset
FROM (
  SELECT click_id AS event_id, log_partition, log_offset FROM clicks
  UNION ALL
  SELECT event_id, log_partition, log_offset FROM exits
)
WHERE (SELECT count() FROM event_positions) = 0;

CREATE MATERIALIZED VIEW IF NOT EXISTS event_positions_clicks_mv TO event_positions AS
SELECT click_id AS event_id, log_partition, log_offset FROM clicks;

CREATE MATERIALIZED VIEW IF NOT EXISTS event_positions_exits_mv TO event_positions AS
SELECT event_id, log_partition, log_offset FROM exits;
