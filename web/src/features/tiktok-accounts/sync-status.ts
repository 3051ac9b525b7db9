// How the card words an account's last sync: 'Never', or '3 min ago · 42 rows · 1.2 s'.
import { formatDistanceStrict } from 'date-fns';
import type { TiktokAccountView } from '@tracker/schemas';

export function syncAge(at: string | null, now: number): string {
  if (!at) return 'Never';
  const ms = now - Date.parse(at);
  return ms < 60_000 ? 'just now' : `${formatDistanceStrict(Date.parse(at), now)} ago`;
}

export function lastSyncSummary(account: Pick<TiktokAccountView, 'lastSyncAt' | 'lastSyncRows' | 'lastSyncDurationMs'>, now: number): string {
  if (!account.lastSyncAt) return 'Never synced';
  const parts = [syncAge(account.lastSyncAt, now)];
  if (account.lastSyncRows !== null) parts.push(`${account.lastSyncRows} ${account.lastSyncRows === 1 ? 'row' : 'rows'}`);
  if (account.lastSyncDurationMs !== null) parts.push(`${(account.lastSyncDurationMs / 1000).toFixed(1)} s`);
  return parts.join(' · ');
}
