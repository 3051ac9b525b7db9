// The TikTok Marketing API calls automation rules act through (business-api v1.3): reading campaigns, ad
// groups and ads (`{level}/get/`: status, name, budget) and changing them (`{level}/status/update/`, at most
// 20 ids a call; `adgroup/budget/update/`, `campaign/update/`). An answer is judged by its `code` (0 ok), never
// the HTTP status alone; throttled (40100, 40016, 40133) and transient (50000, 50002) answers are retried with
// backoff up to the call's attempts, then answered as they are: the caller logs TikTok's code, message and
// request_id. Calls go through the outgoing guard, as the reporting client's do.
import { describeAnswer, remoteMessage, requestOutgoing } from '@tracker/core';
import type { TiktokCallOptions } from './reporting-api';

export type MarketingLevel = 'campaign' | 'adgroup' | 'ad';
export type OperationStatus = 'ENABLE' | 'DISABLE';

/** Codes TikTok answers when a call came too fast (per app, per advertiser, per minute). */
export const TIKTOK_THROTTLE_CODES: readonly number[] = [40100, 40016, 40133];
/** Codes of a transient failure on TikTok's side: the same call may succeed again. */
export const TIKTOK_RETRY_CODES: readonly number[] = [50000, 50002];
/** Ids per status update call. */
export const TIKTOK_STATUS_BATCH = 20;
const GET_PAGE_SIZE = 100;

export const tiktokStatusPath = (level: MarketingLevel) => `/open_api/v1.3/${level}/status/update/`;
export const tiktokGetPath = (level: MarketingLevel) => `/open_api/v1.3/${level}/get/`;
export const TIKTOK_ADGROUP_BUDGET_PATH = '/open_api/v1.3/adgroup/budget/update/';
export const TIKTOK_CAMPAIGN_UPDATE_PATH = '/open_api/v1.3/campaign/update/';

const ID_FIELD: Record<MarketingLevel, string> = { campaign: 'campaign_id', adgroup: 'adgroup_id', ad: 'ad_id' };
const NAME_FIELD: Record<MarketingLevel, string> = { campaign: 'campaign_name', adgroup: 'adgroup_name', ad: 'ad_name' };

/** What TikTok answered to one call: its code (null when it did not answer its JSON), message and request id. */
export interface MarketingAnswer {
  code: number | null;
  message: string;
  requestId: string | null;
  data: Record<string, unknown>;
  /** The last answer was a throttling code (or HTTP 429). */
  throttled: boolean;
}

export interface MarketingObject {
  id: string;
  name: string;
  /** ENABLE, DISABLE (or DELETE) as TikTok reports operation_status. */
  status: string;
  /** Decimal string; null when the object has no budget of its own (ads; unlimited budgets). */
  budget: string | null;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function callMarketing(
  options: TiktokCallOptions,
  method: 'GET' | 'POST',
  path: string,
  params: Record<string, unknown>,
): Promise<MarketingAnswer> {
  const attempts = options.attempts ?? 4;
  const backoffMs = options.backoffMs ?? 1000;
  const timeoutMs = options.timeoutMs ?? 30_000;
  const base = `${options.apiUrl.replace(/\/+$/, '')}${path}`;
  const query = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]));
  let answer: MarketingAnswer = { code: null, message: 'TikTok did not answer', requestId: null, data: {}, throttled: false };
  for (let attempt = 1; attempt <= attempts; attempt++) {
    if (attempt > 1) await sleep(backoffMs * 2 ** (attempt - 2));
    let status = 0;
    let body: Record<string, unknown> = {};
    let described = '';
    try {
      const response = await requestOutgoing(method === 'GET' ? `${base}?${query}` : base, {
        method,
        headers: { 'Access-Token': options.accessToken, ...(method === 'POST' ? { 'Content-Type': 'application/json' } : {}) },
        body: method === 'POST' ? JSON.stringify(params) : undefined,
        timeoutMs,
        policy: options.outgoing,
      });
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
      answer = {
        code: null,
        message: err.name === 'TimeoutError' ? `TikTok did not answer within ${timeoutMs / 1000} s` : `Could not reach TikTok: ${err.message || 'connection failed'}`,
        requestId: null,
        data: {},
        throttled: false,
      };
      if (err.name === 'OutgoingRefusedError') break;
      // A POST that timed out may have been applied: the caller reads the state again rather than repeating it blindly.
      if (method === 'POST') break;
      continue;
    }
    const code = typeof body.code === 'number' ? body.code : null;
    const requestId = typeof body.request_id === 'string' ? body.request_id : null;
    const data = (body.data && typeof body.data === 'object' ? body.data : {}) as Record<string, unknown>;
    const throttled = status === 429 || (code !== null && TIKTOK_THROTTLE_CODES.includes(code));
    answer = {
      code,
      message: code === null ? `TikTok answered ${described}, not its JSON` : (remoteMessage(body.message) ?? (code === 0 ? 'OK' : `HTTP ${status}`)),
      requestId,
      data,
      throttled,
    };
    if (status === 200 && code === 0) return answer;
    const transient = throttled || status >= 500 || (code !== null && TIKTOK_RETRY_CODES.includes(code));
    if (!transient) break;
  }
  return answer;
}

const chunks = <T>(items: readonly T[], size: number): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
};

/** The named objects as TikTok has them now (those it does not know are missing from the map). */
export async function getMarketingObjects(
  options: TiktokCallOptions & { advertiserId: string; level: MarketingLevel; ids: readonly string[] },
): Promise<{ objects: Map<string, MarketingObject>; answer: MarketingAnswer }> {
  const objects = new Map<string, MarketingObject>();
  let last: MarketingAnswer = { code: 0, message: 'OK', requestId: null, data: {}, throttled: false };
  const { level } = options;
  const fields = [ID_FIELD[level], NAME_FIELD[level], 'operation_status', ...(level === 'ad' ? [] : ['budget', 'budget_mode'])];
  for (const ids of chunks([...new Set(options.ids)], GET_PAGE_SIZE)) {
    last = await callMarketing(options, 'GET', tiktokGetPath(level), {
      advertiser_id: options.advertiserId,
      filtering: { [`${ID_FIELD[level]}s`]: ids },
      fields,
      page: '1',
      page_size: String(GET_PAGE_SIZE),
    });
    if (last.code !== 0) return { objects, answer: last };
    const list = Array.isArray(last.data.list) ? (last.data.list as Array<Record<string, unknown>>) : [];
    for (const item of list) {
      const id = String(item[ID_FIELD[level]] ?? '');
      if (!id) continue;
      const unlimited = item.budget_mode === 'BUDGET_MODE_INFINITE';
      objects.set(id, {
        id,
        name: typeof item[NAME_FIELD[level]] === 'string' ? (item[NAME_FIELD[level]] as string) : id,
        status: String(item.operation_status ?? ''),
        budget: level === 'ad' || unlimited || item.budget == null ? null : String(item.budget),
      });
    }
  }
  return { objects, answer: last };
}

/** One status update call (≤ 20 ids): which ids TikTok refused, with its message for each. */
export async function updateMarketingStatus(
  options: TiktokCallOptions & { advertiserId: string; level: MarketingLevel; ids: readonly string[]; status: OperationStatus },
): Promise<{ answer: MarketingAnswer; refused: Map<string, string> }> {
  if (options.ids.length === 0 || options.ids.length > TIKTOK_STATUS_BATCH) throw new RangeError(`A status update takes 1 to ${TIKTOK_STATUS_BATCH} ids`);
  const idsField = `${ID_FIELD[options.level]}s`;
  const answer = await callMarketing(options, 'POST', tiktokStatusPath(options.level), {
    advertiser_id: options.advertiserId,
    [idsField]: options.ids,
    operation_status: options.status,
    ...(options.level === 'adgroup' ? { allow_partial_success: true } : {}),
  });
  const refused = new Map<string, string>();
  if (answer.code !== 0) {
    for (const id of options.ids) refused.set(id, answer.message);
    return { answer, refused };
  }
  const errors = Array.isArray(answer.data.error_list) ? (answer.data.error_list as Array<Record<string, unknown>>) : [];
  for (const e of errors) refused.set(String(e[ID_FIELD[options.level]] ?? ''), remoteMessage(e.error_message) ?? 'refused');
  return { answer, refused };
}

/** Sets the daily budget of an ad group (`adgroup/budget/update/`) or a campaign (`campaign/update/`). */
export async function updateMarketingBudget(
  options: TiktokCallOptions & { advertiserId: string; level: 'campaign' | 'adgroup'; id: string; budget: string },
): Promise<MarketingAnswer> {
  const budget = Number(options.budget);
  return options.level === 'adgroup'
    ? callMarketing(options, 'POST', TIKTOK_ADGROUP_BUDGET_PATH, { advertiser_id: options.advertiserId, budget: [{ adgroup_id: options.id, budget }] })
    : callMarketing(options, 'POST', TIKTOK_CAMPAIGN_UPDATE_PATH, { advertiser_id: options.advertiserId, campaign_id: options.id, budget });
}
