// When each TikTok ad account's spend was last synced successfully: a plain read of the entity store
// for whoever reports freshness (the Stats screen's note today, metrics later).
import { asc } from 'drizzle-orm';
import type { Db } from './entities';
import { tiktokAccounts } from './schema';

export interface SpendSyncTime {
  accountId: number;
  advertiserId: string;
  name: string;
  /** The last run's failure, null after a run that succeeded. */
  lastSyncError: string | null;
  /** Null until a sync of the account succeeded. */
  lastSuccessAt: Date | null;
}

export async function listSpendSyncTimes(db: Db): Promise<SpendSyncTime[]> {
  return db
    .select({ accountId: tiktokAccounts.id, advertiserId: tiktokAccounts.advertiserId, name: tiktokAccounts.name, lastSyncError: tiktokAccounts.lastSyncError, lastSuccessAt: tiktokAccounts.lastSuccessAt })
    .from(tiktokAccounts)
    .orderBy(asc(tiktokAccounts.id));
}
