// The one place that reads the environment: a zod schema with embedded defaults.
// A wrong value stops start-up with a message naming the variable.
import path from 'node:path';
import { z } from 'zod';

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
  TRUST_PROXY: z
    .enum(['true', 'false', '1', '0', ''])
    .default('false')
    .transform((v) => v === 'true' || v === '1'),
  WEB_DIST: optionalText,
  TIKTOK_API_URL: z.string().trim().url().default('https://business-api.tiktok.com'),
  /** Minutes between scheduled CAKE syncs of the recent days (once CAKE is configured); 0 turns them off. */
  CAKE_SYNC_INTERVAL_MINUTES: z.coerce.number().int().min(0).max(10_080).default(60),
});

export type Env = z.input<typeof envSchema>;

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  clickhouseUrl?: string;
  kafka?: { brokers: string[]; topic: string; partitions: number };
  redisUrl?: string;
  admin?: { username: string; password: string };
  /** Absent values are generated and kept in DATA_DIR by `resolveSecrets`. */
  sessionSecret?: string;
  secretsKey?: string;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  trustProxy: boolean;
  /** The built web app; defaults to web/dist of this checkout. */
  webDist?: string;
  /** Base URL of TikTok's business API (a local fake in tests). */
  tiktokApiUrl: string;
  /** Milliseconds between scheduled CAKE syncs; 0 = none. */
  cakeSyncIntervalMs: number;
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
    redisUrl: e.REDIS_URL,
    admin:
      e.ADMIN_USERNAME && e.ADMIN_PASSWORD
        ? { username: e.ADMIN_USERNAME, password: e.ADMIN_PASSWORD }
        : undefined,
    sessionSecret: e.SESSION_SECRET,
    secretsKey: e.SECRETS_KEY,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    webDist: e.WEB_DIST,
    tiktokApiUrl: e.TIKTOK_API_URL.replace(/\/+$/, ''),
    cakeSyncIntervalMs: e.CAKE_SYNC_INTERVAL_MINUTES * 60_000,
  };
}
