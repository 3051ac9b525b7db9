// The TikTok Marketing API calls the spend sync needs (business-api v1.3): `advertiser/info` (name,
// time zone, currency) and `report/integrated/get` at ad level (data_level AUCTION_AD) by hour or by day,
// every page. TikTok answers HTTP 200 even when it refuses, so the answer's `code` decides: throttled
// (40100, 40016, 40133), system errors (50000, 50002), HTTP 429/5xx and transport failures are retried
// with backoff; any other refusal is a TiktokApiError carrying TikTok's message. At most 10 calls a
// second leave this process per API host (TikTok's per-app limit). The token goes only in the
// Access-Token header. Calls go through the outgoing guard; an answer that is not TikTok's JSON is
// described, never quoted.
import { describeAnswer, remoteMessage, requestOutgoing, type OutgoingPolicy } from '@tracker/core';

export const TIKTOK_ADVERTISER_INFO_PATH = '/open_api/v1.3/advertiser/info/';
export const TIKTOK_REPORT_PATH = '/open_api/v1.3/report/integrated/get/';
/** TikTok's largest page. */
export const TIKTOK_REPORT_PAGE_SIZE = 1000;
/** TikTok's "too many requests" code (sent with HTTP 200). */
export const TIKTOK_THROTTLED_CODE = 40100;
/** Answer codes worth another try: throttled per app (40100, 40016) or advertiser (40133), system errors. */
export const TIKTOK_RETRIED_CODES: readonly number[] = [TIKTOK_THROTTLED_CODE, 40016, 40133, 50000, 50002];
/** TikTok's basic tier: 10 calls a second per app. */
export const TIKTOK_CALLS_PER_SECOND = 10;

export class TiktokApiError extends Error {
  override name = 'TiktokApiError';
  constructor(
    message: string,
    readonly code: number | null,
  ) {
    super(message);
  }
}

export interface TiktokCallOptions {
  apiUrl: string;
  accessToken: string;
  /** Tries per call, the first included. Default 6. */
  attempts?: number;
  /** First retry delay, doubled on each further retry. Default 1000 ms. */
  backoffMs?: number;
  timeoutMs?: number;
  /** Which addresses apiUrl may reach; absent: public ones only. */
  outgoing?: OutgoingPolicy;
}

export interface AdvertiserInfo {
  advertiserId: string;
  name: string;
  /** An IANA zone name. */
  timezone: string;
  currency: string;
}

/** One ad's figures for one hour or one day, as TikTok reports them (advertiser time zone). */
export interface AdSpendRow {
  /** yyyy-MM-dd in the advertiser's time zone. */
  date: string;
  /** The hour of that day (0-23) for an hourly row; null for a daily one. */
  hour: number | null;
  adId: string;
  adgroupId: string;
  campaignId: string;
  campaignName: string | null;
  adgroupName: string | null;
  adName: string | null;
  /** Decimal string as TikTok sent it ('-' for none becomes '0'). */
  spend: string;
  impressions: number;
  clicks: number;
  conversions: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function isRetried(status: number, code: number | null): boolean {
  return status === 429 || status >= 500 || (code !== null && TIKTOK_RETRIED_CODES.includes(code));
}

/** When the last calls left, per API host: a call waits until fewer than TIKTOK_CALLS_PER_SECOND left
 *  in the past second. Hand-written (a sliding window of ten timestamps); p-limit caps concurrency, not rate. */
const recentCalls = new Map<string, number[]>();

async function waitForCallSlot(apiUrl: string): Promise<void> {
  const host = new URL(apiUrl).host;
  for (;;) {
    const now = Date.now();
    const calls = (recentCalls.get(host) ?? []).filter((at) => at > now - 1000);
    if (calls.length < TIKTOK_CALLS_PER_SECOND) {
      calls.push(now);
      recentCalls.set(host, calls);
      return;
    }
    recentCalls.set(host, calls);
    await sleep(calls[0]! + 1000 - now);
  }
}

/** One GET with retries; answers the `data` of a code-0 answer. */
async function callTiktok(options: TiktokCallOptions, path: string, query: Record<string, string>): Promise<Record<string, unknown>> {
  const attempts = options.attempts ?? 6;
  const backoffMs = options.backoffMs ?? 1000;
  const timeoutMs = options.timeoutMs ?? 30_000;
  const url = `${options.apiUrl.replace(/\/+$/, '')}${path}?${new URLSearchParams(query)}`;
  let last = 'TikTok did not answer';
  let lastCode: number | null = null;
  for (let attempt = 1; attempt <= attempts; attempt++) {
    if (attempt > 1) await sleep(backoffMs * 2 ** (attempt - 2));
    let status = 0;
    let body: Record<string, unknown> = {};
    let described = '';
    try {
      await waitForCallSlot(options.apiUrl);
      const response = await requestOutgoing(url, { headers: { 'Access-Token': options.accessToken }, timeoutMs, policy: options.outgoing });
      status = response.status;
      described = describeAnswer(response);
      try {
        const parsed: unknown = JSON.parse(response.text());
        if (parsed && typeof parsed === 'object') body = parsed as Record<string, unknown>;
      } catch {
        body = {};
      }
    } catch (error) {
      const err = (error ?? {}) as { name?: string; message?: string };
      last =
        err.name === 'TimeoutError'
          ? `TikTok did not answer within ${timeoutMs / 1000} s`
          : `Could not reach TikTok: ${err.message || 'connection failed'}`;
      lastCode = null;
      // A refused address stays refused: no retry.
      if (err.name === 'OutgoingRefusedError') break;
      continue;
    }
    const code = typeof body.code === 'number' ? body.code : null;
    if (status === 200 && code === 0) return (body.data ?? {}) as Record<string, unknown>;
    // TikTok's documented error shape is { code, message }: its message is shown; any other answer is
    // described, never quoted (apiUrl may point at something that is not TikTok).
    last =
      code === null
        ? `TikTok answered ${described}, not its JSON error shape`
        : `TikTok answered ${code}: ${remoteMessage(body.message) ?? `HTTP ${status}`}`;
    lastCode = code;
    if (!isRetried(status, code)) break;
  }
  throw new TiktokApiError(last, lastCode);
}

/** Name, time zone and currency of one advertiser, as TikTok reports them. */
export async function getAdvertiserInfo(options: TiktokCallOptions & { advertiserId: string }): Promise<AdvertiserInfo> {
  const data = await callTiktok(options, TIKTOK_ADVERTISER_INFO_PATH, {
    advertiser_ids: JSON.stringify([options.advertiserId]),
    fields: JSON.stringify(['advertiser_id', 'name', 'timezone', 'display_timezone', 'currency']),
  });
  const list = Array.isArray(data.list) ? (data.list as Array<Record<string, unknown>>) : [];
  const info = list.find((a) => String(a.advertiser_id) === options.advertiserId);
  if (!info) throw new TiktokApiError(`TikTok does not give this token access to advertiser ${options.advertiserId}`, null);
  // display_timezone is the IANA name (America/Los_Angeles); timezone may be an offset zone (Etc/GMT+8).
  const zone = [info.display_timezone, info.timezone].find((z): z is string => typeof z === 'string' && isTimeZone(z));
  if (!zone) throw new TiktokApiError(`TikTok reported no usable time zone for advertiser ${options.advertiserId}`, null);
  return {
    advertiserId: options.advertiserId,
    name: typeof info.name === 'string' ? info.name : options.advertiserId,
    timezone: zone,
    currency: typeof info.currency === 'string' ? info.currency : 'USD',
  };
}

export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const count = (v: unknown) => {
  const n = Number(v);
  return Number.isFinite(n) && n >= 0 ? Math.trunc(n) : 0;
};

const text = (v: unknown) => (typeof v === 'string' && v !== '' && v !== '-' ? v : null);

/** TikTok's spend text, '-' (no figure) as zero. */
const spendText = (v: unknown) => {
  const t = typeof v === 'number' ? String(v) : text(v);
  return t ?? '0';
};

/** Report rows of one call's range, every page. */
async function getReportRows(
  options: TiktokCallOptions & { advertiserId: string; startDate: string; endDate: string; pageSize?: number },
  dimensions: string[],
  metrics: string[],
): Promise<Array<{ dimensions: Record<string, unknown>; metrics: Record<string, unknown> }>> {
  const rows: Array<{ dimensions: Record<string, unknown>; metrics: Record<string, unknown> }> = [];
  const pageSize = options.pageSize ?? TIKTOK_REPORT_PAGE_SIZE;
  for (let page = 1; ; page++) {
    const data = await callTiktok(options, TIKTOK_REPORT_PATH, {
      advertiser_id: options.advertiserId,
      report_type: 'BASIC',
      data_level: 'AUCTION_AD',
      dimensions: JSON.stringify(dimensions),
      metrics: JSON.stringify(metrics),
      start_date: options.startDate,
      end_date: options.endDate,
      page: String(page),
      page_size: String(pageSize),
    });
    const list = Array.isArray(data.list) ? (data.list as Array<Record<string, Record<string, unknown>>>) : [];
    for (const item of list) rows.push({ dimensions: item.dimensions ?? {}, metrics: item.metrics ?? {} });
    const info = (data.page_info ?? {}) as Record<string, unknown>;
    if (page >= count(info.total_page) || list.length === 0) return rows;
  }
}

/** The attribute metrics that ride along with every ad row, beside the figures. */
const AD_METRICS = ['campaign_id', 'campaign_name', 'adgroup_id', 'adgroup_name', 'ad_name', 'spend', 'impressions', 'clicks', 'conversion'];

/**
 * Spend per ad and hour (`granularity: 'hour'`, stat_time_hour; one day per call) or per ad and day
 * (stat_time_day; ≤ 30 days per call) of an inclusive range in the advertiser's time zone, every page.
 */
export async function getAdSpend(
  options: TiktokCallOptions & { advertiserId: string; startDate: string; endDate: string; granularity: 'hour' | 'day'; pageSize?: number },
): Promise<AdSpendRow[]> {
  const time = options.granularity === 'hour' ? 'stat_time_hour' : 'stat_time_day';
  const rows = await getReportRows(options, ['ad_id', time], AD_METRICS);
  return rows.map(({ dimensions, metrics }) => {
    // stat_time_hour / stat_time_day come as 'yyyy-MM-dd HH:mm:ss'.
    const at = String(dimensions[time] ?? '');
    return {
      date: at.slice(0, 10),
      hour: options.granularity === 'hour' ? Number(at.slice(11, 13)) : null,
      adId: String(dimensions.ad_id ?? ''),
      adgroupId: text(metrics.adgroup_id) ?? '',
      campaignId: text(metrics.campaign_id) ?? '',
      campaignName: text(metrics.campaign_name),
      adgroupName: text(metrics.adgroup_name),
      adName: text(metrics.ad_name),
      spend: spendText(metrics.spend),
      impressions: count(metrics.impressions),
      clicks: count(metrics.clicks),
      conversions: count(metrics.conversion),
    };
  });
}
