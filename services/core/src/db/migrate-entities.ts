// Applies the entity store's drizzle migrations (migrations/, meta/_journal.json) as drizzle's migrator does,
// in the same bookkeeping table, but says which migration and statement failed when one does.
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import type { Db } from './entities';

export class EntityMigrationError extends Error {
  override name = 'EntityMigrationError';
}

interface JournalEntry {
  tag: string;
  when: number;
}

/**
 * Every migration not yet applied (drizzle's rule: newer than the last one recorded in drizzle.__drizzle_migrations),
 * in ONE transaction, as drizzle's own migrator runs them: when one fails, none of this start's migrations stays
 * applied and the store is exactly as it was, so the previous version still runs on it. Hand-written only for the
 * error: drizzle's migrator throws the bare database error, without the file. Returns the tags applied now.
 */
export async function migrateEntities(db: Db, migrationsFolder: string): Promise<string[]> {
  const migrations = readMigrationFiles({ migrationsFolder });
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: JournalEntry[] };
  const tagOf = new Map(journal.entries.map((e) => [e.when, e.tag]));
  const applied: string[] = [];
  let pendingCount = 0;
  await db.transaction(async (tx) => {
    // Processes starting together (api, workers, projector on PostgreSQL) take turns: the next one finds them applied.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(7402)`);
    await tx.execute(sql`CREATE SCHEMA IF NOT EXISTS drizzle`);
    await tx.execute(sql`CREATE TABLE IF NOT EXISTS drizzle.__drizzle_migrations (id SERIAL PRIMARY KEY, hash text NOT NULL, created_at bigint)`);
    // node-postgres and PGlite both answer { rows }.
    const last = (await tx.execute(sql`SELECT created_at FROM drizzle.__drizzle_migrations ORDER BY created_at DESC LIMIT 1`)) as unknown as {
      rows: { created_at: string | number }[];
    };
    const lastAt = last.rows[0] ? Number(last.rows[0].created_at) : undefined;
    const pending = migrations.filter((m) => lastAt === undefined || lastAt < m.folderMillis);
    pendingCount = pending.length;
    for (const migration of pending) {
      const tag = tagOf.get(migration.folderMillis) ?? String(migration.folderMillis);
      for (const [i, statement] of migration.sql.entries()) {
        try {
          await tx.execute(sql.raw(statement));
        } catch (error) {
          // drizzle wraps the database's error ("Failed query: ..."): the cause says what went wrong.
          const cause = (error as Error).cause;
          const message = cause instanceof Error ? cause.message : (error as Error).message;
          throw new EntityMigrationError(
            `Entity migration ${tag} failed at statement ${i + 1} of ${migration.sql.length}: ${message}. ` +
              `Nothing of this upgrade was applied (${pendingCount} migration${pendingCount === 1 ? '' : 's'} rolled back): ` +
              'the entity store is as it was, and the previous version still runs on it.',
            { cause: error },
          );
        }
      }
      await tx.execute(sql`INSERT INTO drizzle.__drizzle_migrations ("hash", "created_at") VALUES (${migration.hash}, ${migration.folderMillis})`);
      applied.push(tag);
    }
  });
  return applied;
}
