// Test support for the reports property test: a seeded generator of tracking event streams with the
// awkward cases reports must survive (replayed postbacks, events written twice to the log, late and out-of-order conversions, status changes,
// conversions for clicks that never come, clicks either side of midnight in several time zones, clicks routed by flow rules).
import type { ClickEvent, ConversionEvent, ExitEvent, PostbackStatus, TrackingEvent } from '@tracker/schemas';
import { makeEvent, newEventId, type SpendInput } from '@tracker/core';

/** mulberry32: a tiny, well-known 32-bit PRNG; the same seed gives the same stream everywhere. */
export class Random {
  private state: number;
  constructor(seed: number) {
    this.state = seed >>> 0;
  }
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)]!;
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
}

/** The entity ids the generated clicks refer to (some of them deliberately unknown to the store). */
export interface ScenarioIds {
  campaignIds: string[];
  sparkIds: string[];
  offerIds: number[];
  landerIds: number[];
}

export interface Scenario {
  /** Published first. Contains conversions whose click only comes in `second`. */
  first: TrackingEvent[];
  /** Published after the first round was projected: late clicks, their exits, more conversions. */
  second: TrackingEvent[];
  /** recordSpend calls in order; a later row replaces an earlier one of the same day and campaign. */
  spendBatches: SpendInput[][];
}

const DAY = 86_400_000;
const WINDOW_START = Date.parse('2026-03-06T00:00:00Z');
const WINDOW_END = Date.parse('2026-03-11T00:00:00Z');
/** Midnights in America/New_York (EST, then EDT from 8 March 2026) and Asia/Kolkata (UTC+5:30). */
const MIDNIGHTS = [
  ...[6, 7, 8].map((d) => Date.UTC(2026, 2, d, 5)),
  ...[9, 10].map((d) => Date.UTC(2026, 2, d, 4)),
  ...[5, 6, 7, 8, 9, 10].map((d) => Date.UTC(2026, 2, d, 18, 30)),
  ...[6, 7, 8, 9, 10].map((d) => Date.UTC(2026, 2, d)),
];
const TIKTOK_CAMPAIGNS = ['', 'tt-1', 'tt-2', 'tt-3', 'tt-4'];
const PLACEMENTS = ['', 'TikTok', 'Pangle', 'Global App Bundle'];
// United States, Germany (IPv6), United Kingdom (IPv4-mapped) and Brazil.
const PUBLIC_IPS = ['8.8.8.8', '2a00:1450:4001::1', '::ffff:81.2.69.142', '200.160.2.3'];
const USER_AGENTS = [
  '',
  'Mozilla/5.0 (iPhone)',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 musical_ly_34.1.0',
  'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
  'Mozilla/5.0 (iPad; CPU OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
];
const STATUSES: PostbackStatus[] = ['approved', 'approved', 'approved', 'pending', 'rejected'];
/** Flow rules that routed a click ('' is the default path), with names that need escaping on their way out. */
const RULES = ['US iPhones', 'Bots → offer C', 'Règle "2"\\'];

function clickTime(r: Random): number {
  if (r.chance(0.5)) return r.int(WINDOW_START, WINDOW_END - 1);
  // Close to a midnight of one of the report time zones: on either side of it.
  return r.pick(MIDNIGHTS) + r.int(-20 * 60_000, 20 * 60_000);
}

const payout = (r: Random) => `${r.int(0, 60)}.${String(r.int(0, 99)).padStart(2, '0')}`;

function randomClick(r: Random, ids: ScenarioIds): ClickEvent {
  const tt = r.pick(TIKTOK_CAMPAIGNS);
  const adGroup = tt && r.chance(0.9) ? `${tt}-ag${r.int(1, 2)}` : '';
  const creative = adGroup && r.chance(0.9) ? `${adGroup}-cr${r.int(1, 3)}` : '';
  return makeEvent(
    'click',
    {
      campaignId: r.pick(ids.campaignIds),
      landerId: r.chance(0.15) ? null : r.pick(ids.landerIds),
      offerId: r.chance(0.15) ? null : r.pick(ids.offerIds),
      sparkId: r.chance(0.3) ? '' : r.pick(ids.sparkIds),
      tiktokCampaignId: tt,
      tiktokAdGroupId: adGroup,
      tiktokCreativeId: creative,
      placement: r.pick(PLACEMENTS),
      campaignName: tt ? `Campaign ${tt}` : '',
      adGroupName: adGroup ? `Ad group ${adGroup}` : '',
      // Names that need escaping on the way out of the analytics store (backslash, tab, newline, \x1f).
      creativeName: creative ? r.pick([`Creative ${creative}`, 'Créative über', 'Back\\slash\tTab\nLine\u001fSep']) : '',
      ttclid: r.chance(0.5) ? `tt${r.int(1, 1e9)}` : '',
      // Public addresses of a few countries, private ones (no country) and a few user agents, for the audience groupings.
      ip: r.chance(0.3) ? `10.0.${r.int(0, 255)}.${r.int(1, 254)}` : r.pick(PUBLIC_IPS),
      userAgent: r.pick(USER_AGENTS),
      referrer: '',
      bot: r.chance(0.1) ? r.pick(['link-preview', 'known-bot']) : '',
      rule: r.chance(0.4) ? '' : r.pick(RULES),
    },
    { at: clickTime(r) },
  );
}

function exitOf(r: Random, click: ClickEvent): ExitEvent {
  const { ttclid: _t, referrer: _r, bot: _b, ...dimensions } = click.data;
  return makeEvent(
    'lander_click',
    { ...dimensions, clickId: click.id, clickedAt: click.at },
    { at: click.at + r.int(1000, 2 * 3_600_000) },
  );
}

/** A transaction's events: a first postback, then replays and status or payout changes. */
function transaction(r: Random, clickId: string, at: number): ConversionEvent[] {
  const transactionId = `tx-${newEventId()}`;
  const events: ConversionEvent[] = [];
  let status = r.pick(STATUSES);
  let amount = payout(r);
  const count = r.int(1, 4);
  for (let i = 0; i < count; i++) {
    if (i > 0) {
      if (r.chance(0.5)) status = r.pick(STATUSES); // else: a replay of the same state
      if (r.chance(0.3)) amount = payout(r);
    }
    events.push(
      makeEvent(
        'conversion',
        { transactionId, clickId, payout: amount, offerId: '', offerName: '', status, source: 'postback', ip: '10.1.1.1' },
        { at: at + i * r.int(1000, 3_600_000) },
      ),
    );
  }
  return events;
}

/** Orders events by a random publish key, keeping each list's own order (a transaction's events,
 *  an exit after its click). */
function interleave(r: Random, lists: TrackingEvent[][]): TrackingEvent[] {
  const keyed: Array<{ key: number; event: TrackingEvent }> = [];
  for (const list of lists) {
    let key = r.next() * 1000;
    for (const event of list) {
      keyed.push({ key, event });
      key += r.next() * 100;
    }
  }
  return keyed.sort((a, b) => a.key - b.key).map((k) => k.event);
}

export function generateScenario(seed: number, ids: ScenarioIds, size: { clicks: number; unattributed: number }): Scenario {
  const r = new Random(seed);
  const firstLists: TrackingEvent[][] = [];
  const secondLists: TrackingEvent[][] = [];
  for (let i = 0; i < size.clicks; i++) {
    const click = randomClick(r, ids);
    const late = r.chance(0.1);
    const own: TrackingEvent[] = [click];
    if (r.chance(0.4)) {
      own.push(exitOf(r, click));
      if (r.chance(0.25)) own.push(exitOf(r, click)); // the same click exits twice
    }
    (late ? secondLists : firstLists).push(own);
    if (r.chance(0.3)) {
      const events = transaction(r, click.id, click.at + r.int(60_000, 3 * DAY));
      if (late) {
        // Some of a late click's conversions arrive before it (they wait, parked), the rest after.
        const cut = r.int(1, events.length);
        firstLists.push(events.slice(0, cut));
        secondLists.push(events.slice(cut));
      } else {
        firstLists.push(events);
      }
    }
  }
  for (let i = 0; i < size.unattributed; i++) {
    // A click id that never comes: counted as unattributed once its grace period is over.
    (r.chance(0.5) ? firstLists : secondLists).push(transaction(r, newEventId(), r.int(WINDOW_START, WINDOW_END - 1)));
  }

  const spendRows = (override: boolean): SpendInput[] => {
    const rows: SpendInput[] = [];
    for (let day = 5; day <= 11; day++) {
      for (const tt of ['tt-1', 'tt-2', 'tt-3', 'tt-4', 'tt-9']) {
        if (r.chance(override ? 0.3 : 0.8)) {
          rows.push({ date: `2026-03-${String(day).padStart(2, '0')}`, tiktokCampaignId: tt, campaignName: `Campaign ${tt}`, spend: r.chance(0.05) ? '0' : payout(r), impressions: r.int(0, 1e5) });
        }
      }
    }
    return rows;
  };
  const first = interleave(r, firstLists);
  const second = interleave(r, secondLists);
  republishSome(r, first, second);
  return { first, second, spendBatches: [spendRows(false), spendRows(true)] };
}

/**
 * Puts second copies of some events into the log, later than the first (a publish retried after its
 * answer was lost writes the same event again): the pipeline must count each event once.
 */
function republishSome(r: Random, first: TrackingEvent[], second: TrackingEvent[]): void {
  const copies = (events: TrackingEvent[]) => events.filter(() => r.chance(0.04));
  for (const event of copies(first)) {
    if (r.chance(0.5)) second.splice(r.int(0, second.length), 0, event);
    else first.splice(r.int(first.indexOf(event) + 1, first.length), 0, event);
  }
  for (const event of copies(second)) second.splice(r.int(second.indexOf(event) + 1, second.length), 0, event);
}
