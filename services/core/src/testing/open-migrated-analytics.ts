// chDB stores for tests, migrated. Creating every analytics table costs about 0.6 s of a test file's set-up, and
// most harnesses open one: the first opening on a machine migrates an empty folder in the temporary folder (keyed
// by the migrations and the chDB build), and every later store, in an empty folder, starts as a copy of it
// (under a megabyte, a few hundred files) on which migrateAnalytics then finds nothing left to do.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Analytics } from '../analytics/analytics';
import { openChdbAnalytics } from '../analytics/chdb-analytics';
import { analyticsMigrationsDir, migrateAnalytics } from '../analytics/migrate-analytics';

/** chDB in `dir`, every analytics migration applied. A folder that holds a store already opens as it is. chDB allows
 *  one open folder per process: the template is made (once) before `dir` is opened. */
export async function openMigratedChdbAnalytics(dir: string): Promise<Analytics> {
  if (!fs.existsSync(dir) || fs.readdirSync(dir).length === 0) fs.cpSync(await migratedTemplate(), dir, { recursive: true });
  const analytics = await openChdbAnalytics(dir);
  try {
    await migrateAnalytics(analytics);
  } catch (error) {
    await analytics.close();
    throw error;
  }
  return analytics;
}

async function migratedTemplate(): Promise<string> {
  const template = path.join(os.tmpdir(), `tracker-chdb-template-${templateKey()}`);
  if (fs.existsSync(template)) return template;
  // Made aside and renamed, so a test file in another worker never copies a half-made folder.
  const partial = fs.mkdtempSync(`${template}.partial-`);
  try {
    const analytics = await openChdbAnalytics(partial);
    try {
      await migrateAnalytics(analytics);
    } finally {
      await analytics.close();
    }
    fs.renameSync(partial, template);
  } catch (error) {
    fs.rmSync(partial, { recursive: true, force: true });
    // Another worker renamed its copy first: theirs serves.
    if (!fs.existsSync(template)) throw error;
  }
  return template;
}

function templateKey(): string {
  const hash = createHash('sha256');
  for (const name of fs.readdirSync(analyticsMigrationsDir).sort()) hash.update(name).update(fs.readFileSync(path.join(analyticsMigrationsDir, name)));
  const chdb = fs.statSync(fileURLToPath(import.meta.resolve('chdb')));
  hash.update(`${chdb.size}:${chdb.mtimeMs}`);
  return hash.digest('hex').slice(0, 16);
}
