// Fires per TikTok ad account whose spend sync has failed for over an hour: its last run failed and its
// last success (or, never synced, its adding) is more than SPEND_SYNC_FAILING_MS ago. A run that succeeds
// resolves it.
import { describeDuration, schema, type FiringAlert } from '@tracker/core';
import { SPEND_SYNC_FAILING_MS } from '@tracker/schemas';
import { formatMoment, type AlertCheck } from './alert-check';

export const spendSyncCheck: AlertCheck = {
  kind: 'spend-sync',
  async run({ db, now, timezone }) {
    const accounts = await db.select().from(schema.tiktokAccounts);
    const firing: FiringAlert[] = [];
    for (const account of accounts) {
      if (account.lastSyncError === null) continue;
      const since = account.lastSuccessAt ?? account.createdAt;
      if (now.getTime() - since.getTime() < SPEND_SYNC_FAILING_MS) continue;
      const last = account.lastSuccessAt
        ? `since ${formatMoment(account.lastSuccessAt, timezone)} (${describeDuration(now.getTime() - account.lastSuccessAt.getTime())})`
        : `since it was added ${describeDuration(now.getTime() - account.createdAt.getTime())} ago`;
      firing.push({
        key: `spend-sync:${account.id}`,
        kind: 'spend-sync',
        title: `TikTok spend sync failing: ${account.name}`,
        text: `No spend synced for ${account.name} (advertiser ${account.advertiserId}) ${last}: Cost and Profit are stale. Last error: ${account.lastSyncError}`,
      });
    }
    return firing;
  },
};
