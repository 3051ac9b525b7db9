// A local stand-in for the TikTok Marketing API calls the spend sync makes: `advertiser/info` and
// `report/integrated/get` (campaign × day), speaking their documented shapes: paging, the 30-day limit,
// throttling (code 40100 with HTTP 200), bad tokens (40001), and figures a test can change between pulls.
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

export interface FakeSpendRow {
  date: string;
  campaignId: string;
  campaignName?: string;
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
  /** Sets (or changes) the figures of one campaign and day; TikTok reports what is there now. */
  setSpend(advertiserId: string, row: FakeSpendRow): void;
  /** Drops a campaign's day (TikTok no longer reports it). */
  removeSpend(advertiserId: string, date: string, campaignId: string): void;
  /** The next `count` calls answer code 40100 (throttled), with HTTP 200 as TikTok does. */
  throttleNext(count: number): void;
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
  let throttled = 0;
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
    if (throttled > 0) {
      throttled--;
      return send(TIKTOK_THROTTLED_CODE, 'Too many requests. Please retry in some random time.');
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
      if (query.report_type !== 'BASIC' || query.data_level !== 'AUCTION_CAMPAIGN') return send(40002, 'report_type BASIC and data_level AUCTION_CAMPAIGN expected');
      if (query.dimensions !== JSON.stringify(['campaign_id', 'stat_time_day'])) return send(40002, 'dimensions must be ["campaign_id","stat_time_day"]');
      const start = Date.parse(`${query.start_date}T00:00:00Z`);
      const end = Date.parse(`${query.end_date}T00:00:00Z`);
      if (Number.isNaN(start) || Number.isNaN(end) || end < start) return send(40002, 'start_date and end_date must be yyyy-MM-dd, in order');
      if ((end - start) / DAY + 1 > 30) return send(40002, 'The time span between start_date and end_date cannot exceed 30 days');
      const page = Number(query.page ?? 1);
      const pageSize = Math.min(Number(query.page_size ?? 10), options.maxPageSize ?? 1000);
      if (!Number.isInteger(page) || page < 1 || !Number.isInteger(pageSize) || pageSize < 1) return send(40002, 'page and page_size must be positive');
      const rows = [...(spend.get(advertiser.advertiserId)?.values() ?? [])]
        .filter((r) => r.date >= query.start_date! && r.date <= query.end_date!)
        .sort((a, b) => (a.date === b.date ? a.campaignId.localeCompare(b.campaignId) : a.date.localeCompare(b.date)));
      const list = rows.slice((page - 1) * pageSize, page * pageSize).map((r) => ({
        dimensions: { campaign_id: r.campaignId, stat_time_day: `${r.date} 00:00:00` },
        metrics: {
          campaign_name: r.campaignName ?? '',
          spend: r.spend,
          impressions: String(r.impressions ?? 0),
          clicks: String(r.clicks ?? 0),
          conversion: String(r.conversions ?? 0),
        },
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
      spend.get(advertiserId)!.set(`${row.date}|${row.campaignId}`, row);
    },
    removeSpend(advertiserId, date, campaignId) {
      spend.get(advertiserId)?.delete(`${date}|${campaignId}`);
    },
    throttleNext(count) {
      throttled += count;
    },
    close() {
      server.closeAllConnections();
      return new Promise((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
    },
  };
}
