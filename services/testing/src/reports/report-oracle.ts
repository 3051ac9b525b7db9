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
  /** The same days' spend per ad, as the sync pulled it ('advertiser day|tiktokCampaignId'): an hourly row's
   *  UTC start, or null for a daily row (its advertiser day taken as the report day). A report by ad group or
   *  ad splits each one's own spend over its own visits; a day without ad rows keeps its campaign's split. */
  adSpend?: Map<string, Array<{ at: number | null; adGroupId: string; adId: string; cents: number }>>;
  campaignNames: Map<string, string>;
  sparkNames: Map<string, string>;
  offerNames: Map<number, string>;
  landerNames: Map<number, string>;
  /** Public spark id → its media buyer's username. */
  buyerOfSpark: Map<string, string>;
  /** CAKE conversions as synced into cake_conversions (cakeFillIns below decides which count). */
  cake?: OracleCakeConversion[];
  /** Offers paying in euros, and the dollars per euro published so far ('yyyy-MM-dd' → rate): a transaction of
   *  a click of such an offer counts its last payout at the rate of its first postback's UTC day (a weekend
   *  takes the Friday's), and not at all while that day's rate is unpublished (it waits, parked). */
  payoutFx?: { euroOffers: ReadonlySet<number>; usdPerEur: (utcDay: string) => string | undefined; toUsdCents: (euroCents: number, usdPerEur: string) => number };
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
  /** Where spend is pooled before it is split: per TikTok campaign, or per ad group or ad when a level is one
   *  (the finest). A pool is 'tt' or 'tt|ad group' ('tt|ad'). */
  type PoolLevel = 'campaign' | 'adgroup' | 'ad';
  const poolLevelOf = (ls: ReportGroupBy[]): PoolLevel => (ls.includes('tiktokCreativeId') ? 'ad' : ls.includes('tiktokAdGroupId') ? 'adgroup' : 'campaign');
  /** Per pool level: cents per 'report day|pool' (placed), the daily figures alone, and the hourly rows: an hourly
   *  series splits the last two apart. */
  const spendOf = (level: PoolLevel) => {
    const placed = new Map<string, number>();
    const daily = new Map<string, number>();
    const hourlyRows: Array<{ at: number; tt: string; cents: number }> = [];
    const add = (m: Map<string, number>, key: string, cents: number) => m.set(key, (m.get(key) ?? 0) + cents);
    for (const [id, cents] of world.spend) {
      const [advertiserDay, tt] = id.split('|') as [string, string];
      const ads = level === 'campaign' ? [] : (world.adSpend?.get(id) ?? []).filter((r) => r.cents > 0);
      if (ads.length > 0) {
        for (const r of ads) {
          const pool = `${tt}|${level === 'ad' ? r.adId : r.adGroupId}`;
          if (r.at === null) {
            add(placed, `${advertiserDay}|${pool}`, r.cents);
            add(daily, `${advertiserDay}|${pool}`, r.cents);
          } else {
            add(placed, `${day(r.at)}|${pool}`, r.cents);
            hourlyRows.push({ at: r.at, tt: pool, cents: r.cents });
          }
        }
        continue;
      }
      if ((world.hourlySpend?.get(id) ?? []).some((h) => h.cents > 0)) continue;
      add(placed, id, cents);
      add(daily, id, cents);
    }
    if (level === 'campaign') {
      for (const [id, hours] of world.hourlySpend ?? []) {
        const tt = id.slice(id.indexOf('|') + 1);
        for (const h of hours) {
          if (h.cents <= 0) continue;
          add(placed, `${day(h.at)}|${tt}`, h.cents);
          hourlyRows.push({ at: h.at, tt, cents: h.cents });
        }
      }
    }
    return { placed, daily, hourlyRows };
  };
  const rowLevel = poolLevelOf(levels);
  const openedLevel = poolLevelOf(levels.slice(0, Math.max(1, parents.length)));
  const { placed: placedSpend, daily: dailySpend, hourlyRows: hourlySpendRows } = spendOf(rowLevel);
  /** An ad group's (ad's) spend without visits of its own is its own row: a report (or an opened top row) by it, unfiltered. */
  const orphanOf = (pool: string, level: PoolLevel, grouping: ReportGroupBy) =>
    level !== 'campaign' && grouping === (level === 'ad' ? 'tiktokCreativeId' : 'tiktokAdGroupId') && pool.includes('|') ? pool.slice(pool.indexOf('|') + 1) : undefined;
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
  /** The visits of one (report day, pool), in the order of `visits`: each spend row is split over its own, and
   *  looking them up beats scanning every visit for each of the many splits a drill-down makes. A visit lies in
   *  its TikTok campaign's pool and in its ad group's and ad's. */
  let visitsByDayAndPool: Map<string, Fact[]> | undefined;
  const visitsOn = (spendDay: string, pool: string, level: PoolLevel): Fact[] => {
    if (!visitsByDayAndPool) {
      visitsByDayAndPool = new Map();
      const add = (k: string, v: Fact) => (visitsByDayAndPool!.get(k) ?? visitsByDayAndPool!.set(k, []).get(k)!).push(v);
      for (const v of visits) {
        const tt = v.dims.tiktokCampaignId;
        add(`${day(v.at)}\u0000campaign\u0000${tt}`, v);
        add(`${day(v.at)}\u0000adgroup\u0000${tt}|${v.dims.tiktokAdGroupId}`, v);
        add(`${day(v.at)}\u0000ad\u0000${tt}|${v.dims.tiktokCreativeId}`, v);
      }
    }
    // A campaign's pool is itself at every level: days without ad rows.
    return visitsByDayAndPool.get(`${spendDay}\u0000${pool.includes('|') ? level : 'campaign'}\u0000${pool}`) ?? [];
  };
  const approved: Array<Fact & { cents: number }> = [];
  const unapproved: Array<Fact & { cents: number; status: 'pending' | 'rejected' }> = [];
  for (const { first, last } of transactions.values()) {
    const click = clicks.get(first.data.clickId);
    let cents = centsFromMoney(last.data.payout);
    const fx = world.payoutFx;
    if (fx && click?.data.offerId != null && fx.euroOffers.has(click.data.offerId)) {
      const rate = fx.usdPerEur(new Date(first.at).toISOString().slice(0, 10));
      if (rate === undefined) continue;
      cents = fx.toUsdCents(cents, rate);
    }
    // Dated by its click, or by its first postback when the click never came.
    const fact = { dims: click ? click.data : NO_CLICK, at: click ? click.at : first.at, cents };
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
    passOf: (d: ClickDimensions) => boolean = passesFilters, level: PoolLevel = rowLevel, orphanGrouping?: ReportGroupBy,
  ) => {
    for (const [id, cents] of spend) {
      const spendDay = id.slice(0, id.indexOf('|'));
      const tt = id.slice(id.indexOf('|') + 1);
      if (spendDay < q.startDate || spendDay > q.endDate || cents <= 0) continue;
      const units = new Map<string, { unit: string; pass: boolean; visits: number }>();
      for (const v of visitsOn(spendDay, tt, level)) {
        const unit = unitOf(v);
        const pass = passOf(v.dims);
        const k = `${unit}\u0000${pass}`;
        (units.get(k) ?? units.set(k, { unit, pass, visits: 0 }).get(k)!).visits++;
      }
      const list = [...units.values()];
      const total = list.reduce((s, u) => s + u.visits, 0);
      if (total === 0) {
        const orphan = orphanGrouping === undefined || filtered ? undefined : orphanOf(tt, level, orphanGrouping);
        if (orphan !== undefined) row(into, orphan).spend += cents;
        else if (!filtered) row(into, unattributedInto(spendDay)).spend += cents;
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
   *  each pool's cents over (top key, passes) units, where a click passes when the filters accept it and it
   *  lies under the opened rows below the top (and has the child's key); the figure is the opened top key's
   *  passing unit. The opened row is pooled as the level above pools it (its row there, to the cent), the
   *  children as their own report would. Spend no click carries stays on the 'No click' row at every level. */
  let openedSpend = 0;
  const allocateWithinParent = () => {
    const topKey = (v: Fact) => keyIn(q.groupBy, v.dims);
    const under = (d: ClickDimensions) => passesFilters(d) && parents.every((p, i) => i === 0 || keyIn(levels[i]!, d) === p);
    const shareOf = (id: string, cents: number, level: PoolLevel, passOf: (d: ClickDimensions) => boolean, orphanGrouping?: ReportGroupBy) => {
      const top = new Map<string, Acc>();
      allocate(topKey, top, () => NO_CLICK_KEY, new Map([[id, cents]]), passOf, level, orphanGrouping);
      return top.get(parents[0]!)?.spend ?? 0;
    };
    const noClick = parents.every((p) => p === NO_CLICK_KEY);
    for (const [id, cents] of openedLevel === rowLevel ? placedSpend : spendOf(openedLevel).placed) {
      const opened = shareOf(id, cents, openedLevel, under, parents.length === 1 ? q.groupBy : undefined);
      openedSpend += opened;
      if (noClick && opened > 0) row(rows, NO_CLICK_KEY).spend += opened;
    }
    if (noClick) return;
    for (const [id, cents] of placedSpend) {
      const spendDay = id.slice(0, id.indexOf('|'));
      const tt = id.slice(id.indexOf('|') + 1);
      const children = new Set<string>();
      for (const v of visitsOn(spendDay, tt, rowLevel)) {
        if (under(v.dims) && topKey(v) === parents[0]) children.add(keyOf(v.dims));
      }
      for (const child of children) {
        const share = shareOf(id, cents, rowLevel, (d) => under(d) && keyOf(d) === child);
        if (share > 0) row(rows, child).spend += share;
      }
    }
  };
  if (q.drill) allocateWithinParent();
  else {
    allocate((v) => keyOf(v.dims), rows, () => NO_CLICK_KEY, placedSpend, passesFilters, rowLevel, rowGrouping);
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
        const inHour = visitsOn(hour.slice(0, 10), tt, rowLevel).filter((v) => bucketOf(v.at) === hour);
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
