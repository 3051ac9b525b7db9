-- The click rollups (report_clicks_daily, report_variable_clicks_daily) are written by the projector from
-- now on, summed per unit in JavaScript (services/core/src/analytics/click-rollups.ts), not by views: the
-- views spent more of chDB's CPU than the raw click insert itself (the variable views turn each click into
-- 11 rows before grouping). The tables, their rows and every report reading them stay as they are.
-- Upgrade with the projector stopped, as 0002 asks: a click inserted after this and before the new
-- projector starts would reach no rollup. Exits and conversions keep their views.

DROP VIEW IF EXISTS report_clicks_daily_mv;

DROP VIEW IF EXISTS report_variable_clicks_daily_mv;

DROP VIEW IF EXISTS report_audience_clicks_daily_mv;
