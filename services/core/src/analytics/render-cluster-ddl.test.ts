// The cluster DDL in deploy/clickhouse/cluster/ is the single-node migrations rendered, never hand-edited: it
// matches the renderer's output, covers every table and view of the migrations, and ClickHouse parses it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from '@jest/globals';
import { openChdbAnalytics } from './chdb-analytics';
import { analyticsMigrationsDir, parseMigration, readMigrations } from './migrate-analytics';
import { clusterDdlDir, renderClusterDdl } from './render-cluster-ddl';

const migrations = readMigrations(analyticsMigrationsDir);
const rendered = renderClusterDdl(migrations);
const statements = rendered.flatMap((file) => parseMigration(file.fileName, file.text).statements);
const created = (kind: RegExp) =>
  migrations.flatMap((m) => m.statements).flatMap((s) => [...s.matchAll(new RegExp(`^CREATE ${kind.source} IF NOT EXISTS (\\w+)`, 'g'))].map((m) => m[1]!));

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tracker-cluster-ddl-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('the cluster DDL in deploy/clickhouse/cluster', () => {
  test('is what the renderer makes of the migrations now (run render-cluster-ddl.ts after changing one)', () => {
    const committed = fs.readdirSync(clusterDdlDir).sort();
    expect(committed).toEqual(rendered.map((f) => f.fileName));
    for (const file of rendered) expect(fs.readFileSync(path.join(clusterDdlDir, file.fileName), 'utf8')).toBe(file.text);
  });

  test.each(created(/TABLE/))('table %s: replicated on every shard, distributed under its own name', (table) => {
    expect(statements).toContainEqual(
      expect.stringMatching(new RegExp(`^CREATE TABLE IF NOT EXISTS ${table}_local ON CLUSTER '\\{cluster\\}' \\([\\s\\S]*\\) ENGINE = Replicated\\w*MergeTree\\(`)),
    );
    expect(statements).toContainEqual(
      expect.stringMatching(new RegExp(`^CREATE TABLE IF NOT EXISTS ${table} ON CLUSTER '\\{cluster\\}' AS ${table}_local\\nENGINE = Distributed\\(`)),
    );
  });

  test.each(created(/MATERIALIZED VIEW/))('materialized view %s: on every shard, from and into local tables', (view) => {
    const statement = statements.find((s) => s.startsWith(`CREATE MATERIALIZED VIEW IF NOT EXISTS ${view} ON CLUSTER`));
    expect(statement).toMatch(/ TO \w+_local AS\n/);
    expect(statement).toMatch(/\bFROM \w+_local\b/);
  });

  test.each(created(/VIEW/))('view %s exists on every node', (view) => {
    expect(statements).toContainEqual(expect.stringMatching(new RegExp(`^CREATE VIEW IF NOT EXISTS ${view} ON CLUSTER`)));
  });

  test('every migration records its version, so `tracker migrate` runs no single-node DDL on the cluster', () => {
    for (const m of migrations) expect(statements).toContain(`INSERT INTO analytics_migrations (version, name) VALUES (${m.version}, '${m.name}')`);
  });

  test("a materialized view's query changed in place keeps the view's name and reads the local tables", () => {
    const [clicks, changed] = [
      parseMigration('0098_t.sql', 'CREATE TABLE IF NOT EXISTS clicks (x UInt8\n) ENGINE = MergeTree ORDER BY x;'),
      parseMigration('0099_q.sql', 'ALTER TABLE click_index_mv MODIFY QUERY\nSELECT x FROM clicks;'),
    ];
    const [, , view] = renderClusterDdl([clicks!, changed!]).map((f) => parseMigration(f.fileName, f.text).statements);
    expect(view![0]).toBe("ALTER TABLE click_index_mv ON CLUSTER '{cluster}' MODIFY QUERY\nSELECT x FROM clicks_local");
  });

  test('a table without a sharding key is refused, so a new migration cannot drift from the cluster DDL', () => {
    const newTable = parseMigration('0099_new.sql', 'CREATE TABLE IF NOT EXISTS brand_new (x UInt8\n) ENGINE = MergeTree ORDER BY x;');
    expect(() => renderClusterDdl([newTable])).toThrow(/brand_new has no sharding key/);
  });

  test('ClickHouse parses every statement', async () => {
    const analytics = await openChdbAnalytics(dir);
    try {
      for (const sql of statements) {
        await expect(analytics.query('SELECT formatQuery({sql:String}) AS text', { sql })).resolves.toHaveLength(1);
      }
    } finally {
      await analytics.close();
    }
  });
});
