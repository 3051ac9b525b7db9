// The scheduled backup's job: the process holding the embedded stores hands in how to write an archive (it holds
// the projector meanwhile, see @tracker/core writeBackup); the job names it, and keeps the newest BACKUP_KEEP.
import { writeScheduledBackup, type BackupManifest, type JobProcessor, type Logger } from '@tracker/core';

export type WriteBackup = (file: string) => Promise<BackupManifest>;

export interface BackupJobResult {
  file: string;
  removed: number;
}

export function backupJob(deps: { writeBackup: WriteBackup; dir: string; keep: number; logger: Logger }): JobProcessor<unknown, BackupJobResult> {
  return async () => {
    const { file, removed } = await writeScheduledBackup(deps.writeBackup, { dir: deps.dir, keep: deps.keep });
    deps.logger.info({ file, removed }, 'scheduled backup written');
    return { file, removed: removed.length };
  };
}
