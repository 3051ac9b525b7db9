// Entity stores for tests. A fresh in-memory PGlite spends about two seconds of CPU on initdb and the
// migrations, and most test files open one or more: the first opening on a machine writes the migrated data
// directory to a tarball in the temporary folder (keyed by the migrations and the PGlite build), and every
// later in-memory store starts from it in a third of that. PostgreSQL and PGlite folders open as they are.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { dumpMigratedPglite, entityMigrationsFolder, openEntities as openStoreEntities, type Entities, type EntitiesOptions } from '../db/entities';

export async function openEntities(options: EntitiesOptions): Promise<Entities> {
  if (options.databaseUrl || options.pgliteDir !== 'memory://' || options.pgliteTemplate) return openStoreEntities(options);
  return openStoreEntities({ ...options, pgliteTemplate: await migratedTemplate() });
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
