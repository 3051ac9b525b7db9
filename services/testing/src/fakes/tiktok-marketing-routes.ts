// The Marketing API calls automation rules make, for the local TikTok fake: `{campaign|adgroup|ad}/get/`
// (filtering by ids; operation_status, name, budget) and the writes `{level}/status/update/` (1–20 ids,
// ENABLE/DISABLE; adgroup with allow_partial_success answering error_list), `adgroup/budget/update/` and
// `campaign/update/`. Objects hold a status and a budget tests seed and read; a test can throttle the next
// calls (40100, 40016, 40133), fail them transiently (50000/50002) or refuse one object (a partial failure).
import crypto from 'node:crypto';
import type http from 'node:http';
import {
  TIKTOK_ADGROUP_BUDGET_PATH,
  TIKTOK_CAMPAIGN_UPDATE_PATH,
  TIKTOK_STATUS_BATCH,
  tiktokGetPath,
  tiktokStatusPath,
  type MarketingLevel,
} from '@tracker/integrations';

export interface FakeMarketingObject {
  advertiserId: string;
  level: MarketingLevel;
  id: string;
  name: string;
  status: 'ENABLE' | 'DISABLE' | 'DELETE';
  /** Daily budget in dollars (campaigns and ad groups); null: unlimited. */
  budget?: number | null;
}

export interface RecordedMarketingWrite {
  path: string;
  body: Record<string, unknown>;
  /** The code answered. */
  code: number;
}

export interface FakeTiktokMarketing {
  /** Seeds (or replaces) an object. */
  setObject(object: FakeMarketingObject): void;
  /** The object as the fake holds it now. */
  object(level: MarketingLevel, id: string): FakeMarketingObject | undefined;
  /** Every write call, answered or not. */
  writes: RecordedMarketingWrite[];
  /** Every read call. */
  reads: Array<{ path: string; query: Record<string, string> }>;
  /** The next `count` marketing calls (reads and writes) answer this code with HTTP 200, changing nothing. */
  failNext(count: number, code?: number): void;
  /** The next `count` write calls (status and budget updates) answer this code, changing nothing. */
  failNextWrites(count: number, code?: number): void;
  /** The next write is made (the object changes, the write is recorded) and its answer never sent: what a caller
   *  killed between TikTok's change and reading the answer left behind. Resolves once the change is made. */
  holdNextWrite(): Promise<void>;
  /** Status updates naming this object refuse it (error_list for ad groups; the whole call otherwise). */
  refuse(level: MarketingLevel, id: string, message: string): void;
  /** Serves a marketing path; false when the path is not one of them. */
  serve(req: http.IncomingMessage, res: http.ServerResponse, allowed: (advertiserId: string, token: string | undefined) => boolean): boolean;
}

const ID_FIELD: Record<MarketingLevel, string> = { campaign: 'campaign_id', adgroup: 'adgroup_id', ad: 'ad_id' };
const LEVELS: MarketingLevel[] = ['campaign', 'adgroup', 'ad'];

export function createFakeTiktokMarketing(): FakeTiktokMarketing {
  const objects = new Map<string, FakeMarketingObject>();
  const refusals = new Map<string, string>();
  const writes: RecordedMarketingWrite[] = [];
  const reads: FakeTiktokMarketing['reads'] = [];
  const failures: number[] = [];
  const writeFailures: number[] = [];
  let holdNext: (() => void) | null = null;
  const key = (level: MarketingLevel, id: string) => `${level}:${id}`;

  const answer = (res: http.ServerResponse, code: number, message: string, data: unknown = {}) =>
    res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ code, message, request_id: crypto.randomBytes(12).toString('hex'), data }));

  const write = (path: string, body: Record<string, unknown>, allowed: (a: string, t: string | undefined) => boolean, token: string | undefined) => {
    const advertiserId = String(body.advertiser_id ?? '');
    if (!allowed(advertiserId, token)) return { code: 40001, message: 'No permission to operate advertiser, or the access token is invalid', data: {} };
    const own = (level: MarketingLevel, id: string) => {
      const o = objects.get(key(level, id));
      return o && o.advertiserId === advertiserId ? o : undefined;
    };
    for (const level of LEVELS) {
      if (path !== tiktokStatusPath(level)) continue;
      const ids = body[`${ID_FIELD[level]}s`];
      const status = body.operation_status;
      if (!Array.isArray(ids) || ids.length < 1 || ids.length > TIKTOK_STATUS_BATCH) {
        return { code: 40002, message: `${ID_FIELD[level]}s must hold 1 to ${TIKTOK_STATUS_BATCH} ids`, data: {} };
      }
      if (status !== 'ENABLE' && status !== 'DISABLE' && status !== 'DELETE') return { code: 40002, message: 'operation_status must be ENABLE, DISABLE or DELETE', data: {} };
      const partial = level === 'adgroup' && body.allow_partial_success === true;
      const errorList: Array<Record<string, string>> = [];
      const done: string[] = [];
      for (const raw of ids) {
        const id = String(raw);
        const object = own(level, id);
        const refusal = !object ? `${level} ${id} does not exist` : object.status === 'DELETE' ? `${level} ${id} is deleted` : refusals.get(key(level, id));
        if (refusal) {
          if (!partial) return { code: 40002, message: refusal, data: {} };
          errorList.push({ [ID_FIELD[level]]: id, error_message: refusal });
        } else done.push(id);
      }
      for (const id of done) own(level, id)!.status = status;
      return { code: 0, message: 'OK', data: { [`${ID_FIELD[level]}s`]: done, status, ...(partial ? { error_list: errorList } : {}) } };
    }
    if (path === TIKTOK_ADGROUP_BUDGET_PATH) {
      const list = body.budget;
      if (!Array.isArray(list) || list.length === 0) return { code: 40002, message: 'budget must be a list of {adgroup_id, budget}', data: {} };
      for (const item of list as Array<Record<string, unknown>>) {
        const object = own('adgroup', String(item.adgroup_id ?? ''));
        if (!object) return { code: 40002, message: `adgroup ${String(item.adgroup_id)} does not exist`, data: {} };
        if (typeof item.budget !== 'number' || !(item.budget > 0)) return { code: 40002, message: 'budget must be a positive number', data: {} };
      }
      for (const item of list as Array<Record<string, unknown>>) own('adgroup', String(item.adgroup_id))!.budget = item.budget as number;
      return { code: 0, message: 'OK', data: {} };
    }
    if (path === TIKTOK_CAMPAIGN_UPDATE_PATH) {
      const object = own('campaign', String(body.campaign_id ?? ''));
      if (!object) return { code: 40002, message: `campaign ${String(body.campaign_id)} does not exist`, data: {} };
      if (body.budget !== undefined) {
        if (typeof body.budget !== 'number' || !(body.budget > 0)) return { code: 40002, message: 'budget must be a positive number', data: {} };
        object.budget = body.budget;
      }
      return { code: 0, message: 'OK', data: { campaign_id: object.id } };
    }
    return undefined;
  };

  return {
    writes,
    reads,
    setObject(object) {
      objects.set(key(object.level, object.id), { ...object });
    },
    object(level, id) {
      const o = objects.get(key(level, id));
      return o ? { ...o } : undefined;
    },
    failNext(count, code = 40100) {
      for (let i = 0; i < count; i++) failures.push(code);
    },
    failNextWrites(count, code = 40100) {
      for (let i = 0; i < count; i++) writeFailures.push(code);
    },
    refuse(level, id, message) {
      refusals.set(key(level, id), message);
    },
    holdNextWrite() {
      return new Promise<void>((resolve) => (holdNext = resolve));
    },
    serve(req, res, allowed) {
      const url = new URL(req.url ?? '/', 'http://fake');
      const path = url.pathname;
      const token = typeof req.headers['access-token'] === 'string' ? req.headers['access-token'] : undefined;
      const getLevel = LEVELS.find((l) => path === tiktokGetPath(l));
      const writes_ = [...LEVELS.map(tiktokStatusPath), TIKTOK_ADGROUP_BUDGET_PATH, TIKTOK_CAMPAIGN_UPDATE_PATH];
      if (!getLevel && !writes_.includes(path)) return false;
      if (getLevel) {
        const query = Object.fromEntries(url.searchParams);
        reads.push({ path, query });
        if (req.method !== 'GET') return (answer(res, 40002, 'Use GET'), true);
        const failure = failures.shift();
        if (failure !== undefined) return (answer(res, failure, 'Too many requests or a temporary error. Please retry.'), true);
        const advertiserId = query.advertiser_id ?? '';
        if (!allowed(advertiserId, token)) return (answer(res, 40001, 'No permission to operate advertiser, or the access token is invalid'), true);
        let filtering: Record<string, unknown> = {};
        try {
          filtering = JSON.parse(query.filtering ?? '{}') as Record<string, unknown>;
        } catch {
          return (answer(res, 40002, 'filtering must be JSON'), true);
        }
        const wanted = filtering[`${ID_FIELD[getLevel]}s`];
        const ids = Array.isArray(wanted) ? new Set(wanted.map(String)) : null;
        const list = [...objects.values()]
          .filter((o) => o.level === getLevel && o.advertiserId === advertiserId && (ids === null || ids.has(o.id)))
          .map((o) => ({
            [ID_FIELD[getLevel]]: o.id,
            [`${getLevel}_name`]: o.name,
            operation_status: o.status,
            ...(getLevel === 'ad' ? {} : o.budget == null ? { budget: 0, budget_mode: 'BUDGET_MODE_INFINITE' } : { budget: o.budget, budget_mode: 'BUDGET_MODE_DAY' }),
          }));
        answer(res, 0, 'OK', { list, page_info: { page: 1, page_size: list.length, total_number: list.length, total_page: 1 } });
        return true;
      }
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        let body: Record<string, unknown> = {};
        try {
          body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<string, unknown>;
        } catch {
          body = {};
        }
        if (req.method !== 'POST') {
          writes.push({ path, body, code: 40002 });
          return answer(res, 40002, 'Use POST');
        }
        const failure = failures.shift() ?? writeFailures.shift();
        if (failure !== undefined) {
          writes.push({ path, body, code: failure });
          return answer(res, failure, 'Too many requests or a temporary error. Please retry.');
        }
        const result = write(path, body, allowed, token)!;
        writes.push({ path, body, code: result.code });
        const held = holdNext;
        if (held) {
          holdNext = null;
          return held();
        }
        answer(res, result.code, result.message, result.data);
      });
      return true;
    },
  };
}
