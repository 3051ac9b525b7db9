-- Rendered from services/core/src/analytics/migrations/0007_click_rollups_from_projector.sql by
-- services/core/src/analytics/render-cluster-ddl.ts: do not edit.

DROP VIEW IF EXISTS report_clicks_daily_mv ON CLUSTER '{cluster}';

DROP VIEW IF EXISTS report_variable_clicks_daily_mv ON CLUSTER '{cluster}';

DROP VIEW IF EXISTS report_audience_clicks_daily_mv ON CLUSTER '{cluster}';

INSERT INTO analytics_migrations (version, name) VALUES (7, 'click_rollups_from_projector');
