// The TikTok Marketing API calls the spend sync needs (business-api v1.3): `advertiser/info` (name,
// time zone, currency) and `report/integrated/get` at campaign × day, every page. Throttled answers
// (code 40100 with HTTP 200, or HTTP 429) and transport failures are retried with backoff; any other
// refusal is a TikTokApiError carrying TikTok's message. The token goes only in the Access-Token header.
// Calls go through the outgoing guard; an answer that is not TikTok's JSON is described, never quoted.
import { describeAnswer, remoteMessage, requestOutgoing, type OutgoingPolicy } from '@tracker/core';

export const TIKTOK_ADVERTISER_INFO_PATH = '/open_api/v1.3/advertiser/info/';
export const TIKTOK_REPORT_PATH = '/open_api/v1.3/report/integrated/get/';
/** TikTok's largest page. */
export const TIKTOK_REPORT_PAGE_SIZE = 1000;
/** TikTok's "too many requests" code (sent with HTTP 200). */
export const TIKTOK_THROTTLED_CODE = 40100;

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

export interface CampaignDaySpend {
  /** yyyy-MM-dd in the advertiser's time zone. */
  date: string;
  campaignId: string;
  campaignName: string | null;
  /** Decimal string as TikTok sent it. */
  spend: string;
  impressions: number;
  clicks: number;
  conversions: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function isRetried(status: number, code: number | null): boolean {
  return status === 429 || status >= 500 || code === TIKTOK_THROTTLED_CODE;
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

/** Spend per campaign and day of an inclusive range (≤ 30 days, advertiser time zone), every page. */
export async function getCampaignDailySpend(
  options: TiktokCallOptions & { advertiserId: string; startDate: string; endDate: string; pageSize?: number },
): Promise<CampaignDaySpend[]> {
  const rows: CampaignDaySpend[] = [];
  const pageSize = options.pageSize ?? TIKTOK_REPORT_PAGE_SIZE;
  for (let page = 1; ; page++) {
    const data = await callTiktok(options, TIKTOK_REPORT_PATH, {
      advertiser_id: options.advertiserId,
      report_type: 'BASIC',
      data_level: 'AUCTION_CAMPAIGN',
      dimensions: JSON.stringify(['campaign_id', 'stat_time_day']),
      metrics: JSON.stringify(['campaign_name', 'spend', 'impressions', 'clicks', 'conversion']),
      start_date: options.startDate,
      end_date: options.endDate,
      page: String(page),
      page_size: String(pageSize),
    });
    const list = Array.isArray(data.list) ? (data.list as Array<Record<string, Record<string, unknown>>>) : [];
    for (const item of list) {
      const dimensions = item.dimensions ?? {};
      const metrics = item.metrics ?? {};
      rows.push({
        // stat_time_day comes as 'yyyy-MM-dd HH:mm:ss'.
        date: String(dimensions.stat_time_day ?? '').slice(0, 10),
        campaignId: String(dimensions.campaign_id ?? ''),
        campaignName: typeof metrics.campaign_name === 'string' && metrics.campaign_name ? metrics.campaign_name : null,
        spend: String(metrics.spend ?? '0'),
        impressions: count(metrics.impressions),
        clicks: count(metrics.clicks),
        conversions: count(metrics.conversion),
      });
    }
    const info = (data.page_info ?? {}) as Record<string, unknown>;
    const totalPages = count(info.total_page);
    if (page >= totalPages || list.length === 0) return rows;
  }
}
