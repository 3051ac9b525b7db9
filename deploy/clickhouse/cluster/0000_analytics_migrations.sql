-- Rendered by services/core/src/analytics/render-cluster-ddl.ts: do not edit.
-- The versions applied, on every node alike (one replication path for all shards), so that `tracker migrate`
-- and every start see the cluster migrations below as applied and run none of the single-node DDL.

CREATE TABLE IF NOT EXISTS analytics_migrations ON CLUSTER '{cluster}' (
  version UInt32, name String, applied_at DateTime64(3, 'UTC') DEFAULT now64(3)
) ENGINE = ReplicatedReplacingMergeTree('/clickhouse/tables/all/{database}/analytics_migrations', '{shard}-{replica}')
ORDER BY version;
