// The scheduled retention job: deletes verification codes older than the codes_retention_days setting.
import type { Db, JobProcessor, Logger } from '@tracker/core';
import { deleteExpiredCodes } from '@tracker/integrations';

export function deleteExpiredCodesJob(deps: { db: Db; logger: Logger }): JobProcessor<unknown, { deleted: number; cutoff: string }> {
  return async () => {
    const result = await deleteExpiredCodes(deps.db);
    if (result.deleted > 0) deps.logger.info(result, 'expired verification codes deleted');
    return result;
  };
}
