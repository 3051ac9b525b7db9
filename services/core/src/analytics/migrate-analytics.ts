// Versioned ClickHouse DDL: `NNNN_name.sql` files applied in order, each once, recorded in
// `analytics_migrations`. Statements must be idempotent (IF NOT EXISTS): two processes may race.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Analytics } from './analytics';

export const analyticsMigrationsDir = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  'migrations',
);

export interface AnalyticsMigration {
  version: number;
  name: string;
  statements: string[];
}

/** Splits a migration file on semicolons that end a line; `--` comment lines are dropped. */
export function parseMigration(fileName: string, text: string): AnalyticsMigration {
  const match = /^(\d+)_(.+)\.sql$/.exec(fileName);
  if (!match) throw new Error(`Analytics migration file name must be NNNN_name.sql: ${fileName}`);
  const body = text
    .split('\n')
    .filter((line) => !line.trim().startsWith('--'))
    .join('\n');
  const statements = body
    .split(/;\s*(?:\n|$)/)
    .map((s) => s.trim())
    .filter(Boolean);
  return { version: Number(match[1]), name: match[2]!, statements };
}

export function readMigrations(dir: string): AnalyticsMigration[] {
  if (!fs.existsSync(dir)) return [];
  const migrations = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.sql'))
    .map((f) => parseMigration(f, fs.readFileSync(path.join(dir, f), 'utf8')))
    .sort((a, b) => a.version - b.version);
  for (let i = 1; i < migrations.length; i++) {
    if (migrations[i]!.version === migrations[i - 1]!.version) {
      throw new Error(`Two analytics migrations share version ${migrations[i]!.version}`);
    }
  }
  return migrations;
}

/** Applies the migrations not yet recorded; returns the versions applied now. */
export async function migrateAnalytics(
  analytics: Analytics,
  migrations: AnalyticsMigration[] = readMigrations(analyticsMigrationsDir),
): Promise<number[]> {
  await analytics.exec(
    `CREATE TABLE IF NOT EXISTS analytics_migrations (
       version UInt32, name String, applied_at DateTime64(3, 'UTC') DEFAULT now64(3)
     ) ENGINE = ReplacingMergeTree ORDER BY version`,
  );
  const done = new Set(
    (await analytics.query<{ version: number }>('SELECT DISTINCT version FROM analytics_migrations')).map(
      (r) => Number(r.version),
    ),
  );
  const applied: number[] = [];
  for (const migration of migrations) {
    if (done.has(migration.version)) continue;
    for (const [i, statement] of migration.statements.entries()) {
      try {
        await analytics.exec(statement);
      } catch (error) {
        // ClickHouse DDL has no transactions: the statements before this one stay. Each is idempotent, and the
        // migration is recorded only when all have run, so the next start runs it again from its first statement.
        throw new Error(
          `Analytics migration ${migration.version}_${migration.name} failed at statement ${i + 1} of ${migration.statements.length}: ` +
            `${(error as Error).message}. Migrations before it are applied; fix the cause and start again to resume from this one.`,
          { cause: error },
        );
      }
    }
    await analytics.insert('analytics_migrations', [{ version: migration.version, name: migration.name }], {
      dedupToken: `migration-${migration.version}`,
    });
    applied.push(migration.version);
  }
  return applied;
}
