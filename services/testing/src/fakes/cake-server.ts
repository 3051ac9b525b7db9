// A local stand-in for a CAKE network's affiliate API for tests and local runs: `Reports/Conversions` and
// `Reports/SubAffiliateSummary` with `format=json`, checking api_key and affiliate_id, paging by
// start_at_row / row_limit, refusing windows over 28 days, and answering `{ success, message, row_count, data }`
// (errors too come as HTTP 200 with success=false, as CAKE does). Its data can change between pulls.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { CAKE_CONVERSIONS_PATH, CAKE_SUB_AFFILIATE_SUMMARY_PATH } from '@tracker/integrations';

/** A conversion as the fake's data holds it (CAKE's field names). */
export interface FakeCakeConversion {
  conversion_id: string;
  /** ISO 8601 (UTC). */
  conversion_date: string;
  offer_id: number;
  offer_name: string;
  price: number;
  subid_1?: string;
  subid_2?: string;
  subid_3?: string;
}

/** A day's figures for an offer and sub id. */
export interface FakeCakeStats {
  date: string;
  offer_id: number;
  offer_name: string;
  sub_id: string;
  subid_2?: string;
  subid_3?: string;
  clicks: number;
  conversions: number;
  revenue: number;
}

export interface FakeCakeServer {
  url: string;
  apiKey: string;
  affiliateId: string;
  conversions: FakeCakeConversion[];
  stats: FakeCakeStats[];
  /** Every request's path and query. */
  requests: Array<{ path: string; query: Record<string, string> }>;
  close(): Promise<void>;
}

const DAY_MS = 86_400_000;

export async function startFakeCakeServer(options: { apiKey?: string; affiliateId?: string } = {}): Promise<FakeCakeServer> {
  const apiKey = options.apiKey ?? 'cake-key-1234';
  const affiliateId = options.affiliateId ?? '208330';
  const state = { conversions: [] as FakeCakeConversion[], stats: [] as FakeCakeStats[], requests: [] as FakeCakeServer['requests'] };

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const query = Object.fromEntries(url.searchParams);
    state.requests.push({ path: url.pathname, query });
    const send = (body: unknown, status = 200) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    const refuse = (message: string) => send({ success: false, message, row_count: 0, data: [] });
    if (url.pathname !== CAKE_CONVERSIONS_PATH && url.pathname !== CAKE_SUB_AFFILIATE_SUMMARY_PATH) return send({ message: 'Not found' }, 404);
    if (query.api_key !== apiKey) return refuse('Invalid API Key');
    if (query.affiliate_id !== affiliateId) return refuse('Invalid Affiliate ID');
    const start = Date.parse(`${query.start_date}T00:00:00Z`);
    const end = Date.parse(`${query.end_date}T00:00:00Z`);
    if (Number.isNaN(start) || Number.isNaN(end) || end <= start) return refuse('Invalid date range');
    if ((end - start) / DAY_MS > 28) return refuse('Date range cannot exceed 28 days');
    const first = Math.max(1, Number(query.start_at_row ?? 1));
    const limit = Number(query.row_limit ?? 0) || Number.MAX_SAFE_INTEGER;
    const rows: unknown[] =
      url.pathname === CAKE_CONVERSIONS_PATH
        ? state.conversions.filter((c) => Date.parse(c.conversion_date) >= start && Date.parse(c.conversion_date) < end)
        : state.stats.filter((s) => Date.parse(`${s.date}T00:00:00Z`) >= start && Date.parse(`${s.date}T00:00:00Z`) < end);
    send({ success: true, message: '', row_count: rows.length, data: rows.slice(first - 1, first - 1 + limit) });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    apiKey,
    affiliateId,
    get conversions() {
      return state.conversions;
    },
    set conversions(v) {
      state.conversions = v;
    },
    get stats() {
      return state.stats;
    },
    set stats(v) {
      state.stats = v;
    },
    requests: state.requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
