// The CAKE affiliate API client (https://<network>/affiliates/api/docs): the Conversions report and the
// SubAffiliateSummary report, JSON answers (`format=json`), paged by start_at_row / row_limit.
// Every call covers at most CAKE_WINDOW_DAYS days; CAKE answers errors as HTTP 200 with success=false.
// Calls go through the outgoing guard (`outgoing`: absent, public addresses only).
import { describeAnswer, remoteMessage, requestOutgoing, type OutgoingPolicy, type OutgoingResponse } from '@tracker/core';
import { CAKE_WINDOW_DAYS, daysInRange } from '@tracker/schemas';

export const CAKE_CONVERSIONS_PATH = '/affiliates/api/Reports/Conversions';
export const CAKE_SUB_AFFILIATE_SUMMARY_PATH = '/affiliates/api/Reports/SubAffiliateSummary';
export const CAKE_PAGE_SIZE = 1000;
const TIMEOUT_MS = 30_000;

export interface CakeCredentials {
  /** The network's base URL, e.g. https://network.example. */
  baseUrl: string;
  apiKey: string;
  affiliateId: string;
}

/** One conversion as CAKE reports it; subid_2 carries our click id, subid_1 the media buyer. */
export interface CakeConversion {
  conversionId: string;
  /** ISO 8601. */
  conversionDate: string;
  offerId: string;
  offerName: string;
  /** Decimal string, as CAKE's `price`. */
  price: string;
  subid1: string;
  subid2: string;
  subid3: string;
}

/** One day's figures for one offer and sub id (SubAffiliateSummary asked for a single day). */
export interface CakeSubIdStats {
  date: string;
  offerId: string;
  offerName: string;
  subid1: string;
  subid2: string;
  subid3: string;
  clicks: number;
  conversions: number;
  /** Decimal string. */
  revenue: string;
}

export class CakeApiError extends Error {}

type Row = Record<string, unknown>;

const str = (v: unknown) => (v === null || v === undefined ? '' : String(v).trim());
// The field is named, its value never quoted: whatever answered may not be CAKE.
/** CAKE's amounts are JSON numbers or strings; keep them as exact decimal text. */
const amount = (v: unknown, field: string) => {
  const t = str(v);
  if (!/^-?\d+(\.\d+)?$/.test(t)) throw new CakeApiError(`CAKE sent a ${field} that is not a number`);
  return t;
};
const count = (v: unknown, field: string) => {
  const n = Number(v ?? 0);
  if (!Number.isInteger(n) || n < 0) throw new CakeApiError(`CAKE sent a ${field} figure that is not a whole number`);
  return n;
};

const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

async function getPage(creds: CakeCredentials, path: string, params: Record<string, string>, outgoing?: OutgoingPolicy): Promise<{ rows: Row[]; rowCount: number }> {
  const url = new URL(path, `${creds.baseUrl.replace(/\/+$/, '')}/`);
  for (const [k, v] of Object.entries({ api_key: creds.apiKey, affiliate_id: creds.affiliateId, format: 'json', ...params })) {
    url.searchParams.set(k, v);
  }
  let response: OutgoingResponse;
  try {
    response = await requestOutgoing(url, { headers: { accept: 'application/json' }, timeoutMs: TIMEOUT_MS, policy: outgoing });
  } catch (error) {
    // url.origin never holds the user:password of a base URL.
    throw new CakeApiError(`CAKE could not be reached at ${url.origin}: ${(error as Error).message}`);
  }
  // The body is never quoted: a base URL pointing elsewhere would have it read back through this message.
  if (!response.ok) throw new CakeApiError(`CAKE answered ${describeAnswer(response)}`);
  let body: { success?: boolean; message?: unknown; row_count?: number; data?: unknown };
  try {
    body = JSON.parse(response.text()) as typeof body;
  } catch {
    throw new CakeApiError(`CAKE's answer was not JSON (${describeAnswer(response)})`);
  }
  if (body === null || typeof body !== 'object') throw new CakeApiError(`CAKE's answer was not a JSON object (${describeAnswer(response)})`);
  if (body.success === false) throw new CakeApiError(`CAKE refused the call: ${remoteMessage(body.message) ?? 'no reason given'}`);
  if (!Array.isArray(body.data)) throw new CakeApiError('CAKE answered without a data list');
  return { rows: body.data as Row[], rowCount: Number(body.row_count ?? body.data.length) };
}

/** Every row of a report, page by page (start_at_row is 1-based). */
async function getAll(creds: CakeCredentials, path: string, params: Record<string, string>, outgoing?: OutgoingPolicy): Promise<Row[]> {
  const all: Row[] = [];
  for (let start = 1; ; start += CAKE_PAGE_SIZE) {
    const page = await getPage(creds, path, { ...params, start_at_row: String(start), row_limit: String(CAKE_PAGE_SIZE) }, outgoing);
    all.push(...page.rows);
    if (page.rows.length < CAKE_PAGE_SIZE || all.length >= page.rowCount) return all;
  }
}

function checkWindow(startDate: string, endDate: string): void {
  const days = daysInRange(startDate, endDate);
  if (days < 1 || days > CAKE_WINDOW_DAYS) throw new CakeApiError(`A CAKE call covers 1 to ${CAKE_WINDOW_DAYS} days, not ${days}`);
}

/** Conversions of [startDate, endDate] (inclusive days; CAKE's end_date is exclusive). */
export async function fetchCakeConversions(creds: CakeCredentials, startDate: string, endDate: string, outgoing?: OutgoingPolicy): Promise<CakeConversion[]> {
  checkWindow(startDate, endDate);
  const rows = await getAll(creds, CAKE_CONVERSIONS_PATH, { start_date: startDate, end_date: nextDay(endDate) }, outgoing);
  return rows.map((r) => {
    const conversionId = str(r.conversion_id);
    const at = Date.parse(str(r.conversion_date));
    if (!conversionId || Number.isNaN(at)) throw new CakeApiError('CAKE sent a conversion without its id or date');
    return {
      conversionId,
      conversionDate: new Date(at).toISOString(),
      offerId: str(r.offer_id),
      offerName: str(r.offer_name),
      price: amount(r.price ?? 0, 'price'),
      subid1: str(r.subid_1),
      subid2: str(r.subid_2),
      subid3: str(r.subid_3),
    };
  });
}

/** Per-day, per-offer, per-sub-id figures of [startDate, endDate]: one SubAffiliateSummary call per day. */
export async function fetchCakeSubIdStats(creds: CakeCredentials, startDate: string, endDate: string, outgoing?: OutgoingPolicy): Promise<CakeSubIdStats[]> {
  checkWindow(startDate, endDate);
  const stats: CakeSubIdStats[] = [];
  for (let day = startDate; day <= endDate; day = nextDay(day)) {
    const rows = await getAll(creds, CAKE_SUB_AFFILIATE_SUMMARY_PATH, { start_date: day, end_date: nextDay(day) }, outgoing);
    for (const r of rows) {
      stats.push({
        date: day,
        offerId: str(r.offer_id),
        offerName: str(r.offer_name),
        subid1: str(r.sub_id ?? r.subid_1),
        subid2: str(r.subid_2),
        subid3: str(r.subid_3),
        clicks: count(r.clicks, 'clicks'),
        conversions: count(r.conversions, 'conversions'),
        revenue: amount(r.revenue ?? 0, 'revenue'),
      });
    }
  }
  return stats;
}

/** [startDate, endDate] cut into windows CAKE accepts. */
export function cakeWindows(startDate: string, endDate: string): Array<{ startDate: string; endDate: string }> {
  const windows: Array<{ startDate: string; endDate: string }> = [];
  for (let start = startDate; start <= endDate; ) {
    let end = start;
    for (let i = 1; i < CAKE_WINDOW_DAYS && end < endDate; i++) end = nextDay(end);
    windows.push({ startDate: start, endDate: end });
    start = nextDay(end);
  }
  return windows;
}
