-- Rendered from services/core/src/analytics/migrations/0004_event_positions_ttl.sql by
-- services/core/src/analytics/render-cluster-ddl.ts: do not edit.

ALTER TABLE event_positions_local ON CLUSTER '{cluster}' ADD COLUMN IF NOT EXISTS stored_at DateTime('UTC') DEFAULT now();

ALTER TABLE event_positions ON CLUSTER '{cluster}' ADD COLUMN IF NOT EXISTS stored_at DateTime('UTC') DEFAULT now();

ALTER TABLE event_positions_local ON CLUSTER '{cluster}' MODIFY TTL stored_at + INTERVAL 30 DAY;

INSERT INTO analytics_migrations (version, name) VALUES (4, 'event_positions_ttl');
