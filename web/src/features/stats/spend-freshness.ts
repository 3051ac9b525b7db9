// The Stats screen's note on how fresh the money is, from GET /api/tiktok/spend/freshness (polled with
// the stats): 'Spend synced 4 min ago', or a warning when an account's last sync failed.
import { useQuery } from '@tanstack/react-query';
import type { SpendFreshness } from '@tracker/schemas';
import { STATS_POLL_MS } from './queries';

export function useSpendFreshness(options: { enabled?: boolean } = {}) {
  return useQuery<SpendFreshness>({ queryKey: ['/api/tiktok/spend/freshness'], refetchInterval: STATS_POLL_MS, enabled: options.enabled });
}

export interface FreshnessNote {
  text: string;
  /** Shown as a warning: the money may be stale or missing. */
  warning: boolean;
  /** The failures in full, for the note's tooltip. */
  detail?: string;
}

function minutesAgo(iso: string, now: number): string {
  const minutes = Math.max(0, Math.floor((now - Date.parse(iso)) / 60_000));
  if (minutes < 1) return 'just now';
  if (minutes < 120) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  return hours < 48 ? `${hours} h ago` : `${Math.floor(hours / 24)} days ago`;
}

export function freshnessNote(freshness: SpendFreshness, now: number): FreshnessNote {
  const synced = freshness.syncedAt ? `Spend synced ${minutesAgo(freshness.syncedAt, now)}` : null;
  if (freshness.failing.length > 0) {
    const names = freshness.failing.map((f) => f.name).join(', ');
    return {
      text: `Spend sync failed (${names})${synced ? ` · last good sync ${minutesAgo(freshness.syncedAt!, now)}` : ''}`,
      warning: true,
      detail: freshness.failing.map((f) => `${f.name}: ${f.error}`).join('\n'),
    };
  }
  if (freshness.accounts === 0) return { text: 'No TikTok ad account connected: Cost shows spend recorded otherwise only', warning: true };
  if (!synced) return { text: 'Spend not synced yet', warning: true };
  return { text: synced, warning: false };
}

/** An amount in its own currency as people read it: €50.00, ¥500, US$12.30 where the symbol is shared. */
function currencyAmount(amount: string, currency: string): string {
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(Number(amount));
  } catch {
    return `${amount} ${currency}`;
  }
}

/** At most this many waiting days are named; the rest are counted. */
const WAITING_SHOWN = 3;

/** Up to WAITING_SHOWN waiting days named, the rest counted: '€50.00 waits for the EUR→USD rate of 2026-04-13'. */
function namedDays(waiting: Array<{ currency: string; day: string; amount: string }>, workspace: string, verb: string, rest: string): string {
  const named = waiting
    .slice(0, WAITING_SHOWN)
    .map((w) => `${currencyAmount(w.amount, w.currency)} ${verb} for the ${w.currency}→${workspace} rate of ${w.day}`);
  const more = waiting.length > WAITING_SHOWN ? `, and ${rest} of ${waiting.length - WAITING_SHOWN} more days` : '';
  return `${named.join(', ')}${more}`;
}

/**
 * The warnings for money that waits for a reference rate (in another currency than the workspace's, of a day
 * the ECB has not published yet): 'Spend of €50.00 waits for the EUR→USD rate of 2026-04-13; reports leave
 * it out until then', and the same for postback payouts of offers paying in another currency. Empty when
 * nothing waits.
 */
export function waitingNotes(freshness: SpendFreshness): string[] {
  const notes: string[] = [];
  const spend = freshness.waitingForRates;
  if (spend.length > 0) {
    notes.push(`Spend of ${namedDays(spend, freshness.currency, 'waits', 'spend')}; reports leave it out until then`);
  }
  const payouts = freshness.payoutsWaitingForRates;
  if (payouts.length > 0) {
    const conversions = payouts.reduce((n, w) => n + w.conversions, 0);
    notes.push(
      `Payouts of ${namedDays(payouts, freshness.currency, 'wait', 'payouts')} (${conversions} conversion${conversions === 1 ? '' : 's'}); reports leave them out until then`,
    );
  }
  return notes;
}
