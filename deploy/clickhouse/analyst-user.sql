-- The analysts' read-only user on a ClickHouse server: `tracker sql` with CLICKHOUSE_URL signs in as it, and so
-- can any SQL tool (docs/analytics.md). The server, not the client, keeps it read-only:
--   * its profile fixes readonly = 1 (CONST): no SET, no SETTINGS clause and no HTTP parameter turns it off, and
--     readonly = 1 refuses every INSERT, ALTER, DROP, CREATE, TRUNCATE, OPTIMIZE and SYSTEM statement;
--   * it is granted SELECT on the tracker database and nothing else. Without the SOURCES grants (READ ON FILE,
--     URL, S3, REMOTE, MYSQL, POSTGRES, ...) every table function that reaches outside the store fails, also
--     where a subquery's SETTINGS slip past the profile; without CREATE TEMPORARY TABLE so do executable(),
--     format(), loop() and the other functions that need one.
-- The profile also holds the four output settings the tracker's client sends with every query (OUTPUT_SETTINGS
-- in services/core/src/analytics/analytics.ts): readonly = 1 accepts a setting sent with the value it already has.
--
-- Run it once as a user with access management, with the password filled in (URL-safe, e.g. hex):
--   sed "s/__ANALYST_PASSWORD__/$(openssl rand -hex 24)/" deploy/clickhouse/analyst-user.sql \
--     | clickhouse-client --user tracker --password "$CLICKHOUSE_PASSWORD" --multiquery
-- On a cluster, add `ON CLUSTER tracker` after each name (or keep users in replicated access storage).

CREATE SETTINGS PROFILE IF NOT EXISTS tracker_analyst SETTINGS
  readonly = 1 CONST,
  allow_ddl = 0 CONST,
  allow_introspection_functions = 0 CONST,
  max_execution_time = 300,
  output_format_json_quote_64bit_integers = 0,
  output_format_json_quote_decimals = 1,
  output_format_decimal_trailing_zeros = 1,
  date_time_output_format = 'simple';

CREATE USER IF NOT EXISTS tracker_analyst
  IDENTIFIED WITH sha256_password BY '__ANALYST_PASSWORD__'
  DEFAULT DATABASE tracker
  SETTINGS PROFILE tracker_analyst;

GRANT SELECT ON tracker.* TO tracker_analyst;
