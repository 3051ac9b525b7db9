// POST /api/rules/{id}/replay?days=N: the rule evaluated at every hour of the last N days, and now, over stored history
// (spend, visits, conversions as they are stored now), calling nothing. The cool-down and the daily cap apply
// as they would have; a paused object spends and earns nothing after its pause in the replay, and what it did
// spend and earn afterwards is what the pause would have saved and missed.
import type { RuleReplay } from '@tracker/schemas';
import { readReportTimezone } from '../reports/report-timezone';
import type { RuleEngineDeps } from './evaluate-rule';
import { loadRuleObjects, metricValues, type RuleObject, type Totals } from './rule-data';
import { ruleMatches, ruleRecord, type RuleRow } from './rule-record';
import { windowSpan, zoneMidnight } from './rule-window';

const HOUR = 3_600_000;
const money = (cents: number) => (Math.round(cents) / 100).toFixed(2);

/** Prefix sums over an object's buckets, so each hour's window is two binary searches. */
class Series {
  private readonly at: number[] = [];
  private readonly sums: Totals[] = [{ spendCents: 0, visits: 0, conversions: 0, revenueCents: 0 }];
  constructor(object: RuleObject) {
    for (const [at, b] of [...object.buckets].sort((x, y) => x[0] - y[0])) {
      const last = this.sums[this.sums.length - 1]!;
      this.at.push(at);
      this.sums.push({
        spendCents: last.spendCents + b.spendCents,
        visits: last.visits + b.visits,
        conversions: last.conversions + b.conversions,
        revenueCents: last.revenueCents + b.revenueCents,
      });
    }
  }
  /** Index of the first bucket at or after `t`. */
  private index(t: number): number {
    let lo = 0;
    let hi = this.at.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.at[mid]! < t) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
  sum(start: number, end: number): Totals {
    if (end <= start) return { spendCents: 0, visits: 0, conversions: 0, revenueCents: 0 };
    const a = this.sums[this.index(start)]!;
    const b = this.sums[this.index(end)]!;
    return {
      spendCents: Math.round(b.spendCents - a.spendCents),
      visits: b.visits - a.visits,
      conversions: b.conversions - a.conversions,
      revenueCents: b.revenueCents - a.revenueCents,
    };
  }
}

export async function replayRule(deps: Pick<RuleEngineDeps, 'db' | 'analytics'>, row: RuleRow, days: number, now: number): Promise<RuleReplay> {
  const rule = ruleRecord(row);
  const timezone = await readReportTimezone(deps.db);
  const lastHour = Math.floor(now / HOUR) * HOUR;
  const startAt = lastHour - days * 24 * HOUR;
  // At every hour's end, and now when it falls inside an hour. The last evaluation is the one a live run would
  // make now (every 15 minutes): it sees what TikTok has reported for the hour under way, so a replay that
  // stopped at the last full hour would miss what the rule is about to do.
  const instants = Array.from({ length: days * 24 }, (_, i) => startAt + (i + 1) * HOUR);
  if (now > lastHour) instants.push(now);
  const endAt = instants.at(-1)!;
  // The earliest window start any evaluation needs (last 7 days before the first hour, plus a day for zones).
  const from = Math.min(startAt, windowSpan(rule.window, startAt + HOUR, timezone, false).start);
  const objects = [...(await loadRuleObjects(deps.analytics, rule, from, null, now)).values()].sort((a, b) => a.id.localeCompare(b.id));
  const series = new Map(objects.map((o) => [o.id, new Series(o)]));
  const pausedAt = new Map<string, number>();
  const lastAction = new Map<string, number>();
  const perDay = new Map<number, number>();
  const actions: RuleReplay['actions'] = [];
  let spendSaved = 0;
  let revenueMissed = 0;
  let evaluations = 0;

  for (const t of instants) {
    evaluations += 1;
    const span = windowSpan(rule.window, t, timezone, t === endAt);
    const day = zoneMidnight(t, timezone);
    for (const object of objects) {
      const s = series.get(object.id)!;
      const stop = Math.min(span.open ? Infinity : span.end, pausedAt.get(object.id) ?? Infinity);
      const metrics = metricValues(s.sum(span.start, stop));
      if (!ruleMatches(rule, metrics)) continue;
      if (rule.action.type === 'pause' && pausedAt.has(object.id)) continue; // already paused: nothing to do
      const last = lastAction.get(object.id);
      if (last !== undefined && last + rule.cooldownMinutes * 60_000 > t) continue;
      if ((perDay.get(day) ?? 0) >= rule.maxActionsPerDay) continue;
      perDay.set(day, (perDay.get(day) ?? 0) + 1);
      lastAction.set(object.id, t);
      let spendAfter = 0;
      let revenueAfter = 0;
      if (rule.action.type === 'pause') {
        // Stored rows are what TikTok has reported by now: after the last evaluation (now) nothing is spent yet.
        const after = t === endAt ? s.sum(t, t) : s.sum(t, Infinity);
        spendAfter = after.spendCents;
        revenueAfter = after.revenueCents;
        spendSaved += spendAfter;
        revenueMissed += revenueAfter;
        pausedAt.set(object.id, t);
      } else if (rule.action.type === 'enable') {
        pausedAt.delete(object.id);
      }
      actions.push({
        at: new Date(t).toISOString(),
        level: rule.level,
        objectId: object.id,
        objectName: object.name,
        action: rule.action.type,
        metrics,
        spendAfter: money(spendAfter),
        revenueAfter: money(revenueAfter),
      });
    }
  }
  return {
    ruleId: rule.id,
    days,
    startAt: new Date(startAt).toISOString(),
    endAt: new Date(endAt).toISOString(),
    evaluations,
    actions,
    spendSaved: money(spendSaved),
    revenueMissed: money(revenueMissed),
  };
}
