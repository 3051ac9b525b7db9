// The scheduled backup (BACKUP_SCHEDULE=daily): one archive named by its time into BACKUP_DIR, then the oldest
// scheduled archives deleted down to BACKUP_KEEP. Archives written by hand elsewhere, or named otherwise, are left alone.
import fs from 'node:fs';
import path from 'node:path';
import type { BackupManifest } from './backup-manifest';

const SCHEDULED_NAME = /^tracker-backup-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z\.tar\.gz$/;

export interface ScheduledBackup {
  file: string;
  /** Older scheduled archives deleted to keep `keep`. */
  removed: string[];
}

export async function writeScheduledBackup(
  backup: (file: string) => Promise<BackupManifest>,
  options: { dir: string; keep: number },
  now = Date.now(),
): Promise<ScheduledBackup> {
  await fs.promises.mkdir(options.dir, { recursive: true });
  const stamp = new Date(now).toISOString().slice(0, 19).replace(/:/g, '-');
  const file = path.join(options.dir, `tracker-backup-${stamp}Z.tar.gz`);
  await backup(file);
  // Names sort by time; only after the new archive is complete do old ones go.
  const scheduled = (await fs.promises.readdir(options.dir)).filter((name) => SCHEDULED_NAME.test(name)).sort();
  const removed = scheduled.slice(0, Math.max(0, scheduled.length - options.keep)).map((name) => path.join(options.dir, name));
  for (const old of removed) await fs.promises.rm(old, { force: true });
  return { file, removed };
}
