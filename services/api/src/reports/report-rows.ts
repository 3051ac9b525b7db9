// Measures to rows: each key's visits, approved and unapproved conversions merged into one set of
// measures, ordered the report's way, and turned into report rows with spend, exit clicks and totals.
import { computeMetrics, landerCtr, moneyFromCents, type ReportRow } from '@tracker/schemas';
import { compareBytes } from './compare-bytes';
import type { ConversionMeasures, UnapprovedMeasures } from './report-query';

export interface GroupMeasures {
  clicks: number;
  botClicks: number;
  conversions: number;
  revenueCents: number;
  pending: number;
  pendingCents: number;
  rejected: number;
  rejectedCents: number;
}

export const emptyMeasures = (): GroupMeasures => ({
  clicks: 0, botClicks: 0, conversions: 0, revenueCents: 0, pending: 0, pendingCents: 0, rejected: 0, rejectedCents: 0,
});

/** Adds one group's measures into a total (the TOTALS row, or an opened drill-down row). */
function addMeasures(total: GroupMeasures, m: GroupMeasures): void {
  for (const field of Object.keys(total) as (keyof GroupMeasures)[]) total[field] += m[field];
}

export interface VisitMeasures {
  clicks: number;
  botClicks: number;
}

/** The measures of every key that has visits, approved conversions or unapproved ones. */
export function collectMeasures(
  visits: Iterable<[string, VisitMeasures]>,
  conversions: Map<string, ConversionMeasures>,
  unapproved: Map<string, UnapprovedMeasures> = new Map(),
): Map<string, GroupMeasures> {
  const measures = new Map<string, GroupMeasures>();
  const measuresOf = (key: string) => measures.get(key) ?? measures.set(key, emptyMeasures()).get(key)!;
  for (const [key, v] of visits) measures.set(key, { ...emptyMeasures(), clicks: v.clicks, botClicks: v.botClicks });
  for (const [key, c] of conversions) {
    const m = measuresOf(key);
    m.conversions = c.conversions;
    m.revenueCents = c.revenueCents;
  }
  for (const [key, u] of unapproved) Object.assign(measuresOf(key), u);
  return measures;
}

/** The report order: revenue, then visits, descending; then the key bytewise, so every run agrees. */
export function compareGroups(a: { key: string; m: GroupMeasures }, b: { key: string; m: GroupMeasures }): number {
  return b.m.revenueCents - a.m.revenueCents || b.m.clicks - a.m.clicks || compareBytes(a.key, b.key);
}

const TOTALS_KEY = '__total__';

function reportRow(key: string, label: string, m: GroupMeasures, spendCents: number, exitClicks: number): ReportRow {
  return {
    key,
    label,
    clicks: m.clicks,
    botClicks: m.botClicks,
    conversions: m.conversions,
    revenue: moneyFromCents(m.revenueCents),
    spend: moneyFromCents(spendCents),
    linkClicks: m.clicks,
    exitClicks,
    landerCtr: landerCtr(exitClicks, m.clicks),
    pendingConversions: m.pending,
    pendingPayout: moneyFromCents(m.pendingCents),
    rejectedConversions: m.rejected,
    rejectedPayout: moneyFromCents(m.rejectedCents),
    ...computeMetrics({ clicks: m.clicks, conversions: m.conversions, revenueCents: m.revenueCents, spendCents, exitClicks }),
  };
}

export interface GroupFigures {
  m: GroupMeasures;
  spendCents: number;
  exitClicks: number;
}

/** The rows of `keys` in the report order, labelled (a key without a label shows as itself), and their
 *  total under `totalsLabel`; `totalsSpendCents`, when given, is the total's spend (a drill-down's opened
 *  row, split on its own), else the rows' sum. */
export function reportRows(
  keys: string[],
  figuresOf: (key: string) => GroupFigures,
  labels: Map<string, string>,
  totalsLabel: string,
  totalsSpendCents?: number,
): { rows: ReportRow[]; totals: ReportRow } {
  const total = emptyMeasures();
  let totalSpend = 0;
  let totalExits = 0;
  const groups = keys.map((key) => {
    const figures = figuresOf(key);
    addMeasures(total, figures.m);
    totalSpend += figures.spendCents;
    totalExits += figures.exitClicks;
    return { key, ...figures };
  });
  groups.sort(compareGroups);
  return {
    rows: groups.map((g) => reportRow(g.key, labels.get(g.key) ?? g.key, g.m, g.spendCents, g.exitClicks)),
    totals: reportRow(TOTALS_KEY, totalsLabel, total, totalsSpendCents ?? totalSpend, totalExits),
  };
}
