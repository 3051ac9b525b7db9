// The cluster variant of the analytics migrations (deploy/clickhouse/cluster/): each table becomes a
// Replicated*MergeTree `<name>_local` on every shard plus a Distributed `<name>` over them, all ON CLUSTER.
// Run `npx tsx services/core/src/analytics/render-cluster-ddl.ts` after adding a migration; a test fails until then.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { analyticsMigrationsDir, readMigrations, type AnalyticsMigration } from './migrate-analytics';

export const clusterDdlDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../deploy/clickhouse/cluster');

const ON_CLUSTER = "ON CLUSTER '{cluster}'";
/** Replication path per shard, and replica name, from each server's macros (`<macros>` in its config). */
const REPLICATED_ARGS = "'/clickhouse/tables/{shard}/{database}/{table}', '{replica}'";

/**
 * How rows are spread over shards, per table the projector or recordSpend writes through its Distributed table.
 * A raw fact goes to the shard of its click, so ReplacingMergeTree folds a replayed event on the shard that holds
 * the first copy, and a click's exits and conversions sit beside it. The click rollups are inserted by the
 * projector through their Distributed tables, on any shard (a report sums over all); the other rollups and
 * event_positions are filled by materialized views on the shard that took the raw row.
 */
export const SHARDING_KEYS: Record<string, string> = {
  clicks: 'cityHash64(click_id)',
  click_index: 'cityHash64(click_id)',
  exits: 'cityHash64(click_id)',
  conversions: 'cityHash64(click_id)',
  spend: 'cityHash64(date, tiktok_campaign_id)',
  ad_spend: 'cityHash64(advertiser_id, advertiser_day)',
  event_positions: 'cityHash64(event_id)',
  report_clicks_daily: 'rand()',
  report_variable_clicks_daily: 'rand()',
  report_conversions_15m: 'rand()',
  report_variable_conversions_15m: 'rand()',
  report_exits_15m: 'rand()',
  report_exits_daily: 'rand()',
  report_variable_exits_daily: 'rand()',
};

const CREATE_TABLE = /^CREATE TABLE IF NOT EXISTS (\w+) \(([\s\S]*)\n\) ENGINE = (\w*)MergeTree(?:\(([^)]*)\))?([\s\S]*)$/;
const CREATE_MATERIALIZED_VIEW = /^CREATE MATERIALIZED VIEW IF NOT EXISTS (\w+) TO (\w+) AS\n([\s\S]*)$/;
const CREATE_VIEW = /^CREATE VIEW IF NOT EXISTS (\w+) AS\n([\s\S]*)$/;
const MODIFY_QUERY = /^ALTER TABLE (\w+) MODIFY QUERY\n([\s\S]*)$/;
const ALTER_TABLE = /^ALTER TABLE (\w+) ([\s\S]*)$/;
const DROP_VIEW = /^DROP VIEW IF EXISTS (\w+)$/;

function renderTable(name: string, columns: string, kind: string, args: string | undefined, rest: string): string[] {
  const key = SHARDING_KEYS[name];
  if (!key) throw new Error(`Table ${name} has no sharding key: add it to SHARDING_KEYS in render-cluster-ddl.ts`);
  const settings = rest.replace(/non_replicated_deduplication_window/g, 'replicated_deduplication_window');
  return [
    `CREATE TABLE IF NOT EXISTS ${name}_local ${ON_CLUSTER} (${columns}\n) ENGINE = Replicated${kind}MergeTree(${REPLICATED_ARGS}${args ? `, ${args}` : ''})${settings}`,
    `CREATE TABLE IF NOT EXISTS ${name} ${ON_CLUSTER} AS ${name}_local\nENGINE = Distributed('{cluster}', currentDatabase(), ${name}_local, ${key})`,
  ];
}

/** A view's query over the local tables of the shard it runs on. */
const localSelect = (select: string, tables: Set<string>) =>
  select.replace(/\bFROM (\w+)\b/g, (match, table: string) => (tables.has(table) ? `FROM ${table}_local` : match));

/** A materialized view sees the inserts of the shard it runs on: it reads and writes the local tables. */
function renderMaterializedView(name: string, target: string, select: string, tables: Set<string>): string {
  return `CREATE MATERIALIZED VIEW IF NOT EXISTS ${name} ${ON_CLUSTER} TO ${target}_local AS\n${localSelect(select, tables)}`;
}

function renderAlter(table: string, change: string): string[] {
  const local = `ALTER TABLE ${table}_local ${ON_CLUSTER} ${change}`;
  // The Distributed table has the columns of the local one; a TTL or a setting belongs to the local one alone.
  return /^ADD COLUMN\b/.test(change) ? [local, `ALTER TABLE ${table} ${ON_CLUSTER} ${change}`] : [local];
}

export interface ClusterDdlFile {
  fileName: string;
  text: string;
}

const MIGRATIONS_TABLE: ClusterDdlFile = {
  fileName: '0000_analytics_migrations.sql',
  text: [
    '-- Rendered by services/core/src/analytics/render-cluster-ddl.ts: do not edit.',
    '-- The versions applied, on every node alike (one replication path for all shards), so that `tracker migrate`',
    '-- and every start see the cluster migrations below as applied and run none of the single-node DDL.',
    '',
    `CREATE TABLE IF NOT EXISTS analytics_migrations ${ON_CLUSTER} (`,
    "  version UInt32, name String, applied_at DateTime64(3, 'UTC') DEFAULT now64(3)",
    ") ENGINE = ReplicatedReplacingMergeTree('/clickhouse/tables/all/{database}/analytics_migrations', '{shard}-{replica}')",
    'ORDER BY version;',
    '',
  ].join('\n'),
};

/** The cluster DDL: one file per migration, in the same order, each recording its version when applied. */
export function renderClusterDdl(migrations: AnalyticsMigration[]): ClusterDdlFile[] {
  const tables = new Set<string>();
  const files = [MIGRATIONS_TABLE];
  for (const migration of migrations) {
    const statements: string[] = [];
    for (const statement of migration.statements) {
      let m: RegExpExecArray | null;
      if ((m = CREATE_TABLE.exec(statement))) {
        tables.add(m[1]!);
        statements.push(...renderTable(m[1]!, m[2]!, m[3]!, m[4], m[5]!));
      } else if ((m = CREATE_MATERIALIZED_VIEW.exec(statement))) {
        statements.push(renderMaterializedView(m[1]!, m[2]!, m[3]!, tables));
      } else if ((m = CREATE_VIEW.exec(statement))) {
        statements.push(`CREATE VIEW IF NOT EXISTS ${m[1]} ${ON_CLUSTER} AS\n${m[2]}`);
      } else if ((m = DROP_VIEW.exec(statement))) {
        statements.push(`DROP VIEW IF EXISTS ${m[1]} ${ON_CLUSTER}`);
      } else if ((m = MODIFY_QUERY.exec(statement))) {
        // A materialized view keeps its name on the cluster (only tables get a _local twin) and reads the local tables.
        statements.push(`ALTER TABLE ${m[1]} ${ON_CLUSTER} MODIFY QUERY\n${localSelect(m[2]!, tables)}`);
      } else if ((m = ALTER_TABLE.exec(statement))) {
        statements.push(...renderAlter(m[1]!, m[2]!));
      } else if (/^INSERT INTO \w+\s+SELECT\b/.test(statement)) {
        // A backfill of a rollup from existing facts: a new cluster has none (see deploy/ops.md for moving a store).
        continue;
      } else {
        throw new Error(`Migration ${migration.version}_${migration.name}: no cluster form for the statement\n${statement}`);
      }
    }
    statements.push(`INSERT INTO analytics_migrations (version, name) VALUES (${migration.version}, '${migration.name}')`);
    files.push({
      fileName: `${String(migration.version).padStart(4, '0')}_${migration.name}.sql`,
      text: [
        `-- Rendered from services/core/src/analytics/migrations/${String(migration.version).padStart(4, '0')}_${migration.name}.sql by`,
        '-- services/core/src/analytics/render-cluster-ddl.ts: do not edit.',
        '',
        ...statements.map((s) => `${s};\n`),
      ].join('\n'),
    });
  }
  return files;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  fs.rmSync(clusterDdlDir, { recursive: true, force: true });
  fs.mkdirSync(clusterDdlDir, { recursive: true });
  for (const file of renderClusterDdl(readMigrations(analyticsMigrationsDir))) {
    fs.writeFileSync(path.join(clusterDdlDir, file.fileName), file.text);
  }
  process.stdout.write(`Cluster DDL written to ${path.relative(process.cwd(), clusterDdlDir)}\n`);
}
