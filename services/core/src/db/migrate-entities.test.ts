// An upgrade whose entity migration fails leaves the store as it was (every migration of that start rolled
// back, the rows untouched) and names the migration and statement; once fixed, the same start applies them all.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { drizzle } from 'drizzle-orm/pglite';
import { entityMigrationsFolder } from './entities';
import { EntityMigrationError, migrateEntities } from './migrate-entities';
import * as schema from './schema';
import { copyEntityMigrations } from '../testing/entity-migration-folders';

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'tracker-entity-migrations-'));
let client: PGlite;
const db = () => drizzle(client, { schema, casing: 'snake_case' });
const rows = async <T>(sql: string) => (await client.query<T>(sql)).rows;

/** The real migrations up to 0010, then 0011 onwards and a broken 0099 of two statements. */
const earlier = copyEntityMigrations(path.join(work, 'earlier'), { upTo: '0010_companies_case_insensitive' });
const broken = copyEntityMigrations(path.join(work, 'broken'), {
  extra: {
    tag: '0099_broken',
    sql: 'ALTER TABLE "campaigns" ADD COLUMN "upgrade_probe" text;--> statement-breakpoint\nALTER TABLE "no_such_table" ADD COLUMN "x" integer;',
  },
});
const journalLength = (JSON.parse(fs.readFileSync(path.join(entityMigrationsFolder(), 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] }).entries.length;

beforeAll(async () => {
  client = new PGlite(path.join(work, 'pg'));
  expect(await migrateEntities(db(), earlier)).toHaveLength(11);
  await client.exec(`INSERT INTO offers (name, url) VALUES ('Offer A', 'https://offer.example/a');
                     INSERT INTO campaigns (id, name, offer_id) VALUES ('cmp1', 'Spring', 1);`);
});
afterAll(async () => {
  await client.close();
  fs.rmSync(work, { recursive: true, force: true });
});

describe('a failing entity migration', () => {
  test('names the migration and statement, and nothing of the upgrade stays applied', async () => {
    const attempt = migrateEntities(db(), broken);
    await expect(attempt).rejects.toThrow(EntityMigrationError);
    await expect(attempt).rejects.toThrow(/^Entity migration 0099_broken failed at statement 2 of 2: relation "no_such_table" does not exist\. Nothing of this upgrade was applied \(6 migrations rolled back\)/);
    expect(await rows('SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations')).toEqual([{ n: 11 }]);
    // 0011 (offers.default_payout), 0012 (campaigns.flow) and 0099's first statement are all undone.
    const columns = await rows<{ column_name: string }>(
      "SELECT column_name FROM information_schema.columns WHERE table_name IN ('offers', 'campaigns') AND column_name IN ('default_payout', 'flow', 'upgrade_probe')",
    );
    expect(columns).toEqual([]);
    expect(await rows('SELECT id, name, offer_id FROM campaigns')).toEqual([{ id: 'cmp1', name: 'Spring', offer_id: 1 }]);
  });

  test('once fixed, the next start applies every migration from where the store was, keeping its rows', async () => {
    const applied = await migrateEntities(db(), entityMigrationsFolder());
    expect(applied[0]).toBe('0011_offer_default_payout');
    expect(applied).toHaveLength(journalLength - 11);
    expect(await migrateEntities(db(), entityMigrationsFolder())).toEqual([]);
    expect(await rows('SELECT id, name, offer_id FROM campaigns')).toEqual([{ id: 'cmp1', name: 'Spring', offer_id: 1 }]);
    expect(await rows('SELECT name, default_payout FROM offers')).toEqual([{ name: 'Offer A', default_payout: null }]);
  });
});
