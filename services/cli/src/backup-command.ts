// `tracker backup FILE` and `tracker restore FILE` on the embedded stores of DATA_DIR. With `tracker all` running,
// the backup is written by that process (its control socket); with none, this process takes DATA_DIR's lock and
// opens the stores itself. Server engines have their own tools: deploy/backup.md.
import fs from 'node:fs';
import path from 'node:path';
import {
  DataDirLockedError,
  lockDataDir,
  openStores,
  requestBackup,
  restoreBackup,
  writeBackup,
  type BackupManifest,
  type Config,
} from '@tracker/core';

function refuseServerEngines(config: Config, command: string) {
  if (config.databaseUrl || config.clickhouseUrl || config.kafka) {
    throw new Error(
      `tracker ${command} works on the embedded stores under DATA_DIR; with DATABASE_URL, CLICKHOUSE_URL or ` +
        'KAFKA_BROKERS set, use pg_dump, ClickHouse BACKUP and Kafka retention instead (deploy/backup.md, deploy/backup-server.sh)',
    );
  }
}

function describe(manifest: BackupManifest): string {
  const clicks = manifest.analytics.tables.find((t) => t.name === 'clicks')?.rows ?? 0;
  const entityRows = Object.values(manifest.entities.rows).reduce((a, b) => a + b, 0);
  const projector = manifest.eventLog.committed['projector'] ?? 0;
  return (
    `${manifest.members.length} members; ${entityRows} entity rows, ${clicks} clicks in the analytics store, ` +
    `${manifest.eventLog.endOffset} log records (the projector resumes at ${projector})`
  );
}

/** Opens the stores when no tracker holds DATA_DIR; else asks the one that does. */
async function backupOf(config: Config, file: string): Promise<BackupManifest> {
  let release: () => void;
  try {
    release = lockDataDir(config.dataDir);
  } catch (error) {
    if (error instanceof DataDirLockedError) return requestBackup(config.dataDir, file);
    throw error;
  }
  try {
    const stores = await openStores(config, { entities: true, analytics: true, eventLog: true });
    try {
      return await writeBackup(
        { dataDir: config.dataDir, entities: stores.entities!, analytics: stores.analytics!, eventLog: stores.eventLog! },
        file,
      );
    } finally {
      await stores.close();
    }
  } finally {
    release();
  }
}

export async function backupCommand(config: Config, file: string | undefined): Promise<void> {
  if (!file) throw new Error('Usage: tracker backup <file>');
  refuseServerEngines(config, 'backup');
  const target = path.resolve(file);
  const started = Date.now();
  const manifest = await backupOf(config, target);
  const bytes = fs.statSync(target).size;
  console.log(`Backup written to ${target} (${(bytes / 1024 / 1024).toFixed(1)} MB in ${((Date.now() - started) / 1000).toFixed(1)} s): ${describe(manifest)}.`);
}

export async function restoreCommand(config: Config, file: string | undefined): Promise<void> {
  if (!file) throw new Error('Usage: tracker restore <file>');
  refuseServerEngines(config, 'restore');
  const outcome = await restoreBackup(path.resolve(file), config.dataDir);
  console.log(
    `Restored ${path.resolve(file)} into ${config.dataDir}: ${describe(outcome.manifest)}. ` +
      'Start `tracker all` on it: the projector replays the rest of the log from there.',
  );
}
