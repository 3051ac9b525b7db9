// When each background sync last succeeded, read from the entity store for the metrics: TikTok spend per
// ad account, the CAKE network, and each verification-code mail source.
import { cakeIntegration, mailSources } from '../db/schema';
import type { Db } from '../db/entities';
import { listSpendSyncTimes } from '../db/spend-sync-times';

export interface SyncSuccess {
  sync: 'tiktok_spend' | 'cake' | 'mail';
  /** The account, network or mail source. */
  source: string;
  /** Null until it succeeded once. */
  succeededAt: Date | null;
}

export async function listSyncSuccesses(db: Db): Promise<SyncSuccess[]> {
  const [spend, cake, mail] = await Promise.all([
    listSpendSyncTimes(db),
    db.select({ succeededAt: cakeIntegration.lastSuccessAt }).from(cakeIntegration),
    db.select({ kind: mailSources.kind, succeededAt: mailSources.lastSuccessAt }).from(mailSources),
  ]);
  return [
    ...spend.map((t) => ({ sync: 'tiktok_spend' as const, source: t.advertiserId, succeededAt: t.lastSuccessAt })),
    ...cake.map((row) => ({ sync: 'cake' as const, source: 'cake', succeededAt: row.succeededAt })),
    ...mail.map((row) => ({ sync: 'mail' as const, source: row.kind, succeededAt: row.succeededAt })),
  ];
}
