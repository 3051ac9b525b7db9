// The one place that reads the environment: a zod schema with embedded defaults.
// A wrong value stops start-up with a message naming the variable.
import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import type { OutgoingPolicy } from '../net/outgoing-guard';

const optionalUrl = (protocols: string[]) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined))
    .refine((v) => v === undefined || protocols.some((p) => v.startsWith(p)), {
      message: `must start with ${protocols.join(' or ')}`,
    });

const optionalText = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() ? v.trim() : undefined));

const contactField = z.string().trim().min(1, 'is required');
/** The registrant, admin, tech and billing contact of bought domains (the registrar needs all four). */
const registrantContactSchema = z.object({
  firstName: contactField,
  lastName: contactField,
  address1: contactField,
  city: contactField,
  stateProvince: contactField,
  postalCode: contactField,
  /** ISO 3166-1 alpha-2, as the registrar wants it. */
  country: z.string().trim().regex(/^[A-Za-z]{2}$/, 'must be a two-letter country code'),
  /** The registrar's format: +NNN.NNNNNNNNNN. */
  phone: z.string().trim().regex(/^\+\d{1,3}\.\d{4,14}$/, 'must look like +1.5555555555'),
  email: z.string().trim().email('must be an email address'),
});
export type RegistrantContact = z.infer<typeof registrantContactSchema>;

/**
 * Which proxies' X-Forwarded-* headers count. Off; a hop count (how many proxies stand in front:
 * the client IP is the address the outermost of them saw); or the proxies' addresses / CIDRs. `true`
 * is one hop, never "trust every entry": the leftmost X-Forwarded-For entry is whatever the client
 * wrote when the proxy appends to it (nginx `$proxy_add_x_forwarded_for`, AWS ALB).
 */
export type TrustProxy = false | number | string[];

/** proxy-addr's names for address ranges, accepted beside addresses and CIDRs. */
const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.includes(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

function parseTrustProxy(value: string, ctx: z.RefinementCtx): TrustProxy {
  const v = value.toLowerCase();
  if (v === '' || v === 'false' || v === '0') return false;
  if (v === 'true') return 1;
  if (/^\d+$/.test(v)) {
    if (Number(v) <= 20) return Number(v);
    ctx.addIssue({ code: 'custom', message: 'a hop count must be at most 20' });
    return z.NEVER;
  }
  const entries = v.split(',').map((e) => e.trim()).filter((e) => e !== '');
  const wrong = entries.filter((e) => !isProxyAddress(e));
  if (entries.length === 0 || wrong.length > 0) {
    ctx.addIssue({
      code: 'custom',
      message: `must be true, false, a hop count, or a comma-separated list of proxy addresses or CIDRs (not ${wrong.join(', ') || 'empty'})`,
    });
    return z.NEVER;
  }
  return entries;
}

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(5000),
  HOST: z.string().trim().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().trim().min(1).default('./data'),
  DATABASE_URL: optionalUrl(['postgres://', 'postgresql://']),
  CLICKHOUSE_URL: optionalUrl(['http://', 'https://']),
  KAFKA_BROKERS: optionalText.refine(
    (v) => v === undefined || v.split(',').every((b) => /^[^\s:,]+:\d+$/.test(b.trim())),
    { message: 'must be a comma-separated list of host:port' },
  ),
  KAFKA_TOPIC: z.string().trim().min(1).default('tracker.events'),
  KAFKA_PARTITIONS: z.coerce.number().int().min(1).max(1024).default(6),
  // How long an ingest publish waits for Kafka's acknowledgement before the event goes to the local spill.
  SPILL_AFTER_MS: z.coerce.number().int().min(1).max(60_000).default(300),
  // Most bytes of events the spill holds while Kafka is down (default 1 GiB); past it postbacks answer 503.
  SPILL_MAX_BYTES: z.coerce.number().int().min(1).default(1024 * 1024 * 1024),
  REDIS_URL: optionalUrl(['redis://', 'rediss://']),
  ADMIN_USERNAME: optionalText,
  ADMIN_PASSWORD: optionalText.refine((v) => v === undefined || v.length >= 8, {
    message: 'must be at least 8 characters',
  }),
  SESSION_SECRET: optionalText.refine((v) => v === undefined || v.length >= 32, {
    message: 'must be at least 32 characters',
  }),
  SECRETS_KEY: optionalText.refine((v) => v === undefined || /^[0-9a-fA-F]{64}$/.test(v), {
    message: 'must be 64 hex characters (a 256-bit key)',
  }),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: z.string().trim().default('false').transform(parseTrustProxy),
  // Calls to third parties (CAKE, TikTok, the registrar, Cloudflare) may reach private, loopback and
  // link-local addresses: off, so a base URL saved in Settings cannot read this server's own network.
  OUTGOING_ALLOW_PRIVATE: z
    .enum(['true', 'false', '1', '0', ''])
    .default('false')
    .transform((v) => v === 'true' || v === '1'),
  // Notification channels (Slack, Telegram, webhooks) may post to private, loopback and link-local
  // addresses: off, so a channel URL saved in Settings cannot reach this server's own network. Apart
  // from OUTGOING_ALLOW_PRIVATE: a chat or webhook on the office network does not open the API URLs too.
  NOTIFY_ALLOW_PRIVATE: z
    .enum(['true', 'false', '1', '0', ''])
    .default('false')
    .transform((v) => v === 'true' || v === '1'),
  /** Telegram's Bot API (a local fake in tests). */
  TELEGRAM_API_URL: z.string().trim().url().default('https://api.telegram.org'),
  /** Minutes between the alert checks (spend sync, conversions, projector lag, spill, domains); 0 turns them off. */
  ALERT_CHECK_MINUTES: z.coerce.number().int().min(0).max(1440).default(5),
  // The nice value of the embedded engine's merges and inserts and of the projector's decoding thread: background
  // work that yields the CPU to the click redirect. 0 runs them at the process's own priority (a machine shared
  // with other busy programs, where niced work would wait behind all of them).
  BACKGROUND_NICE: z.coerce.number().int().min(0).max(19).default(19),
  // Shared with the edge worker (deploy/edge-worker): only a request carrying it may name the visitor's IP and host.
  EDGE_WORKER_SECRET: optionalText.refine((v) => v === undefined || v.length >= 16, {
    message: 'must be at least 16 characters',
  }),
  WEB_DIST: optionalText,
  TIKTOK_API_URL: z.string().trim().url().default('https://business-api.tiktok.com'),
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  METRICS_TOKEN: optionalText.refine((v) => v === undefined || v.length >= 16, {
    message: 'must be at least 16 characters',
  }),
  TIKTOK_SPEND_SYNC_MINUTES: z.coerce.number().int().min(0).max(1440).default(15),
  // Domain automation: the registrar (Namecheap's XML API, whitelisted IPs only, hence the
  // SOCKS5 proxy), Cloudflare, and the origin the edge worker forwards custom-domain traffic to.
  NAMECHEAP_API_URL: z.string().trim().url().default('https://api.namecheap.com/xml.response'),
  NAMECHEAP_API_USER: optionalText,
  NAMECHEAP_API_KEY: optionalText,
  NAMECHEAP_USERNAME: optionalText,
  NAMECHEAP_CLIENT_IP: optionalText.refine((v) => v === undefined || isIP(v) !== 0, { message: 'must be an IP address' }),
  DOMAINS_SOCKS_PROXY: optionalUrl(['socks5://', 'socks5h://']),
  REGISTRANT_CONTACT: optionalText.transform((v, ctx) => {
    if (v === undefined) return undefined;
    let json: unknown;
    try {
      json = JSON.parse(v);
    } catch {
      ctx.addIssue({ code: 'custom', message: 'must be JSON: {"firstName": ..., "lastName": ..., ...}' });
      return z.NEVER;
    }
    const contact = registrantContactSchema.safeParse(json);
    if (!contact.success) {
      ctx.addIssue({ code: 'custom', message: contact.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ') });
      return z.NEVER;
    }
    return contact.data;
  }),
  CLOUDFLARE_API_URL: z.string().trim().url().default('https://api.cloudflare.com/client/v4'),
  CLOUDFLARE_API_TOKEN: optionalText,
  CLOUDFLARE_ACCOUNT_ID: optionalText,
  TRACKER_ORIGIN: optionalUrl(['http://', 'https://']),
  EDGE_WORKER_SCRIPT: optionalText,
  /** The mailbox the verification codes are forwarded to, e.g. imaps://user:pass@host:993/INBOX. */
  CODES_IMAP_URL: optionalUrl(['imap://', 'imaps://']).refine((v) => v === undefined || URL.canParse(v), {
    message: 'must be a URL like imaps://user:password@host:993/INBOX',
  }),
  CODES_IMAP_POLL_SECONDS: z.coerce.number().min(1).max(3600).default(15),
  /** Minutes between scheduled CAKE syncs of the recent days (once CAKE is configured); 0 turns them off. */
  CAKE_SYNC_INTERVAL_MINUTES: z.coerce.number().int().min(0).max(10_080).default(60),
  /** The folder the ECB's eurofxref-daily.xml and eurofxref-hist-90d.xml are read from (a local fake in tests). */
  FX_RATES_URL: z.string().trim().url().default('https://www.ecb.europa.eu/stats/eurofxref/'),
  /** Hours between looks for new reference rates (a call only when today's are not stored yet); 0 turns them off. */
  FX_RATES_INTERVAL_HOURS: z.coerce.number().int().min(0).max(168).default(6),
  // Days raw clicks (and their exits and click_index rows) are kept; the daily rollups are kept forever. At least
  // 30: a late conversion finds its click in click_index, and a replayed event its first copy; 0 keeps them forever.
  RAW_RETENTION_DAYS: z.coerce
    .number()
    .int('must be a whole number of days')
    .refine((v) => v === 0 || (v >= 30 && v <= 36_500), { message: 'must be 0 (keep forever) or from 30 to 36500 days' })
    .default(400),
  /** `daily`: `tracker all` on the embedded stores writes a backup each UTC day into BACKUP_DIR (docs/backup.md). */
  BACKUP_SCHEDULE: z.enum(['off', 'daily']).default('off'),
  BACKUP_DIR: optionalText,
  /** How many scheduled backups BACKUP_DIR keeps; older ones are deleted after each new one. */
  BACKUP_KEEP: z.coerce.number().int().min(1).max(1000).default(7),
});

export type Env = z.input<typeof envSchema>;

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  clickhouseUrl?: string;
  kafka?: { brokers: string[]; topic: string; partitions: number };
  /** The ingest's spill under DATA_DIR/spill while Kafka does not acknowledge (SPILL_AFTER_MS, SPILL_MAX_BYTES). */
  spill: { afterMs: number; maxBytes: number };
  redisUrl?: string;
  admin?: { username: string; password: string };
  /** Absent values are generated and kept in DATA_DIR by `resolveSecrets`. */
  sessionSecret?: string;
  secretsKey?: string;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  trustProxy: TrustProxy;
  /** Which addresses calls to third parties may reach (OUTGOING_ALLOW_PRIVATE). */
  outgoing: OutgoingPolicy;
  /** Notification channels: which addresses they may post to (NOTIFY_ALLOW_PRIVATE), and Telegram's API. */
  notify: { outgoing: OutgoingPolicy; telegramApiUrl: string };
  /** Minutes between alert checks; 0 = none. */
  alertCheckMinutes: number;
  backgroundNice: number;
  /** The secret the edge worker sends as X-Edge-Secret; unset: ingest ignores every X-Edge-* header. */
  edgeWorkerSecret?: string;
  /** The built web app; defaults to web/dist of this checkout. */
  webDist?: string;
  /** Base URL of TikTok's business API (a local fake in tests). */
  tiktokApiUrl: string;
  /**
   * Where /metrics is scraped (deploy/ops.md): `port` is a listener of its own that also answers
   * /healthz and /readyz (the only HTTP of `tracker projector` and `tracker workers`); else `token`
   * guards /metrics on the main port; with neither, only this machine may scrape.
   */
  metrics: { port?: number; token?: string };
  /** How often the workers pull every TikTok ad account's recent spend; 0 turns the schedule off. */
  tiktokSpendSyncMinutes: number;
  /** Namecheap's XML API; `apiUser`/`apiKey` unset: no registrar, so no domain can be checked or bought. */
  namecheap: { apiUrl: string; apiUser?: string; apiKey?: string; username?: string; clientIp?: string };
  /** `socks5://[user:pass@]host:port` every registrar call goes through; unset: direct. */
  domainsSocksProxy?: string;
  registrantContact?: RegistrantContact;
  cloudflare: { apiUrl: string; apiToken?: string; accountId?: string };
  /** The tracker's public origin the edge worker forwards custom-domain requests to. */
  trackerOrigin?: string;
  /** The edge worker's source file; defaults to deploy/edge-worker/worker.js of this checkout. */
  edgeWorkerScript?: string;
  /** Verification-code mailbox (imap:// or imaps://, credentials in the URL); no IMAP source when absent. */
  codesImapUrl?: string;
  /** How often the workers poll that mailbox. */
  codesImapPollMs: number;
  /** Milliseconds between scheduled CAKE syncs; 0 = none. */
  cakeSyncIntervalMs: number;
  /** The ECB reference rates folder, ending in '/' (the file names are appended), and how often to look; 0 = never. */
  fxRates: { url: string; intervalMs: number };
  /** Days raw clicks and exits are kept (RAW_RETENTION_DAYS, applied at start-up by applyRawRetention); 0 = forever. */
  rawRetentionDays: number;
  /** Scheduled backups of the embedded stores: `every` off or daily, into `dir` (default DATA_DIR/backups), the newest `keep` kept. */
  backup: { every: 'off' | 'daily'; dir: string; keep: number };
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Reads and validates configuration; throws ConfigError naming every bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  const e = parsed.data;
  if ((e.ADMIN_USERNAME === undefined) !== (e.ADMIN_PASSWORD === undefined)) {
    throw new ConfigError(
      'Invalid configuration:\n  ADMIN_USERNAME and ADMIN_PASSWORD must be set together',
    );
  }
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    clickhouseUrl: e.CLICKHOUSE_URL,
    kafka: e.KAFKA_BROKERS
      ? {
          brokers: e.KAFKA_BROKERS.split(',').map((b) => b.trim()),
          topic: e.KAFKA_TOPIC,
          partitions: e.KAFKA_PARTITIONS,
        }
      : undefined,
    spill: { afterMs: e.SPILL_AFTER_MS, maxBytes: e.SPILL_MAX_BYTES },
    redisUrl: e.REDIS_URL,
    admin:
      e.ADMIN_USERNAME && e.ADMIN_PASSWORD
        ? { username: e.ADMIN_USERNAME, password: e.ADMIN_PASSWORD }
        : undefined,
    sessionSecret: e.SESSION_SECRET,
    secretsKey: e.SECRETS_KEY,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    outgoing: { allowPrivate: e.OUTGOING_ALLOW_PRIVATE },
    notify: {
      outgoing: { allowPrivate: e.NOTIFY_ALLOW_PRIVATE, allowedBy: 'NOTIFY_ALLOW_PRIVATE' },
      telegramApiUrl: e.TELEGRAM_API_URL.replace(/\/+$/, ''),
    },
    alertCheckMinutes: e.ALERT_CHECK_MINUTES,
    backgroundNice: e.BACKGROUND_NICE,
    edgeWorkerSecret: e.EDGE_WORKER_SECRET,
    webDist: e.WEB_DIST,
    tiktokApiUrl: e.TIKTOK_API_URL.replace(/\/+$/, ''),
    metrics: { port: e.METRICS_PORT, token: e.METRICS_TOKEN },
    tiktokSpendSyncMinutes: e.TIKTOK_SPEND_SYNC_MINUTES,
    namecheap: {
      apiUrl: e.NAMECHEAP_API_URL,
      apiUser: e.NAMECHEAP_API_USER,
      apiKey: e.NAMECHEAP_API_KEY,
      username: e.NAMECHEAP_USERNAME ?? e.NAMECHEAP_API_USER,
      clientIp: e.NAMECHEAP_CLIENT_IP,
    },
    domainsSocksProxy: e.DOMAINS_SOCKS_PROXY,
    registrantContact: e.REGISTRANT_CONTACT,
    cloudflare: {
      apiUrl: e.CLOUDFLARE_API_URL.replace(/\/+$/, ''),
      apiToken: e.CLOUDFLARE_API_TOKEN,
      accountId: e.CLOUDFLARE_ACCOUNT_ID,
    },
    trackerOrigin: e.TRACKER_ORIGIN?.replace(/\/+$/, ''),
    edgeWorkerScript: e.EDGE_WORKER_SCRIPT ? path.resolve(e.EDGE_WORKER_SCRIPT) : undefined,
    codesImapUrl: e.CODES_IMAP_URL,
    codesImapPollMs: Math.round(e.CODES_IMAP_POLL_SECONDS * 1000),
    cakeSyncIntervalMs: e.CAKE_SYNC_INTERVAL_MINUTES * 60_000,
    fxRates: { url: e.FX_RATES_URL.replace(/\/*$/, '/'), intervalMs: e.FX_RATES_INTERVAL_HOURS * 3_600_000 },
    rawRetentionDays: e.RAW_RETENTION_DAYS,
    backup: {
      every: e.BACKUP_SCHEDULE,
      dir: path.resolve(e.BACKUP_DIR ?? path.join(e.DATA_DIR, 'backups')),
      keep: e.BACKUP_KEEP,
    },
  };
}
