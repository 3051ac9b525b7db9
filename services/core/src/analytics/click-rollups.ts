// The click rollups (report_clicks_daily and report_variable_clicks_daily), summed in JavaScript by whoever
// writes clicks: the projector per unit, off the event loop, and `insertClicks` for tests and loaders.
// As materialized views they cost more chDB CPU than the raw insert itself (11 ARRAY JOIN rows a click).
// Pure (no store, no Node API), so the projector's decoder thread loads it alone: the catalogue by its
// zod-free path.
import { TRACKING_VARIABLES, type TrackingVariableColumn } from '@tracker/schemas/tracking-variables';
import type { ClickRow } from './click-row';

/** What a click adds to the rollups: its columns in the clicks table, `bot` why it is a bot ('' for a person).
 *  report_variable_clicks_daily holds a row per tracking variable (the catalogue's id) and its column's value. */
export type ClickFact = Pick<ClickRow, 'clicked_at' | 'campaign_id' | 'spark_id' | 'offer_id' | 'lander_id' | 'bot' | TrackingVariableColumn>;

export const CLICK_ROLLUP_TABLES = ['report_clicks_daily', 'report_variable_clicks_daily'] as const;
export type ClickRollupTable = (typeof CLICK_ROLLUP_TABLES)[number];

const QUARTERS = 96;

/** Where the digits of `YYYY-MM-DD` stand. */
const DATE_DIGITS = [0, 1, 2, 3, 5, 6, 8, 9];

function digit(text: string, i: number): number {
  const d = text.charCodeAt(i) - 48;
  return d >= 0 && d <= 9 ? d : Number.NaN;
}

/** `YYYY-MM-DD hh:mm...`: the UTC day and its quarter-hour (0-95), read digit by digit (the decoder thread does this
 *  for every click); undefined for any other text. */
function dayAndQuarter(clickedAt: string): { day: string; quarter: number } | undefined {
  const separator = clickedAt[10];
  if (clickedAt.length < 16 || clickedAt[4] !== '-' || clickedAt[7] !== '-' || (separator !== ' ' && separator !== 'T') || clickedAt[13] !== ':') {
    return undefined;
  }
  for (const i of DATE_DIGITS) if (Number.isNaN(digit(clickedAt, i))) return undefined;
  const hour = digit(clickedAt, 11) * 10 + digit(clickedAt, 12);
  const minute = digit(clickedAt, 14) * 10 + digit(clickedAt, 15);
  if (!(hour < 24 && minute < 60)) return undefined;
  return { day: clickedAt.slice(0, 10), quarter: hour * 4 + Math.floor(minute / 15) };
}

/** Visits and bot visits of one rollup row, by UTC quarter-hour of the day (0 = 00:00-00:15). */
class Counts {
  clicks = 0;
  bots = 0;
  readonly quarters = new Uint32Array(QUARTERS);
  readonly botQuarters = new Uint32Array(QUARTERS);

  add(quarter: number, bot: boolean): void {
    this.clicks++;
    this.quarters[quarter]!++;
    if (bot) {
      this.bots++;
      this.botQuarters[quarter]!++;
    }
  }

  /** The counting columns as the views wrote them: sumMap's sorted keys, quarters without clicks left out. */
  columns() {
    const map = (counts: Uint32Array) => {
      const quarter: number[] = [];
      const clicks: number[] = [];
      for (let q = 0; q < QUARTERS; q++) {
        if (counts[q] === 0) continue;
        quarter.push(q);
        clicks.push(counts[q]!);
      }
      return [quarter, clicks] as const;
    };
    const [quarter, clicks] = map(this.quarters);
    const [botQuarter, botClicks] = map(this.botQuarters);
    return {
      clicks: this.clicks,
      bot_clicks: this.bots,
      'quarterMap.quarter': quarter,
      'quarterMap.clicks': clicks,
      'botQuarterMap.quarter': botQuarter,
      'botQuarterMap.clicks': botClicks,
    };
  }
}

/** The rows of one day, campaign, spark, offer and TikTok campaign: by lander, and by variable and value. */
interface Slice {
  day: string;
  campaign_id: string;
  spark_id: string;
  offer_id: number;
  tiktok_campaign_id: string;
  byLander: Map<number, Counts>;
  byVariable: Array<Map<string, Counts>>;
}

function counts<K>(map: Map<K, Counts>, key: K): Counts {
  let found = map.get(key);
  if (!found) {
    found = new Counts();
    map.set(key, found);
  }
  return found;
}

/** Sums clicks into the rows of both rollups; `rows()` gives them in the order their keys were first seen. */
export class ClickRollups {
  readonly #slices = new Map<string, Slice>();
  /** The slice of the last click: a unit's clicks come in runs of one campaign and ad. */
  #last: Slice | undefined;

  add(fact: ClickFact): void {
    const time = dayAndQuarter(fact.clicked_at);
    if (!time) throw new Error(`clicked_at ${JSON.stringify(fact.clicked_at)} is not a ClickHouse date-time`);
    const { day, quarter } = time;
    let slice = this.#last;
    if (
      !slice ||
      slice.day !== day ||
      slice.campaign_id !== fact.campaign_id ||
      slice.spark_id !== fact.spark_id ||
      slice.offer_id !== fact.offer_id ||
      slice.tiktok_campaign_id !== fact.tiktok_campaign_id
    ) {
      slice = this.#slice(fact, day);
    }
    this.#last = slice;
    const bot = fact.bot !== '';
    counts(slice.byLander, fact.lander_id).add(quarter, bot);
    for (let v = 0; v < TRACKING_VARIABLES.length; v++) {
      counts(slice.byVariable[v]!, fact[TRACKING_VARIABLES[v]!.column]).add(quarter, bot);
    }
  }

  #slice(fact: ClickFact, day: string): Slice {
    // \u001f never occurs in the tracking values we store, and the key is only ever compared, never split.
    const key = `${day}\u001f${fact.campaign_id}\u001f${fact.spark_id}\u001f${fact.offer_id}\u001f${fact.tiktok_campaign_id}`;
    let slice = this.#slices.get(key);
    if (!slice) {
      slice = {
        day,
        campaign_id: fact.campaign_id,
        spark_id: fact.spark_id,
        offer_id: fact.offer_id,
        tiktok_campaign_id: fact.tiktok_campaign_id,
        byLander: new Map(),
        byVariable: TRACKING_VARIABLES.map(() => new Map()),
      };
      this.#slices.set(key, slice);
    }
    return slice;
  }

  /** The rows to insert into each rollup table (SummingMergeTree adds them to what it holds). */
  rows(): Record<ClickRollupTable, Array<Record<string, unknown>>> {
    const daily: Array<Record<string, unknown>> = [];
    const variable: Array<Record<string, unknown>> = [];
    for (const s of this.#slices.values()) {
      for (const [landerId, c] of s.byLander) {
        daily.push({
          day: s.day, campaign_id: s.campaign_id, spark_id: s.spark_id, offer_id: s.offer_id, lander_id: landerId,
          tiktok_campaign_id: s.tiktok_campaign_id, ...c.columns(),
        });
      }
      s.byVariable.forEach((values, v) => {
        for (const [value, c] of values) {
          variable.push({
            variable: TRACKING_VARIABLES[v]!.id, value, day: s.day, campaign_id: s.campaign_id, spark_id: s.spark_id,
            offer_id: s.offer_id, tiktok_campaign_id: s.tiktok_campaign_id, ...c.columns(),
          });
        }
      });
    }
    return { report_clicks_daily: daily, report_variable_clicks_daily: variable };
  }
}
