// When each background sync last succeeded (and its last run's error), read from the entity store for the
// metrics and the status page: TikTok spend per ad account, the CAKE network, each verification-code mail source.
import { cakeIntegration, mailSources } from '../db/schema';
import type { Db } from '../db/entities';
import { listSpendSyncTimes } from '../db/spend-sync-times';

export interface SyncSuccess {
  sync: 'tiktok_spend' | 'cake' | 'mail';
  /** The account, network or mail source. */
  source: string;
  /** What a person calls it: the ad account's name, 'CAKE', the mailbox. */
  name: string;
  /** Null until it succeeded once. */
  succeededAt: Date | null;
  /** The last run's failure; null when it succeeded (or never ran). */
  lastError: string | null;
}

export async function listSyncSuccesses(db: Db): Promise<SyncSuccess[]> {
  const [spend, cake, mail] = await Promise.all([
    listSpendSyncTimes(db),
    db.select({ succeededAt: cakeIntegration.lastSuccessAt, lastError: cakeIntegration.lastError }).from(cakeIntegration),
    db
      .select({ kind: mailSources.kind, mailbox: mailSources.mailbox, succeededAt: mailSources.lastSuccessAt, lastError: mailSources.lastError })
      .from(mailSources),
  ]);
  return [
    ...spend.map((t) => ({ sync: 'tiktok_spend' as const, source: t.advertiserId, name: t.name, succeededAt: t.lastSuccessAt, lastError: t.lastSyncError })),
    ...cake.map((row) => ({ sync: 'cake' as const, source: 'cake', name: 'CAKE', succeededAt: row.succeededAt, lastError: row.lastError })),
    ...mail.map((row) => ({
      sync: 'mail' as const,
      source: row.kind,
      name: row.kind === 'imap' ? (row.mailbox ?? 'IMAP mailbox') : 'inbound mail hook',
      succeededAt: row.succeededAt,
      lastError: row.lastError,
    })),
  ];
}
