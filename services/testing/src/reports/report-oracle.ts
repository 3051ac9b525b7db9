// Test support: the reports of GET /api/reports computed again in plain TypeScript, straight from the
// events that were published (in publish order) and the spend that was recorded. It shares no code
// with the SQL path but the spec's formulas (schemas/report-metrics), so the two must agree to the cent.
import {
  centsFromMoney,
  computeMetrics,
  landerCtr,
  moneyFromCents,
  NONE_FILTER,
  NO_CLICK_KEY,
  type ClickDimensions,
  type ClickEvent,
  type ConversionEvent,
  type ExitEvent,
  type ReportGroupBy,
  type ReportRow,
  type ReportSeriesPoint,
  type TrackingEvent,
  type TrackingVariable,
} from '@tracker/schemas';
import { deriveClickAudience, type ClickAudience } from '@tracker/projector';

export interface OracleWorld {
  /** Every published event, in publish order. */
  events: TrackingEvent[];
  /** Cents per 'yyyy-MM-dd|tiktokCampaignId' (an advertiser day, or a day recorded without an account),
   *  as last recorded: a report takes that calendar day as its own day. */
  spend: Map<string, number>;
  /** Hourly spend per 'advertiser day|tiktokCampaignId': the hours' UTC starts and cents (ads summed). Where
   *  an entry has a positive hour, it stands for that day's figure in `spend`: each hour is the spend of the
   *  report day (in the report's zone) it starts in. */
  hourlySpend?: Map<string, Array<{ at: number; cents: number }>>;
  campaignNames: Map<string, string>;
  sparkNames: Map<string, string>;
  offerNames: Map<number, string>;
  landerNames: Map<number, string>;
  /** Public spark id → its media buyer's username. */
  buyerOfSpark: Map<string, string>;
  /** CAKE conversions as synced into cake_conversions (cakeFillIns below decides which count). */
  cake?: OracleCakeConversion[];
}

/** A CAKE conversion: subid2 is our click id. */
export interface OracleCakeConversion {
  conversionId: string;
  clickId: string;
  cents: number;
}

/**
 * The CAKE conversions a report counts (docs/analytics.md): those of a known click that no postback
 * covers, by click id or by transaction id; each counts as an approved conversion of its click.
 */
export function cakeFillIns(cake: OracleCakeConversion[], clicks: Map<string, ClickEvent>, transactions: Map<string, { first: ConversionEvent }>) {
  const postbackClicks = new Set([...transactions.values()].map((t) => t.first.data.clickId));
  return cake.filter((c) => clicks.has(c.clickId) && !postbackClicks.has(c.clickId) && !transactions.has(c.conversionId));
}

export interface OracleQuery {
  timezone: string;
  startDate: string;
  endDate: string;
  groupBy: ReportGroupBy;
  filters: {
    offer?: number; spark?: string; mediaBuyer?: string; campaignId?: string;
    /** Audience filters: a value as derived, or 'none'. */
    country?: string; device?: string; os?: string; browser?: string;
    /** A flow rule's name, or 'none' for the default path. */
    rule?: string;
  };
  /** A drill-down: the rows of grouping `then` under the `groupBy` row `parent`, or of `then2` under the
   *  `then` row `parent2` inside it (series left empty). */
  drill?: { then: ReportGroupBy; parent: string; then2?: ReportGroupBy; parent2?: string };
  /** A scoped media buyer's public spark ids (the server's viewer scope): only their clicks count. */
  viewerSparks?: string[];
}

export interface OracleReport {
  rows: ReportRow[];
  totals: ReportRow;
  series: ReportSeriesPoint[];
}

/** The dimensions of a conversion whose click never came: known by identity, never by its (empty) values,
 *  so the oracle does not share the server's rule for spotting them. */
const NO_CLICK: ClickDimensions = {
  campaignId: '', landerId: null, offerId: null, sparkId: '', tiktokCampaignId: '', tiktokAdGroupId: '',
  tiktokCreativeId: '', placement: '', campaignName: '', adGroupName: '', creativeName: '', rule: '',
};

const formatters = new Map<string, Intl.DateTimeFormat>();
/** Per time zone, 'yyyy-MM-dd HH' by instant: the oracle asks about the same few thousand instants in every
 *  report, and a map keyed by the number (not by a string made on each call) keeps the answers cheap. */
const hours = new Map<string, Map<number, string>>();
const days = new Map<string, Map<number, string>>();
/** 'yyyy-MM-dd HH' of an instant in a time zone (memoised: the oracle asks often). */
function hourText(timezone: string, at: number): string {
  let known = hours.get(timezone);
  if (!known) hours.set(timezone, (known = new Map()));
  const text = known.get(at);
  if (text !== undefined) return text;
  let format = formatters.get(timezone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: timezone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', hourCycle: 'h23',
    });
    formatters.set(timezone, format);
  }
  const p = Object.fromEntries(format.formatToParts(new Date(at)).map((part) => [part.type, part.value]));
  const made = `${p.year}-${p.month}-${p.day} ${p.hour}`;
  known.set(at, made);
  return made;
}
function dayIn(timezone: string, at: number): string {
  let known = days.get(timezone);
  if (!known) days.set(timezone, (known = new Map()));
  const text = known.get(at);
  if (text !== undefined) return text;
  const made = hourText(timezone, at).slice(0, 10);
  known.set(at, made);
  return made;
}
const hourIn = (tz: string, at: number) => `${hourText(tz, at)}:00`;

/** The audience the projector derives, once per click's dimensions: its GeoIP and user-agent parsing would
 *  otherwise run for every click in every report the oracle computes. */
const audiences = new WeakMap<object, ClickAudience>();
function audienceOf(d: ClickDimensions & { ip?: string; userAgent?: string }): ClickAudience {
  let audience = audiences.get(d);
  if (!audience) audiences.set(d, (audience = deriveClickAudience(d.ip ?? '', d.userAgent ?? '')));
  return audience;
}

// Bound once: inside jest's module sandbox each lookup of the global Math is far slower than in plain node.
const floor = Math.floor;

/** UTF-8 byte order, as ClickHouse sorts strings: the oracle's own, shared with no API code. */
export const compareUtf8 = (a: string, b: string) => Buffer.compare(Buffer.from(a), Buffer.from(b));
const bytes = compareUtf8;

const ORACLE_COUNTRY_NAMES: Record<string, string> = { US: 'United States', DE: 'Germany', GB: 'United Kingdom', BR: 'Brazil' };

/** One counted thing, placed on the report: its dimensions and its report time. */
interface Fact {
  dims: ClickDimensions;
  at: number;
}

export function oracleReport(world: OracleWorld, q: OracleQuery): OracleReport {
  const buyer = (d: ClickDimensions) => world.buyerOfSpark.get(d.sparkId) ?? '';
  const keyIn = (grouping: ReportGroupBy, d: ClickDimensions & { ip?: string; userAgent?: string }): string => {
    // What no click carries is its own row at every level, never the '' row of clicks without a value.
    if (d === NO_CLICK) return NO_CLICK_KEY;
    switch (grouping) {
      case 'campaign': return d.campaignId;
      case 'spark': return d.sparkId;
      case 'offer': return d.offerId ? String(d.offerId) : '';
      case 'lander': return d.landerId ? String(d.landerId) : '';
      case 'mediabuyer': return buyer(d);
      case 'country': case 'device': case 'os': case 'browser':
        // The projector derives these with its libraries; the oracle checks they reach every report row.
        return audienceOf(d)[grouping];
      default: return d[grouping as Exclude<TrackingVariable, keyof ClickAudience>];
    }
  };
  // A drill-down's rows are keyed by its child grouping; what they count is what lies in the parent.
  const levels: ReportGroupBy[] = [q.groupBy];
  const parents: string[] = [];
  if (q.drill) {
    levels.push(q.drill.then);
    parents.push(q.drill.parent);
    if (q.drill.then2 !== undefined && q.drill.parent2 !== undefined) {
      levels.push(q.drill.then2);
      parents.push(q.drill.parent2);
    }
  }
  const rowGrouping = levels[levels.length - 1]!;
  const keyOf = (d: ClickDimensions) => keyIn(rowGrouping, d);
  const f = q.filters;
  const filtered = Object.values(f).some((v) => v !== undefined) || q.viewerSparks !== undefined;
  // Every filter is on a click's dimension: a filtered view leaves out what no click carries.
  const passesFilters = (d: ClickDimensions) =>
    !(filtered && d === NO_CLICK) &&
    (f.offer === undefined || d.offerId === f.offer) &&
    (f.spark === undefined || d.sparkId === (f.spark === NONE_FILTER ? '' : f.spark)) &&
    (f.mediaBuyer === undefined || buyer(d) === (f.mediaBuyer === NONE_FILTER ? '' : f.mediaBuyer)) &&
    (f.campaignId === undefined || d.campaignId === f.campaignId) &&
    (q.viewerSparks === undefined || q.viewerSparks.includes(d.sparkId)) &&
    (['country', 'device', 'os', 'browser'] as const).every((v) => f[v] === undefined || keyIn(v, d) === (f[v] === NONE_FILTER ? '' : f[v])) &&
    (f.rule === undefined || d.rule === (f.rule === NONE_FILTER ? '' : f.rule));
  /** Inside the opened rows of the first `depth` levels. */
  const insideParents = (d: ClickDimensions, depth = parents.length) => parents.slice(0, depth).every((p, i) => keyIn(levels[i]!, d) === p);
  const passes = (d: ClickDimensions) => passesFilters(d) && insideParents(d);
  const hourly = q.startDate === q.endDate;
  const day = (at: number) => dayIn(q.timezone, at);
  /** Cents per 'report day|tiktokCampaignId': hourly spend by its hours' report days, daily spend by its own day. */
  const placedSpend = new Map<string, number>();
  /** The daily figures alone ('day|tt'), and the hourly ones as [UTC start, tt, cents]: an hourly series splits them apart. */
  const dailySpend = new Map<string, number>();
  const hourlySpendRows: Array<{ at: number; tt: string; cents: number }> = [];
  const place = (key: string, cents: number) => placedSpend.set(key, (placedSpend.get(key) ?? 0) + cents);
  for (const [id, cents] of world.spend) {
    if ((world.hourlySpend?.get(id) ?? []).some((h) => h.cents > 0)) continue;
    place(id, cents);
    dailySpend.set(id, cents);
  }
  for (const [id, hours] of world.hourlySpend ?? []) {
    const tt = id.slice(id.indexOf('|') + 1);
    for (const h of hours) {
      if (h.cents <= 0) continue;
      place(`${day(h.at)}|${tt}`, h.cents);
      hourlySpendRows.push({ at: h.at, tt, cents: h.cents });
    }
  }
  const bucketOf = (at: number) => (hourly ? hourIn(q.timezone, at) : day(at));
  const inRange = (at: number) => day(at) >= q.startDate && day(at) <= q.endDate;

  // ---- the facts, as the pipeline should have kept them ----
  const clicks = new Map<string, ClickEvent>();
  const exitedClicks = new Set<string>();
  const transactions = new Map<string, { first: ConversionEvent; last: ConversionEvent }>();
  const seen = new Set<string>();
  for (const e of world.events) {
    // A second copy of an event in the log is the same event: counted once.
    if (seen.has(e.id)) continue;
    seen.add(e.id);
    if (e.type === 'click') clicks.set(e.id, e);
    else if (e.type === 'lander_click') exitedClicks.add((e as ExitEvent).data.clickId);
    else {
      const t = transactions.get(e.data.transactionId);
      if (t) t.last = e;
      else transactions.set(e.data.transactionId, { first: e, last: e });
    }
  }
  const visits: Fact[] = [...clicks.values()].map((c) => ({ dims: c.data, at: c.at }));
  /** The visits of one (report day, TikTok campaign), in the order of `visits`: each spend row is split over
   *  its own, and looking them up beats scanning every visit for each of the many splits a drill-down makes. */
  let visitsByDayAndTt: Map<string, Fact[]> | undefined;
  const visitsOn = (spendDay: string, tt: string): Fact[] => {
    if (!visitsByDayAndTt) {
      visitsByDayAndTt = new Map();
      for (const v of visits) {
        const k = `${day(v.at)}\u0000${v.dims.tiktokCampaignId}`;
        (visitsByDayAndTt.get(k) ?? visitsByDayAndTt.set(k, []).get(k)!).push(v);
      }
    }
    return visitsByDayAndTt.get(`${spendDay}\u0000${tt}`) ?? [];
  };
  const approved: Array<Fact & { cents: number }> = [];
  const unapproved: Array<Fact & { cents: number; status: 'pending' | 'rejected' }> = [];
  for (const { first, last } of transactions.values()) {
    const click = clicks.get(first.data.clickId);
    // Dated by its click, or by its first postback when the click never came.
    const fact = { dims: click ? click.data : NO_CLICK, at: click ? click.at : first.at, cents: centsFromMoney(last.data.payout) };
    if (last.data.status === 'approved') approved.push(fact);
    else unapproved.push({ ...fact, status: last.data.status });
  }
  for (const c of cakeFillIns(world.cake ?? [], clicks, transactions)) {
    const click = clicks.get(c.clickId)!;
    approved.push({ dims: click.data, at: click.at, cents: c.cents });
  }

  // ---- rows ----
  type Acc = {
    clicks: number; bots: number; conversions: number; revenue: number; spend: number; exits: number;
    pending: number; pendingCents: number; rejected: number; rejectedCents: number;
  };
  const acc = () => ({
    clicks: 0, bots: 0, conversions: 0, revenue: 0, spend: 0, exits: 0, pending: 0, pendingCents: 0, rejected: 0, rejectedCents: 0,
  });
  const rows = new Map<string, Acc>();
  const series = new Map<string, Acc>();
  const row = (m: Map<string, Acc>, k: string) => m.get(k) ?? m.set(k, acc()).get(k)!;
  for (const v of visits) {
    if (!inRange(v.at) || !passes(v.dims)) continue;
    for (const target of [row(rows, keyOf(v.dims)), row(series, bucketOf(v.at))]) target.clicks++;
  }
  for (const c of clicks.values()) {
    if (!inRange(c.at) || !passes(c.data)) continue;
    if (c.data.bot) row(rows, keyOf(c.data)).bots++;
    if (exitedClicks.has(c.id)) row(rows, keyOf(c.data)).exits++;
  }
  for (const a of approved) {
    if (!inRange(a.at) || !passes(a.dims)) continue;
    for (const target of [row(rows, keyOf(a.dims)), row(series, bucketOf(a.at))]) {
      target.conversions++;
      target.revenue += a.cents;
    }
  }
  // Pending and rejected ones count in their own columns only: not in revenue, not in the series.
  for (const u of unapproved) {
    if (!inRange(u.at) || !passes(u.dims)) continue;
    const target = row(rows, keyOf(u.dims));
    if (u.status === 'pending') {
      target.pending++;
      target.pendingCents += u.cents;
    } else {
      target.rejected++;
      target.rejectedCents += u.cents;
    }
  }

  // ---- spend: largest remainder per (day, TikTok campaign) over (unit, passes) ----
  const allocate = (
    unitOf: (v: Fact) => string, into: Map<string, Acc>, unattributedInto: (day: string) => string, spend = placedSpend,
    passOf: (d: ClickDimensions) => boolean = passesFilters,
  ) => {
    for (const [id, cents] of spend) {
      const [spendDay, tt] = id.split('|') as [string, string];
      if (spendDay < q.startDate || spendDay > q.endDate || cents <= 0) continue;
      const units = new Map<string, { unit: string; pass: boolean; visits: number }>();
      for (const v of visitsOn(spendDay, tt)) {
        const unit = unitOf(v);
        const pass = passOf(v.dims);
        const k = `${unit}\u0000${pass}`;
        (units.get(k) ?? units.set(k, { unit, pass, visits: 0 }).get(k)!).visits++;
      }
      const list = [...units.values()];
      const total = list.reduce((s, u) => s + u.visits, 0);
      if (total === 0) {
        if (!filtered) row(into, unattributedInto(spendDay)).spend += cents;
        continue;
      }
      const shares = list.map((u) => ({
        ...u,
        base: floor((cents * u.visits) / total),
        remainder: (cents * u.visits) % total,
      }));
      let left = cents - shares.reduce((s, u) => s + u.base, 0);
      shares.sort((a, b) => b.remainder - a.remainder || bytes(a.unit, b.unit) || Number(b.pass) - Number(a.pass));
      for (const s of shares) {
        const extra = left > 0 ? 1 : 0;
        left -= extra;
        if (s.pass) row(into, s.unit).spend += s.base + extra;
      }
    }
  };
  /** A drill-down's spend, as the flat report splits the same clicks: for the opened row and for each child,
   *  each (day, TikTok campaign)'s cents over (top key, passes) units, where a click passes when the filters
   *  accept it and it lies under the opened rows below the top (and has the child's key); the figure is the
   *  opened top key's passing unit. Spend no click carries stays on the 'No click' row at every level. */
  let openedSpend = 0;
  const allocateWithinParent = () => {
    const topKey = (v: Fact) => keyIn(q.groupBy, v.dims);
    const under = (d: ClickDimensions) => passesFilters(d) && parents.every((p, i) => i === 0 || keyIn(levels[i]!, d) === p);
    for (const [id, cents] of placedSpend) {
      const pair = new Map([[id, cents]]);
      const shareOf = (passOf: (d: ClickDimensions) => boolean) => {
        const top = new Map<string, Acc>();
        allocate(topKey, top, () => NO_CLICK_KEY, pair, passOf);
        return top.get(parents[0]!)?.spend ?? 0;
      };
      const opened = shareOf(under);
      openedSpend += opened;
      if (parents.every((p) => p === NO_CLICK_KEY)) {
        if (opened > 0) row(rows, NO_CLICK_KEY).spend += opened;
        continue;
      }
      const [spendDay, tt] = id.split('|') as [string, string];
      const children = new Set<string>();
      for (const v of visitsOn(spendDay, tt)) {
        if (under(v.dims) && topKey(v) === parents[0]) children.add(keyOf(v.dims));
      }
      for (const child of children) {
        const cents = shareOf((d) => under(d) && keyOf(d) === child);
        if (cents > 0) row(rows, child).spend += cents;
      }
    }
  };
  if (q.drill) allocateWithinParent();
  else {
    allocate((v) => keyOf(v.dims), rows, () => NO_CLICK_KEY);
    // Spend without visits: per day in a daily series; in an hourly one, the day's total is spread over
    // its 24 hours by their visits (largest remainder, the earlier hour first on a tie; evenly without visits).
    const unattributedByDay = new Map<string, Acc>();
    allocate((v) => bucketOf(v.at), series, (d) => (hourly ? `unattributed ${d}` : d), hourly ? dailySpend : placedSpend);
    if (hourly) {
      // An hourly row's spend is its hour's: split over that hour's visits of its campaign (passing or not),
      // or, unfiltered, the hour's own when it has none.
      const byHourAndTt = new Map<string, number>();
      for (const h of hourlySpendRows) {
        if (day(h.at) < q.startDate || day(h.at) > q.endDate) continue;
        const k = `${bucketOf(h.at)}\u0000${h.tt}`;
        byHourAndTt.set(k, (byHourAndTt.get(k) ?? 0) + h.cents);
      }
      for (const [k, cents] of byHourAndTt) {
        const [hour, tt] = k.split('\u0000') as [string, string];
        const inHour = visitsOn(hour.slice(0, 10), tt).filter((v) => bucketOf(v.at) === hour);
        const passing = inHour.filter((v) => passesFilters(v.dims)).length;
        const total = inHour.length;
        if (total === 0) {
          if (!filtered) row(series, hour).spend += cents;
          continue;
        }
        // Two units, passing and not: the leftover cent to the larger remainder, a tie to the passing one.
        const pass = { base: floor((cents * passing) / total), remainder: (cents * passing) % total };
        const fail = { base: floor((cents * (total - passing)) / total), remainder: (cents * (total - passing)) % total };
        const left = cents - pass.base - fail.base;
        if (passing > 0) row(series, hour).spend += pass.base + (left > 0 && pass.remainder >= fail.remainder ? 1 : 0);
      }
    }
    for (const [bucket, a] of [...series]) {
      if (!bucket.startsWith('unattributed ')) continue;
      series.delete(bucket);
      unattributedByDay.set(bucket.slice('unattributed '.length), a);
    }
    for (const [d, a] of unattributedByDay) {
      const hours = Array.from({ length: 24 }, (_, h) => `${d} ${String(h).padStart(2, '0')}:00`);
      const visitsByHour = hours.map((h) => series.get(h)?.clicks ?? 0);
      const weights = visitsByHour.some((v) => v > 0) ? visitsByHour : hours.map(() => 1);
      const total = weights.reduce((x, y) => x + y, 0);
      const shares = weights.map((w, i) => ({ i, base: floor((a.spend * w) / total), remainder: (a.spend * w) % total }));
      let left = a.spend - shares.reduce((x, y) => x + y.base, 0);
      for (const share of [...shares].sort((x, y) => y.remainder - x.remainder || x.i - y.i)) {
        const extra = left > 0 ? 1 : 0;
        left -= extra;
        row(series, hours[share.i]!).spend += share.base + extra;
      }
    }
  }

  // ---- labels, metrics ----
  const label = (key: string, grouping: ReportGroupBy = rowGrouping): string => {
    if (key === NO_CLICK_KEY) return 'No click';
    if (key === '') return grouping === 'spark' ? 'No Spark' : grouping === 'rule' ? 'Default' : 'Unknown';
    switch (grouping) {
      case 'campaign': return world.campaignNames.get(key) ?? key;
      case 'spark': return world.sparkNames.get(key) ?? key;
      case 'offer': return world.offerNames.get(Number(key)) ?? key;
      case 'lander': return world.landerNames.get(Number(key)) ?? key;
      // The stream's countries, named as the trackers show them.
      case 'country': return ORACLE_COUNTRY_NAMES[key] ?? key;
      default: return key;
    }
  };
  const toRow = (key: string, lbl: string, a: Acc): ReportRow => {
    // Every grouping carries the lander columns, tracking variables included.
    return {
      key, label: lbl, clicks: a.clicks, botClicks: a.bots, conversions: a.conversions,
      revenue: moneyFromCents(a.revenue), spend: moneyFromCents(a.spend),
      linkClicks: a.clicks, exitClicks: a.exits, landerCtr: landerCtr(a.exits, a.clicks),
      pendingConversions: a.pending, pendingPayout: moneyFromCents(a.pendingCents),
      rejectedConversions: a.rejected, rejectedPayout: moneyFromCents(a.rejectedCents),
      ...computeMetrics({ clicks: a.clicks, conversions: a.conversions, revenueCents: a.revenue, spendCents: a.spend, exitClicks: a.exits }),
    };
  };
  const total = acc();
  for (const a of rows.values()) for (const k of Object.keys(total) as (keyof Acc)[]) total[k] += a[k];
  // A drill-down's totals are the opened row, split on its own: its children may differ by the odd cent.
  if (q.drill) total.spend = openedSpend;

  const buckets: string[] = [];
  if (hourly) for (let h = 0; h < 24; h++) buckets.push(`${q.startDate} ${String(h).padStart(2, '0')}:00`);
  else for (let t = Date.parse(q.startDate); t <= Date.parse(q.endDate); t += 86_400_000) buckets.push(new Date(t).toISOString().slice(0, 10));

  return {
    rows: [...rows].map(([key, a]) => toRow(key, label(key), a)).sort((a, b) => bytes(a.key, b.key)),
    totals: toRow('__total__', q.drill ? label(parents[parents.length - 1]!, levels[parents.length - 1]) : 'TOTALS', total),
    series: q.drill ? [] : buckets.map((bucket) => {
      const a = series.get(bucket) ?? acc();
      return {
        bucket, visits: a.clicks, conversions: a.conversions, revenue: moneyFromCents(a.revenue),
        spend: moneyFromCents(a.spend), profit: moneyFromCents(a.revenue - a.spend),
      };
    }),
  };
}
