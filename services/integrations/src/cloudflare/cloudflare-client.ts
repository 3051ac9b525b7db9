// The Cloudflare API v4 client (plain fetch behind our interface; the official `cloudflare` package
// would add ~20 MB for the six calls we make): zones, proxied DNS records, the edge worker's script
// and routes. Answers are `{ success, errors, messages, result }`; a failure is a CloudflareError
// carrying Cloudflare's own messages (errors[].message, cut short); any other answer is described, never
// quoted. Calls go through the outgoing guard.
import { describeAnswer, remoteMessage, requestOutgoing, type OutgoingPolicy, type OutgoingResponse } from '@tracker/core';

export const CLOUDFLARE_TIMEOUT_MS = 30_000;

export interface CloudflareOptions {
  apiUrl: string;
  apiToken: string;
  accountId: string;
  timeoutMs?: number;
  /** Which addresses apiUrl may reach; absent: public ones only. */
  outgoing?: OutgoingPolicy;
}

export class CloudflareError extends Error {
  override name = 'CloudflareError';
  constructor(
    message: string,
    readonly status: number,
    readonly codes: number[] = [],
  ) {
    super(message);
  }
}

export interface Zone {
  id: string;
  name: string;
  nameServers: string[];
  status: string;
}

export interface DnsRecord {
  id: string;
  type: string;
  name: string;
  content: string;
  proxied: boolean;
}

export interface WorkerRoute {
  id: string;
  pattern: string;
  script: string;
}

export type WorkerBinding = { type: 'plain_text'; name: string; text: string } | { type: 'secret_text'; name: string; text: string };

export interface CloudflareClient {
  findZone(name: string): Promise<Zone | null>;
  createZone(name: string): Promise<Zone>;
  getZone(id: string): Promise<Zone>;
  findDnsRecord(zoneId: string, name: string): Promise<DnsRecord | null>;
  createDnsRecord(zoneId: string, record: Omit<DnsRecord, 'id'>): Promise<DnsRecord>;
  /** Uploads an ES-module worker (one file, no imports) with its bindings; replaces the script. */
  uploadWorker(name: string, script: string, bindings: readonly WorkerBinding[]): Promise<void>;
  listWorkerRoutes(zoneId: string): Promise<WorkerRoute[]>;
  createWorkerRoute(zoneId: string, pattern: string, script: string): Promise<WorkerRoute>;
}

interface Envelope<T> {
  success?: boolean;
  errors?: { code?: number; message?: string }[];
  result?: T;
}

interface RawZone {
  id: string;
  name: string;
  name_servers?: string[];
  status?: string;
}

const toZone = (z: RawZone): Zone => ({ id: z.id, name: z.name, nameServers: z.name_servers ?? [], status: z.status ?? 'pending' });

/** The day the worker's runtime behaviour is pinned to. */
export const WORKER_COMPATIBILITY_DATE = '2025-09-01';

export function createCloudflareClient(options: CloudflareOptions): CloudflareClient {
  const base = options.apiUrl.replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? CLOUDFLARE_TIMEOUT_MS;

  async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const headers: Record<string, string> = { Authorization: `Bearer ${options.apiToken}` };
    let payload: string | FormData | undefined;
    if (body instanceof FormData) payload = body;
    else if (body !== undefined) {
      payload = JSON.stringify(body);
      headers['Content-Type'] = 'application/json';
    }
    let response: OutgoingResponse;
    try {
      response = await requestOutgoing(`${base}${path}`, { method, headers, body: payload, timeoutMs, policy: options.outgoing });
    } catch (error) {
      const err = (error ?? {}) as { name?: string; message?: string };
      const reason = err.name === 'TimeoutError' ? `no answer within ${Math.round(timeoutMs / 1000)} s` : err.message || String(error);
      throw new CloudflareError(`Could not reach Cloudflare (${method} ${path}): ${reason}`, 0);
    }
    let envelope: Envelope<T>;
    try {
      envelope = JSON.parse(response.text()) as Envelope<T>;
    } catch {
      throw new CloudflareError(`Cloudflare answered ${describeAnswer(response)}, not JSON (${method} ${path})`, response.status);
    }
    if (envelope === null || typeof envelope !== 'object') {
      throw new CloudflareError(`Cloudflare answered ${describeAnswer(response)}, not its JSON envelope (${method} ${path})`, response.status);
    }
    if (!response.ok || envelope.success !== true) {
      const errors = Array.isArray(envelope.errors) ? envelope.errors.slice(0, 5) : [];
      const code = (e: { code?: unknown }) => (typeof e.code === 'number' ? e.code : 0);
      const said = errors.map((e) => `${remoteMessage(e?.message) ?? 'unknown error'}${code(e ?? {}) ? ` (${code(e)})` : ''}`).join('; ');
      throw new CloudflareError(`Cloudflare: ${said || `HTTP ${response.status}`}`, response.status, errors.map((e) => code(e ?? {})));
    }
    return envelope.result as T;
  }

  const account = encodeURIComponent(options.accountId);
  const zonePath = (zoneId: string) => `/zones/${encodeURIComponent(zoneId)}`;

  return {
    async findZone(name) {
      const zones = await call<RawZone[]>('GET', `/zones?name=${encodeURIComponent(name)}&account.id=${account}`);
      return zones[0] ? toZone(zones[0]) : null;
    },
    async createZone(name) {
      return toZone(await call<RawZone>('POST', '/zones', { name, account: { id: options.accountId }, type: 'full' }));
    },
    async getZone(id) {
      return toZone(await call<RawZone>('GET', zonePath(id)));
    },
    async findDnsRecord(zoneId, name) {
      const records = await call<DnsRecord[]>('GET', `${zonePath(zoneId)}/dns_records?name=${encodeURIComponent(name)}`);
      const [record] = records;
      return record ? { id: record.id, type: record.type, name: record.name, content: record.content, proxied: Boolean(record.proxied) } : null;
    },
    async createDnsRecord(zoneId, record) {
      const created = await call<DnsRecord>('POST', `${zonePath(zoneId)}/dns_records`, { ...record, ttl: 1 });
      return { id: created.id, type: created.type, name: created.name, content: created.content, proxied: Boolean(created.proxied) };
    },
    async uploadWorker(name, script, bindings) {
      const form = new FormData();
      const metadata = { main_module: 'worker.js', compatibility_date: WORKER_COMPATIBILITY_DATE, bindings };
      form.append('metadata', new Blob([JSON.stringify(metadata)], { type: 'application/json' }));
      form.append('worker.js', new Blob([script], { type: 'application/javascript+module' }), 'worker.js');
      await call<unknown>('PUT', `/accounts/${account}/workers/scripts/${encodeURIComponent(name)}`, form);
    },
    async listWorkerRoutes(zoneId) {
      return call<WorkerRoute[]>('GET', `${zonePath(zoneId)}/workers/routes`);
    },
    async createWorkerRoute(zoneId, pattern, script) {
      return call<WorkerRoute>('POST', `${zonePath(zoneId)}/workers/routes`, { pattern, script });
    },
  };
}
