// A local stand-in for the TikTok Marketing API calls the spend sync makes: `advertiser/info` and
// `report/integrated/get` at ad level (AUCTION_AD) by hour or by day, speaking their documented shapes:
// paging, the 30-day limit (one day for hourly rows), throttling and system codes with HTTP 200
// (40100, 40016, 40133, 50000, 50002), bad tokens (40001), and figures a test can change between pulls.
// Figures are kept per ad and advertiser-local hour; a daily row is the sum of its day's hours.
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { TIKTOK_ADVERTISER_INFO_PATH, TIKTOK_REPORT_PATH, TIKTOK_THROTTLED_CODE } from '@tracker/integrations';
import { createFakeTiktokMarketing, type FakeTiktokMarketing } from './tiktok-marketing-routes';

export interface FakeAdvertiser {
  advertiserId: string;
  accessToken: string;
  name: string;
  /** IANA zone, reported as display_timezone. */
  timezone: string;
  currency?: string;
}

/** One ad's figures for one advertiser-local hour. */
export interface FakeSpendRow {
  date: string;
  /** The advertiser-local hour (0-23); default 0. */
  hour?: number;
  campaignId: string;
  campaignName?: string;
  /** Default `${campaignId}-ag`. */
  adgroupId?: string;
  adgroupName?: string;
  /** Default `${campaignId}-ad`: one ad per campaign unless a test names more. */
  adId?: string;
  adName?: string;
  spend: string;
  impressions?: number;
  clicks?: number;
  conversions?: number;
}

export interface RecordedReportingRequest {
  path: string;
  query: Record<string, string>;
  accessToken: string | undefined;
}

export interface FakeTiktokReporting {
  url: string;
  requests: RecordedReportingRequest[];
  addAdvertiser(advertiser: FakeAdvertiser): void;
  /** Sets (or changes) the figures of one ad and hour; TikTok reports what is there now. */
  setSpend(advertiserId: string, row: FakeSpendRow): void;
  /** Drops every row of a campaign's day (TikTok no longer reports it). */
  removeSpend(advertiserId: string, date: string, campaignId: string): void;
  /** The next `count` calls answer `code` (default 40100, throttled), with HTTP 200 as TikTok does. */
  throttleNext(count: number, code?: number): void;
  /** The Marketing API objects (statuses, budgets) automation rules read and change. */
  marketing: FakeTiktokMarketing;
  close(): Promise<void>;
}

export interface FakeTiktokReportingOptions {
  /** Caps page_size (TikTok's is 1000), so tests see several pages with few rows. */
  maxPageSize?: number;
}

const DAY = 86_400_000;

export async function startFakeTiktokReporting(options: FakeTiktokReportingOptions = {}): Promise<FakeTiktokReporting> {
  const requests: RecordedReportingRequest[] = [];
  const advertisers = new Map<string, FakeAdvertiser>();
  const spend = new Map<string, Map<string, FakeSpendRow>>();
  const refusals: number[] = [];
  const marketing = createFakeTiktokMarketing();

  const server = http.createServer((req, res) => {
    if (marketing.serve(req, res, (id, token) => advertisers.get(id)?.accessToken === token)) return;
    const url = new URL(req.url ?? '/', 'http://fake');
    const query = Object.fromEntries(url.searchParams);
    const token = typeof req.headers['access-token'] === 'string' ? req.headers['access-token'] : undefined;
    requests.push({ path: url.pathname, query, accessToken: token });
    const send = (code: number, message: string, data: unknown = {}) =>
      res
        .writeHead(200, { 'Content-Type': 'application/json' })
        .end(JSON.stringify({ code, message, request_id: crypto.randomBytes(12).toString('hex'), data }));

    if (req.method !== 'GET') return send(40002, 'Method not allowed');
    const refusal = refusals.shift();
    if (refusal !== undefined) {
      return send(refusal, refusal >= 50000 ? 'System error, please retry later.' : 'Too many requests. Please retry in some random time.');
    }
    if (url.pathname === TIKTOK_ADVERTISER_INFO_PATH) {
      let ids: unknown;
      try {
        ids = JSON.parse(query.advertiser_ids ?? '');
      } catch {
        return send(40002, 'advertiser_ids must be a JSON list');
      }
      if (!Array.isArray(ids)) return send(40002, 'advertiser_ids must be a JSON list');
      const list = ids
        .map((id) => advertisers.get(String(id)))
        .filter((a): a is FakeAdvertiser => a !== undefined && a.accessToken === token)
        .map((a) => ({
          advertiser_id: a.advertiserId,
          name: a.name,
          currency: a.currency ?? 'USD',
          display_timezone: a.timezone,
          timezone: a.timezone,
        }));
      if (list.length === 0) return send(40001, 'No permission to operate advertiser, or the access token is invalid');
      return send(0, 'OK', { list });
    }
    if (url.pathname === TIKTOK_REPORT_PATH) {
      const advertiser = advertisers.get(query.advertiser_id ?? '');
      if (!advertiser || advertiser.accessToken !== token) return send(40001, 'No permission to operate advertiser, or the access token is invalid');
      if (query.report_type !== 'BASIC' || query.data_level !== 'AUCTION_AD') return send(40002, 'report_type BASIC and data_level AUCTION_AD expected');
      const hourly = query.dimensions === JSON.stringify(['ad_id', 'stat_time_hour']);
      if (!hourly && query.dimensions !== JSON.stringify(['ad_id', 'stat_time_day'])) {
        return send(40002, 'dimensions must be ["ad_id","stat_time_hour"] or ["ad_id","stat_time_day"]');
      }
      let metrics: unknown;
      try {
        metrics = JSON.parse(query.metrics ?? '');
      } catch {
        return send(40002, 'metrics must be a JSON list');
      }
      if (!Array.isArray(metrics)) return send(40002, 'metrics must be a JSON list');
      const start = Date.parse(`${query.start_date}T00:00:00Z`);
      const end = Date.parse(`${query.end_date}T00:00:00Z`);
      if (Number.isNaN(start) || Number.isNaN(end) || end < start) return send(40002, 'start_date and end_date must be yyyy-MM-dd, in order');
      if ((end - start) / DAY + 1 > 30) return send(40002, 'The time span between start_date and end_date cannot exceed 30 days');
      if (hourly && end !== start) return send(40002, 'Hourly data can be queried for one day at a time');
      const page = Number(query.page ?? 1);
      const pageSize = Math.min(Number(query.page_size ?? 10), options.maxPageSize ?? 1000);
      if (!Number.isInteger(page) || page < 1 || !Number.isInteger(pageSize) || pageSize < 1) return send(40002, 'page and page_size must be positive');
      // Hourly: one row per ad and hour; daily: the ad's hours of the day summed.
      const byKey = new Map<string, { at: string; row: Required<Pick<FakeSpendRow, 'adId'>> & FakeSpendRow; cents: number; impressions: number; clicks: number; conversions: number }>();
      for (const r of spend.get(advertiser.advertiserId)?.values() ?? []) {
        if (r.date < query.start_date! || r.date > query.end_date!) continue;
        const adId = r.adId ?? `${r.campaignId}-ad`;
        const at = hourly ? `${r.date} ${String(r.hour ?? 0).padStart(2, '0')}:00:00` : `${r.date} 00:00:00`;
        const key = `${at}|${adId}`;
        const sum = byKey.get(key) ?? byKey.set(key, { at, row: { ...r, adId }, cents: 0, impressions: 0, clicks: 0, conversions: 0 }).get(key)!;
        sum.cents += Math.round(Number(r.spend) * 100);
        sum.impressions += r.impressions ?? 0;
        sum.clicks += r.clicks ?? 0;
        sum.conversions += r.conversions ?? 0;
      }
      const rows = [...byKey.values()].sort((a, b) => (a.at === b.at ? a.row.adId.localeCompare(b.row.adId) : a.at.localeCompare(b.at)));
      const figures: Record<string, (r: (typeof rows)[number]) => string> = {
        campaign_id: (r) => r.row.campaignId,
        campaign_name: (r) => r.row.campaignName ?? '',
        adgroup_id: (r) => r.row.adgroupId ?? `${r.row.campaignId}-ag`,
        adgroup_name: (r) => r.row.adgroupName ?? '',
        ad_name: (r) => r.row.adName ?? '',
        // TikTok sends '-' for a figure it has none of.
        spend: (r) => (r.cents === 0 ? '-' : (r.cents / 100).toFixed(2)),
        impressions: (r) => String(r.impressions),
        clicks: (r) => String(r.clicks),
        conversion: (r) => String(r.conversions),
      };
      const list = rows.slice((page - 1) * pageSize, page * pageSize).map((r) => ({
        dimensions: { ad_id: r.row.adId, [hourly ? 'stat_time_hour' : 'stat_time_day']: r.at },
        metrics: Object.fromEntries((metrics as unknown[]).filter((m): m is string => typeof m === 'string' && m in figures).map((m) => [m, figures[m]!(r)])),
      }));
      return send(0, 'OK', {
        list,
        page_info: { page, page_size: pageSize, total_number: rows.length, total_page: Math.ceil(rows.length / pageSize) },
      });
    }
    return send(40404, 'Not found');
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    marketing,
    addAdvertiser(advertiser) {
      advertisers.set(advertiser.advertiserId, advertiser);
    },
    setSpend(advertiserId, row) {
      if (!spend.has(advertiserId)) spend.set(advertiserId, new Map());
      spend.get(advertiserId)!.set(`${row.date}|${row.hour ?? 0}|${row.adId ?? `${row.campaignId}-ad`}`, row);
    },
    removeSpend(advertiserId, date, campaignId) {
      const rows = spend.get(advertiserId);
      for (const [key, row] of rows ?? []) if (row.date === date && row.campaignId === campaignId) rows!.delete(key);
    },
    throttleNext(count, code = TIKTOK_THROTTLED_CODE) {
      for (let i = 0; i < count; i++) refusals.push(code);
    },
    close() {
      server.closeAllConnections();
      return new Promise((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
    },
  };
}
