// Upgrade tests: a copy of the entity migrations folder cut at an earlier migration (the schema an older
// version left), or with one more migration appended, for migrateEntities to run as a start-up would.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { entityMigrationsFolder } from '../db/entities';
import { migrateEntities } from '../db/migrate-entities';
import * as schema from '../db/schema';

interface JournalEntry {
  idx: number;
  version: string;
  when: number;
  tag: string;
  breakpoints: boolean;
}

export interface MigrationFolderOptions {
  /** The last migration kept (its tag, e.g. '0010_companies_case_insensitive'); later ones are left out. */
  upTo?: string;
  /** A migration added after the kept ones. */
  extra?: { tag: string; sql: string };
}

/** Writes the folder under `dir` and returns it. */
export function copyEntityMigrations(dir: string, options: MigrationFolderOptions): string {
  const source = entityMigrationsFolder();
  const journal = JSON.parse(fs.readFileSync(path.join(source, 'meta', '_journal.json'), 'utf8')) as { entries: JournalEntry[] };
  let entries = journal.entries;
  if (options.upTo !== undefined) {
    const last = entries.findIndex((e) => e.tag === options.upTo);
    if (last < 0) throw new Error(`No entity migration ${options.upTo}`);
    entries = entries.slice(0, last + 1);
  }
  fs.mkdirSync(path.join(dir, 'meta'), { recursive: true });
  for (const e of entries) fs.copyFileSync(path.join(source, `${e.tag}.sql`), path.join(dir, `${e.tag}.sql`));
  if (options.extra) {
    const previous = entries[entries.length - 1]!;
    entries = [...entries, { ...previous, idx: previous.idx + 1, when: previous.when + 1, tag: options.extra.tag }];
    fs.writeFileSync(path.join(dir, `${options.extra.tag}.sql`), options.extra.sql);
  }
  fs.writeFileSync(path.join(dir, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries }, null, 2));
  return dir;
}

/** A PGlite entity store in `pgliteDir` as an older version left it: migrated up to `upTo`, then `seedSql` run on it. */
export async function writeEarlierEntityStore(pgliteDir: string, upTo: string, seedSql: string): Promise<void> {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'tracker-earlier-migrations-'));
  const client = new PGlite(pgliteDir);
  try {
    await migrateEntities(drizzle(client, { schema, casing: 'snake_case' }), copyEntityMigrations(folder, { upTo }));
    await client.exec(seedSql);
  } finally {
    await client.close();
    fs.rmSync(folder, { recursive: true, force: true });
  }
}
