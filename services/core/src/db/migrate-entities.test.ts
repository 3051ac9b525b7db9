// An upgrade whose entity migration fails leaves the store as it was (every migration of that start rolled
// back, the rows untouched) and names the migration and statement; once fixed, the same start applies them all.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { entityMigrationsFolder, type Db } from './entities';
import { EntityMigrationError, migrateEntities } from './migrate-entities';
import * as schema from './schema';
import { copyEntityMigrations } from '../testing/entity-migration-folders';
import { describeWithRealEngine } from '../testing/real-engines';
import { createTemporaryDatabase } from '../testing/temporary-database';

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'tracker-entity-migrations-'));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

/** The real migrations up to 0010, and the real ones with a broken 0099 of two statements after them. */
const earlier = copyEntityMigrations(path.join(work, 'earlier'), { upTo: '0010_companies_case_insensitive' });
const broken = copyEntityMigrations(path.join(work, 'broken'), {
  extra: {
    tag: '0099_broken',
    sql: 'ALTER TABLE "campaigns" ADD COLUMN "upgrade_probe" text;--> statement-breakpoint\nALTER TABLE "no_such_table" ADD COLUMN "x" integer;',
  },
});
const journalLength = (JSON.parse(fs.readFileSync(path.join(entityMigrationsFolder(), 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] }).entries.length;

interface Engine {
  db: Db;
  rows<T>(sql: string): Promise<T[]>;
  close(): Promise<void>;
}

function failingMigrationContract(open: () => Promise<Engine>) {
  let engine: Engine;

  beforeAll(async () => {
    engine = await open();
    expect(await migrateEntities(engine.db, earlier)).toHaveLength(11);
    await engine.rows(`INSERT INTO offers (name, url) VALUES ('Offer A', 'https://offer.example/a')`);
    await engine.rows(`INSERT INTO campaigns (id, name, offer_id) VALUES ('cmp1', 'Spring', 1)`);
  });
  afterAll(() => engine?.close());

  test('names the migration and statement, and nothing of the upgrade stays applied', async () => {
    const attempt = migrateEntities(engine.db, broken);
    await expect(attempt).rejects.toThrow(EntityMigrationError);
    // Every migration after the earlier version's 11, and the broken one.
    const rolledBack = journalLength - 11 + 1;
    await expect(attempt).rejects.toThrow(
      new RegExp(`^Entity migration 0099_broken failed at statement 2 of 2: relation "no_such_table" does not exist\\. Nothing of this upgrade was applied \\(${rolledBack} migrations rolled back\\)`),
    );
    expect(await engine.rows('SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations')).toEqual([{ n: 11 }]);
    // 0011 (offers.default_payout), 0012 (campaigns.flow) and 0099's first statement are all undone.
    const columns = await engine.rows<{ column_name: string }>(
      "SELECT column_name FROM information_schema.columns WHERE table_name IN ('offers', 'campaigns') AND column_name IN ('default_payout', 'flow', 'upgrade_probe')",
    );
    expect(columns).toEqual([]);
    expect(await engine.rows('SELECT id, name, offer_id FROM campaigns')).toEqual([{ id: 'cmp1', name: 'Spring', offer_id: 1 }]);
  });

  test('once fixed, the next start applies every migration from where the store was, keeping its rows', async () => {
    const applied = await migrateEntities(engine.db, entityMigrationsFolder());
    expect(applied[0]).toBe('0011_offer_default_payout');
    expect(applied).toHaveLength(journalLength - 11);
    expect(await migrateEntities(engine.db, entityMigrationsFolder())).toEqual([]);
    expect(await engine.rows('SELECT id, name, offer_id FROM campaigns')).toEqual([{ id: 'cmp1', name: 'Spring', offer_id: 1 }]);
    expect(await engine.rows('SELECT name, default_payout FROM offers')).toEqual([{ name: 'Offer A', default_payout: null }]);
  });
}

describe('a failing entity migration on PGlite', () => {
  failingMigrationContract(async () => {
    const client = new PGlite(path.join(work, 'pg'));
    return {
      db: drizzlePglite(client, { schema, casing: 'snake_case' }),
      rows: async <T>(sql: string) => (await client.query<T>(sql)).rows,
      close: () => client.close(),
    };
  });
});

describeWithRealEngine('DATABASE_URL', 'a failing entity migration on PostgreSQL', (serverUrl) => {
  failingMigrationContract(async () => {
    const database = await createTemporaryDatabase(serverUrl);
    const pool = new pg.Pool({ connectionString: database.url, max: 2 });
    return {
      db: drizzlePg(pool, { schema, casing: 'snake_case' }),
      rows: async <T>(sql: string) => (await pool.query(sql)).rows as T[],
      async close() {
        await pool.end();
        await database.drop();
      },
    };
  });
});
