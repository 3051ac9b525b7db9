-- Rendered from services/core/src/analytics/migrations/0003_event_positions.sql by
-- services/core/src/analytics/render-cluster-ddl.ts: do not edit.

CREATE TABLE IF NOT EXISTS event_positions_local ON CLUSTER '{cluster}' (
  event_id String,
  log_partition UInt32,
  log_offset UInt64
) ENGINE = ReplicatedReplacingMergeTree('/clickhouse/tables/{shard}/{database}/{table}', '{replica}')
ORDER BY (event_id, log_partition, log_offset)
SETTINGS replicated_deduplication_window = 1000;

CREATE TABLE IF NOT EXISTS event_positions ON CLUSTER '{cluster}' AS event_positions_local
ENGINE = Distributed('{cluster}', currentDatabase(), event_positions_local, cityHash64(event_id));

CREATE MATERIALIZED VIEW IF NOT EXISTS event_positions_clicks_mv ON CLUSTER '{cluster}' TO event_positions_local AS
SELECT click_id AS event_id, log_partition, log_offset FROM clicks_local;

CREATE MATERIALIZED VIEW IF NOT EXISTS event_positions_exits_mv ON CLUSTER '{cluster}' TO event_positions_local AS
SELECT event_id, log_partition, log_offset FROM exits_local;

INSERT INTO analytics_migrations (version, name) VALUES (3, 'event_positions');
