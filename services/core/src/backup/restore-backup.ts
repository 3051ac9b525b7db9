// `tracker restore`: a backup archive into an empty DATA_DIR. Every member is checked against the manifest's
// SHA-256 before anything is put in place; the stores are then rebuilt (PGlite from its copy, chDB table by table,
// the event log and its consumer offsets as they were), so `tracker all` replays the log from the saved positions.
import fs from 'node:fs';
import path from 'node:path';
import { migrateAnalytics, readMigrations, analyticsMigrationsDir } from '../analytics/migrate-analytics';
import { openAnalytics } from '../analytics/open-analytics';
import type { Analytics } from '../analytics/analytics';
import { lockDataDir } from '../data-dir-lock';
import { entityMigrationsFolder, openEntities } from '../db/entities';
import { openEmbeddedLog } from '../eventlog/embedded-log';
import { createLogger } from '../logger';
import { embeddedPaths } from '../stores';
import { backupManifestSchema, MANIFEST_MEMBER, type BackupManifest } from './backup-manifest';
import { DamagedArchiveError, extractTar } from './tar-archive';

export class RestoreRefusedError extends Error {
  override name = 'RestoreRefusedError';
}

export interface RestoreOutcome {
  manifest: BackupManifest;
  /** Rows per analytics table after the restore. */
  analyticsRows: Record<string, number>;
  /** Records in the restored log, and where the projector resumes. */
  logEndOffset: number;
}

const quoted = (text: string) => `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
const identifier = (name: string) => `\`${name.replace(/`/g, '``')}\``;

/** Reads the manifest and checks every member against it: same set of members, sizes and SHA-256. */
async function verifiedManifest(staging: string, extracted: Array<{ path: string; bytes: number; sha256: string }>): Promise<BackupManifest> {
  if (!extracted.some((m) => m.path === MANIFEST_MEMBER)) {
    throw new DamagedArchiveError('The archive has no manifest.json: it is not a tracker backup, or it is cut short');
  }
  let manifest: BackupManifest;
  try {
    manifest = backupManifestSchema.parse(JSON.parse(await fs.promises.readFile(path.join(staging, MANIFEST_MEMBER), 'utf8')));
  } catch (error) {
    throw new DamagedArchiveError(`The archive's manifest.json is not a tracker backup manifest: ${(error as Error).message}`);
  }
  const found = new Map(extracted.filter((m) => m.path !== MANIFEST_MEMBER).map((m) => [m.path, m]));
  for (const expected of manifest.members) {
    const member = found.get(expected.path);
    if (!member) throw new DamagedArchiveError(`The archive is missing ${expected.path}, which its manifest lists`);
    if (member.bytes !== expected.bytes || member.sha256 !== expected.sha256) {
      throw new DamagedArchiveError(`The archive is damaged: ${expected.path} does not match its checksum in the manifest`);
    }
    found.delete(expected.path);
  }
  if (found.size > 0) throw new DamagedArchiveError(`The archive holds ${[...found.keys()][0]}, which its manifest does not list`);
  return manifest;
}

async function restoreAnalytics(analytics: Analytics, manifest: BackupManifest, staging: string): Promise<Record<string, number>> {
  await migrateAnalytics(analytics);
  // The materialized views would add rollup rows for the raw rows put back; their rollups come from the archive.
  const views = (
    await analytics.query<{ name: string }>("SELECT name FROM system.tables WHERE database = currentDatabase() AND engine = 'MaterializedView'")
  ).map((r) => r.name);
  for (const view of views) await analytics.exec(`DETACH TABLE ${identifier(view)}`);
  const restored: Record<string, number> = {};
  try {
    for (const table of manifest.analytics.tables) {
      // The rows of this version's migrations are already there.
      if (table.name === 'analytics_migrations') continue;
      if (table.rows === 0) continue;
      const file = quoted(path.join(staging, table.member));
      const tableColumns = new Set(
        (
          await analytics.query<{ name: string }>(
            "SELECT name FROM system.columns WHERE database = currentDatabase() AND table = {table:String} AND default_kind NOT IN ('MATERIALIZED', 'ALIAS')",
            { table: table.name },
          )
        ).map((c) => c.name),
      );
      if (tableColumns.size === 0) throw new RestoreRefusedError(`The analytics table ${table.name} of the backup does not exist in this version`);
      // By name: columns a later migration added take their defaults.
      const columns = (await analytics.query<{ name: string }>(`DESCRIBE file(${file}, Native)`))
        .map((c) => c.name)
        .filter((c) => tableColumns.has(c))
        .map(identifier)
        .join(', ');
      // As they were: no replacing or summing of the rows while they are written.
      await analytics.exec(`INSERT INTO ${identifier(table.name)} (${columns}) SETTINGS optimize_on_insert = 0 SELECT ${columns} FROM file(${file}, Native)`);
      const [count] = await analytics.query<{ n: number | string }>(`SELECT count() AS n FROM ${identifier(table.name)}`);
      restored[table.name] = Number(count?.n ?? 0);
      if (restored[table.name] !== table.rows) {
        throw new Error(`The analytics table ${table.name} has ${restored[table.name]} rows after the restore, not the ${table.rows} of the backup`);
      }
    }
  } finally {
    for (const view of views) await analytics.exec(`ATTACH TABLE ${identifier(view)}`);
  }
  return restored;
}

/** Restores `file` into `dataDir`, which must be empty or absent. On any failure it leaves the folder empty again. */
export async function restoreBackup(file: string, dataDir: string): Promise<RestoreOutcome> {
  if (!fs.existsSync(file)) throw new RestoreRefusedError(`There is no backup archive at ${file}`);
  if (fs.existsSync(dataDir) && fs.readdirSync(dataDir).length > 0) {
    throw new RestoreRefusedError(
      `${dataDir} is not empty: a backup is restored only into an empty DATA_DIR. Point DATA_DIR at a new folder (or move this one aside).`,
    );
  }
  const release = lockDataDir(dataDir);
  const staging = path.join(dataDir, '.restore');
  const paths = embeddedPaths(dataDir);
  try {
    const manifest = await verifiedManifest(staging, await extractTar(file, staging));
    const known = new Set(readMigrations(analyticsMigrationsDir).map((m) => m.version));
    const unknown = manifest.analytics.migrations.filter((v) => !known.has(v));
    const journal = JSON.parse(await fs.promises.readFile(path.join(entityMigrationsFolder(), 'meta/_journal.json'), 'utf8')) as { entries: unknown[] };
    if (unknown.length > 0 || manifest.entities.migrations.count > journal.entries.length) {
      throw new RestoreRefusedError(
        `The backup was made by a newer tracker (${manifest.trackerVersion}; its stores have migrations this version does not know): ` +
          'restore it with that version or later',
      );
    }
    if (fs.existsSync(path.join(staging, 'secrets.json'))) {
      await fs.promises.rename(path.join(staging, 'secrets.json'), path.join(dataDir, 'secrets.json'));
    }
    await fs.promises.rename(path.join(staging, 'log'), paths.log);
    // Opening the log checks every frame of its last segment; the groups' offsets must lie within it.
    const log = await openEmbeddedLog({ dir: paths.log, logger: createLogger('error', 'event-log') });
    const logEndOffset = log.endOffset;
    await log.close();
    for (const [group, offset] of Object.entries(manifest.eventLog.committed)) {
      if (offset > logEndOffset) throw new DamagedArchiveError(`The archive's log ends at ${logEndOffset}, before ${group}'s position ${offset}`);
    }

    const pgData = await fs.promises.readFile(path.join(staging, 'entities/pgdata.tar.gz'));
    const entities = await openEntities({ pgliteDir: paths.pg, pgliteTemplate: new Blob([pgData]) });
    await entities.close();

    const analytics = await openAnalytics({ dir: paths.ch });
    let analyticsRows: Record<string, number>;
    try {
      analyticsRows = await restoreAnalytics(analytics, manifest, staging);
    } finally {
      await analytics.close();
    }
    await fs.promises.rm(staging, { recursive: true, force: true });
    return { manifest, analyticsRows, logEndOffset };
  } catch (error) {
    // Left empty, so the same command can run again once the cause is fixed.
    for (const name of fs.readdirSync(dataDir)) {
      if (name !== 'tracker.lock') await fs.promises.rm(path.join(dataDir, name), { recursive: true, force: true });
    }
    throw error;
  } finally {
    release();
  }
}
