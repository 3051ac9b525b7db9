// The registrar and Cloudflare clients as configured, plus the two Cloudflare steps several callers
// share: uploading the edge worker (Settings' Redeploy Worker, DNS configuration, Migrate to Workers)
// and adding its route for a tracking host. What is missing from the configuration is said in words.
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { conflict, type Config, type RegistrantContact } from '@tracker/core';
import { createCloudflareClient, type CloudflareClient, type DnsRecord, type WorkerRoute } from '../cloudflare/cloudflare-client';
import { createNamecheapClient, type NamecheapClient } from '../registrar/namecheap-client';

/** The edge worker's source in this checkout: one ES module without imports (deploy/edge-worker). */
export const defaultEdgeWorkerScript = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../deploy/edge-worker/worker.js');
/** The script name on Cloudflare; every custom domain's route points at it. */
export const EDGE_WORKER_NAME = 'tracker-edge';

export interface DomainAutomation {
  registrar: NamecheapClient | null;
  cloudflare: CloudflareClient | null;
  registrantContact?: RegistrantContact;
  /** How registrar calls leave this server, for the proxy test: the proxy URL or none (direct). */
  proxyUrl?: string;
  trackerOrigin?: string;
  edgeWorkerSecret?: string;
  edgeWorkerScript: string;
  /** The variables a buyer must set before the registrar, or Cloudflare and the worker, can be used. */
  registrarMissing: string[];
  cloudflareMissing: string[];
}

type AutomationConfig = Pick<
  Config,
  'namecheap' | 'domainsSocksProxy' | 'registrantContact' | 'cloudflare' | 'trackerOrigin' | 'edgeWorkerSecret' | 'edgeWorkerScript'
> &
  Partial<Pick<Config, 'outgoing'>>;

export function domainAutomationFromConfig(
  config: AutomationConfig,
  options: { edgeWorkerScript?: string; timeoutMs?: number } = {},
): DomainAutomation {
  const nc = config.namecheap;
  const registrarMissing = [
    !nc.apiUser && 'NAMECHEAP_API_USER',
    !nc.apiKey && 'NAMECHEAP_API_KEY',
    !nc.clientIp && 'NAMECHEAP_CLIENT_IP',
  ].filter((v): v is string => Boolean(v));
  const cf = config.cloudflare;
  const cloudflareMissing = [
    !cf.apiToken && 'CLOUDFLARE_API_TOKEN',
    !cf.accountId && 'CLOUDFLARE_ACCOUNT_ID',
    !config.trackerOrigin && 'TRACKER_ORIGIN',
    !config.edgeWorkerSecret && 'EDGE_WORKER_SECRET',
  ].filter((v): v is string => Boolean(v));
  return {
    registrar:
      nc.apiUser && nc.apiKey && nc.clientIp
        ? createNamecheapClient({
            apiUrl: nc.apiUrl,
            apiUser: nc.apiUser,
            apiKey: nc.apiKey,
            username: nc.username,
            clientIp: nc.clientIp,
            proxyUrl: config.domainsSocksProxy,
            timeoutMs: options.timeoutMs,
            outgoing: config.outgoing,
          })
        : null,
    cloudflare:
      cf.apiToken && cf.accountId
        ? createCloudflareClient({ apiUrl: cf.apiUrl, apiToken: cf.apiToken, accountId: cf.accountId, timeoutMs: options.timeoutMs, outgoing: config.outgoing })
        : null,
    registrantContact: config.registrantContact,
    proxyUrl: config.domainsSocksProxy,
    trackerOrigin: config.trackerOrigin,
    edgeWorkerSecret: config.edgeWorkerSecret,
    edgeWorkerScript: options.edgeWorkerScript ?? config.edgeWorkerScript ?? defaultEdgeWorkerScript,
    registrarMissing,
    cloudflareMissing,
  };
}

/** No registrar, no Cloudflare: every domain action says which variables to set. */
export function unconfiguredDomainAutomation(): DomainAutomation {
  return domainAutomationFromConfig({
    namecheap: { apiUrl: 'https://api.namecheap.com/xml.response' },
    cloudflare: { apiUrl: 'https://api.cloudflare.com/client/v4' },
  });
}

const listed = (names: string[]) => (names.length === 1 ? names[0]! : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`);

/** The registrar, or a 409 naming the variables to set. */
export function requireRegistrar(automation: DomainAutomation): NamecheapClient {
  if (!automation.registrar) {
    throw conflict(`The registrar is not configured: set ${listed(automation.registrarMissing)}`);
  }
  return automation.registrar;
}

export function requireRegistrantContact(automation: DomainAutomation): RegistrantContact {
  if (!automation.registrantContact) {
    throw conflict('The registrant contact is not configured: set REGISTRANT_CONTACT (JSON with firstName, lastName, address1, city, stateProvince, postalCode, country, phone, email)');
  }
  return automation.registrantContact;
}

/** Cloudflare with everything the edge worker needs, or a 409 naming the variables to set. */
export function requireCloudflare(automation: DomainAutomation): CloudflareClient {
  if (!automation.cloudflare || automation.cloudflareMissing.length > 0) {
    throw conflict(`Cloudflare is not configured: set ${listed(automation.cloudflareMissing)}`);
  }
  return automation.cloudflare;
}

/** Uploads the current edge worker script with its bindings (the origin, and the secret ingest checks). */
export async function deployEdgeWorker(automation: DomainAutomation): Promise<{ script: string; bytes: number }> {
  const cloudflare = requireCloudflare(automation);
  let source: string;
  try {
    source = await fs.readFile(automation.edgeWorkerScript, 'utf8');
  } catch {
    throw conflict(`The edge worker script is missing: no file at ${automation.edgeWorkerScript}`);
  }
  await cloudflare.uploadWorker(EDGE_WORKER_NAME, source, [
    { type: 'plain_text', name: 'TRACKER_ORIGIN', text: automation.trackerOrigin! },
    { type: 'secret_text', name: 'EDGE_SECRET', text: automation.edgeWorkerSecret! },
  ]);
  return { script: EDGE_WORKER_NAME, bytes: Buffer.byteLength(source) };
}

/** The worker's route for a tracking host on its zone: the existing one, or a new one. */
export async function ensureWorkerRoute(cloudflare: CloudflareClient, zoneId: string, host: string): Promise<WorkerRoute> {
  const pattern = `${host}/*`;
  const existing = (await cloudflare.listWorkerRoutes(zoneId)).find((route) => route.pattern === pattern);
  if (existing && existing.script === EDGE_WORKER_NAME) return existing;
  if (existing) throw conflict(`The route ${pattern} already points at the worker ${existing.script}; remove it in Cloudflare first`);
  return cloudflare.createWorkerRoute(zoneId, pattern, EDGE_WORKER_NAME);
}

/**
 * The proxied DNS record of a tracking host: the existing one, or `AAAA 100::`, Cloudflare's documented
 * target for a host that only a Worker answers (the record must exist and be proxied for the route to
 * run; the address itself is never reached).
 */
export async function ensureTrackingRecord(cloudflare: CloudflareClient, zoneId: string, host: string): Promise<DnsRecord> {
  const existing = await cloudflare.findDnsRecord(zoneId, host);
  if (existing) return existing;
  return cloudflare.createDnsRecord(zoneId, { type: 'AAAA', name: host, content: '100::', proxied: true });
}
