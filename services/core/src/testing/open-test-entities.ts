// Entity stores for tests. A fresh PGlite spends about five seconds of CPU on initdb and the migrations, and
// most test files open one or more: the first opening on a machine writes the migrated data directory to a
// tarball in the temporary folder (keyed by the migrations and the PGlite build), and every later new store,
// in memory or in an empty folder, starts from it in a third of that. PostgreSQL and PGlite folders that hold
// a database already open as they are.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { dumpMigratedPglite, entityMigrationsFolder, openEntities as openStoreEntities, type Entities, type EntitiesOptions } from '../db/entities';
import { realEngineUrls } from './real-engines';
import { createTemporaryDatabase } from './temporary-database';

export async function openEntities(options: EntitiesOptions): Promise<Entities> {
  if (options.databaseUrl || options.pgliteTemplate || !options.pgliteDir || !isNewStore(options.pgliteDir)) return openStoreEntities(options);
  return openStoreEntities({ ...options, pgliteTemplate: await migratedTemplate() });
}

/** In memory, or a folder without a database yet (a test's temporary folder, before its first opening). */
function isNewStore(pgliteDir: string): boolean {
  if (pgliteDir === 'memory://') return true;
  if (pgliteDir.includes('://')) return false;
  return !fs.existsSync(pgliteDir) || fs.readdirSync(pgliteDir).length === 0;
}

async function migratedTemplate(): Promise<Blob> {
  const file = path.join(os.tmpdir(), `tracker-pglite-template-${templateKey()}.tar`);
  if (fs.existsSync(file)) return fs.openAsBlob(file);
  const template = await dumpMigratedPglite();
  // Written aside and renamed, so a test file in another worker never reads half a tarball.
  const partial = `${file}.${process.pid}.partial`;
  fs.writeFileSync(partial, Buffer.from(await template.arrayBuffer()));
  fs.renameSync(partial, file);
  return template;
}

function templateKey(): string {
  const hash = createHash('sha256');
  const folder = entityMigrationsFolder();
  for (const name of fs.readdirSync(folder, { recursive: true, encoding: 'utf8' }).sort()) {
    const file = path.join(folder, name);
    if (fs.statSync(file).isFile()) hash.update(name).update(fs.readFileSync(file));
  }
  const pglite = fs.statSync(fileURLToPath(import.meta.resolve('@electric-sql/pglite')));
  hash.update(`${pglite.size}:${pglite.mtimeMs}`);
  return hash.digest('hex').slice(0, 16);
}

/**
 * A fresh, empty (migrated) entity store for one test file's harness: a temporary database on the PostgreSQL
 * behind DATABASE_URL when one is given (as in CI), an in-memory PGlite otherwise; closing it drops the database.
 * On the server it costs about 0.3 s and next to no CPU of the test's own; a PGlite copied from the migrated
 * template costs 1.2–2.5 s of CPU, paid by every file that builds a harness. What differs between the two
 * engines is pinned by the entity contract suites, which run on both.
 */
export async function openScratchEntities(): Promise<Entities> {
  const url = realEngineUrls().DATABASE_URL;
  if (!url) return openEntities({ pgliteDir: 'memory://' });
  const database = await createTemporaryDatabase(url);
  let entities: Entities;
  try {
    entities = await openStoreEntities({ databaseUrl: database.url, maxConnections: 4 });
  } catch (error) {
    await database.drop();
    throw error;
  }
  return {
    ...entities,
    async close() {
      await entities.close();
      await database.drop();
    },
  };
}
