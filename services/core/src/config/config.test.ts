import path from 'node:path';
import { describe, expect, test } from '@jest/globals';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  test('embedded defaults when nothing is set', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 5000, dataDir: path.resolve('./data'), logLevel: 'info', trustProxy: false });
    expect(config.outgoing).toEqual({ allowPrivate: false });
    expect(loadConfig({ OUTGOING_ALLOW_PRIVATE: 'true' }).outgoing).toEqual({ allowPrivate: true });
    expect(config.databaseUrl).toBeUndefined();
    expect(config.clickhouseUrl).toBeUndefined();
    expect(config.kafka).toBeUndefined();
    expect(config.redisUrl).toBeUndefined();
    expect(config.admin).toBeUndefined();
    expect(config.spill).toEqual({ afterMs: 300, maxBytes: 1024 * 1024 * 1024 });
  });

  test('notification channels have their own private-address switch, named in refusals, and Telegram a base URL', () => {
    const config = loadConfig({});
    expect(config.notify).toEqual({ outgoing: { allowPrivate: false, allowedBy: 'NOTIFY_ALLOW_PRIVATE' }, telegramApiUrl: 'https://api.telegram.org' });
    expect(config.alertCheckMinutes).toBe(5);
    // OUTGOING_ALLOW_PRIVATE opens the API URLs, not the channels.
    expect(loadConfig({ OUTGOING_ALLOW_PRIVATE: 'true' }).notify.outgoing.allowPrivate).toBe(false);
    const local = loadConfig({ NOTIFY_ALLOW_PRIVATE: 'true', TELEGRAM_API_URL: 'http://127.0.0.1:8081/', ALERT_CHECK_MINUTES: '0' });
    expect(local.notify).toEqual({ outgoing: { allowPrivate: true, allowedBy: 'NOTIFY_ALLOW_PRIVATE' }, telegramApiUrl: 'http://127.0.0.1:8081' });
    expect(local.alertCheckMinutes).toBe(0);
    expect(() => loadConfig({ NOTIFY_ALLOW_PRIVATE: 'yes' })).toThrow(/NOTIFY_ALLOW_PRIVATE/);
    expect(() => loadConfig({ ALERT_CHECK_MINUTES: '-1' })).toThrow(/ALERT_CHECK_MINUTES/);
  });

  test('background work is niced at 19 unless BACKGROUND_NICE says otherwise, within 0..19', () => {
    expect(loadConfig({}).backgroundNice).toBe(19);
    expect(loadConfig({ BACKGROUND_NICE: '0' }).backgroundNice).toBe(0);
    expect(() => loadConfig({ BACKGROUND_NICE: '20' })).toThrow(/BACKGROUND_NICE/);
    expect(() => loadConfig({ BACKGROUND_NICE: '-5' })).toThrow(/BACKGROUND_NICE/);
  });

  test.each([
    ['false', false],
    ['', false],
    ['0', false],
    // One hop: the address the nearest proxy saw, never the leftmost X-Forwarded-For entry.
    ['true', 1],
    ['1', 1],
    [' 2 ', 2],
    ['10.0.0.0/8, 192.168.1.7 ,fd00::/8,loopback', ['10.0.0.0/8', '192.168.1.7', 'fd00::/8', 'loopback']],
  ])('TRUST_PROXY=%j is %j', (value, trustProxy) => {
    expect(loadConfig({ TRUST_PROXY: value }).trustProxy).toEqual(trustProxy);
  });

  test.each(['yes', '10.0.0.0/33', '10.0.0.1, nginx', '99', ','])('TRUST_PROXY=%j stops start-up naming the variable', (value) => {
    expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY/);
  });

  test('server engines from their URLs', () => {
    const config = loadConfig({
      DATABASE_URL: 'postgres://u:p@db:5432/tracker',
      CLICKHOUSE_URL: 'http://ch:8123/tracker',
      KAFKA_BROKERS: 'k1:9092, k2:9092',
      REDIS_URL: 'redis://r:6379',
      ADMIN_USERNAME: 'boss',
      ADMIN_PASSWORD: 'long enough',
    });
    expect(config.kafka).toEqual({ brokers: ['k1:9092', 'k2:9092'], topic: 'tracker.events', partitions: 6 });
    expect(config.admin).toEqual({ username: 'boss', password: 'long enough' });
  });

  test('the verification-code mailbox and its poll period', () => {
    expect(loadConfig({})).toMatchObject({ codesImapUrl: undefined, codesImapPollMs: 15_000 });
    const config = loadConfig({ CODES_IMAP_URL: 'imaps://codes:pw@imap.example.com/INBOX', CODES_IMAP_POLL_SECONDS: '2.5' });
    expect(config).toMatchObject({ codesImapUrl: 'imaps://codes:pw@imap.example.com/INBOX', codesImapPollMs: 2500 });
  });

  test('blank values count as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', KAFKA_BROKERS: '  ' }).databaseUrl).toBeUndefined();
  });

  test.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ CLICKHOUSE_URL: 'tcp://ch:9000' }, 'CLICKHOUSE_URL'],
    [{ KAFKA_BROKERS: 'broker-without-port' }, 'KAFKA_BROKERS'],
    [{ REDIS_URL: 'http://r' }, 'REDIS_URL'],
    [{ SESSION_SECRET: 'short' }, 'SESSION_SECRET'],
    [{ SECRETS_KEY: 'not-hex' }, 'SECRETS_KEY'],
    [{ EDGE_WORKER_SECRET: '0123456789abcde' }, 'EDGE_WORKER_SECRET'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ SPILL_AFTER_MS: '0' }, 'SPILL_AFTER_MS'],
    [{ SPILL_MAX_BYTES: 'a lot' }, 'SPILL_MAX_BYTES'],
    [{ ADMIN_USERNAME: 'boss' }, 'ADMIN_PASSWORD'],
    [{ ADMIN_USERNAME: 'boss', ADMIN_PASSWORD: 'short' }, 'ADMIN_PASSWORD'],
    [{ CODES_IMAP_URL: 'pop3://u:p@mail:110' }, 'CODES_IMAP_URL'],
    [{ CODES_IMAP_POLL_SECONDS: '0' }, 'CODES_IMAP_POLL_SECONDS'],
  ])('%j is refused naming %s', (env, variable) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(new RegExp(variable));
  });

  test('EDGE_WORKER_SECRET is optional, trimmed, and taken from 16 characters on', () => {
    expect(loadConfig({}).edgeWorkerSecret).toBeUndefined();
    expect(loadConfig({ EDGE_WORKER_SECRET: '  ' }).edgeWorkerSecret).toBeUndefined();
    expect(loadConfig({ EDGE_WORKER_SECRET: ' 0123456789abcdef ' }).edgeWorkerSecret).toBe('0123456789abcdef');
  });

  test('the TikTok API and the spend sync schedule: defaults, overrides, 0 turns the schedule off', () => {
    expect(loadConfig({})).toMatchObject({ tiktokApiUrl: 'https://business-api.tiktok.com', tiktokSpendSyncMinutes: 15 });
    expect(loadConfig({ TIKTOK_API_URL: 'http://127.0.0.1:4010/', TIKTOK_SPEND_SYNC_MINUTES: '0' })).toMatchObject({
      tiktokApiUrl: 'http://127.0.0.1:4010',
      tiktokSpendSyncMinutes: 0,
    });
    expect(() => loadConfig({ TIKTOK_SPEND_SYNC_MINUTES: 'often' })).toThrow(/TIKTOK_SPEND_SYNC_MINUTES/);
  });

  test('every problem is named at once', () => {
    expect(() => loadConfig({ PORT: 'x', REDIS_URL: 'nope' })).toThrow(/PORT[\s\S]*REDIS_URL/);
  });

  test('the CAKE schedule: hourly by default, 0 turns it off, anything else is refused', () => {
    expect(loadConfig({}).cakeSyncIntervalMs).toBe(3_600_000);
    expect(loadConfig({ CAKE_SYNC_INTERVAL_MINUTES: '0' }).cakeSyncIntervalMs).toBe(0);
    expect(loadConfig({ CAKE_SYNC_INTERVAL_MINUTES: '15' }).cakeSyncIntervalMs).toBe(900_000);
    expect(() => loadConfig({ CAKE_SYNC_INTERVAL_MINUTES: '-1' })).toThrow(/CAKE_SYNC_INTERVAL_MINUTES/);
  });

  test('the reference rates folder ends in a slash, so file names append to it; the ECB by default', () => {
    expect(loadConfig({}).fxRates).toEqual({ url: 'https://www.ecb.europa.eu/stats/eurofxref/', intervalMs: 6 * 3_600_000 });
    expect(loadConfig({ FX_RATES_URL: 'http://127.0.0.1:9000/ecb', FX_RATES_INTERVAL_HOURS: '0' }).fxRates).toEqual({ url: 'http://127.0.0.1:9000/ecb/', intervalMs: 0 });
    expect(() => loadConfig({ FX_RATES_URL: 'not a url' })).toThrow(/FX_RATES_URL/);
  });

  test('raw retention: 400 days by default, 0 keeps raw clicks forever, under 30 days is refused', () => {
    expect(loadConfig({}).rawRetentionDays).toBe(400);
    expect(loadConfig({ RAW_RETENTION_DAYS: '0' }).rawRetentionDays).toBe(0);
    expect(loadConfig({ RAW_RETENTION_DAYS: '90' }).rawRetentionDays).toBe(90);
    expect(() => loadConfig({ RAW_RETENTION_DAYS: '7' })).toThrow(/RAW_RETENTION_DAYS: must be 0 \(keep forever\) or from 30/);
    expect(() => loadConfig({ RAW_RETENTION_DAYS: '90.5' })).toThrow(/RAW_RETENTION_DAYS/);
  });
});

describe('domain automation configuration', () => {
  const contact = { firstName: 'Dana', lastName: 'Buyer', address1: '1 Main St', city: 'Austin', stateProvince: 'TX', postalCode: '78701', country: 'US', phone: '+1.5125550100', email: 'dana@example.com' };

  test('defaults: the production endpoints, nothing configured, the user name defaulting to the API user', () => {
    expect(loadConfig({})).toMatchObject({
      namecheap: { apiUrl: 'https://api.namecheap.com/xml.response', apiUser: undefined },
      cloudflare: { apiUrl: 'https://api.cloudflare.com/client/v4', apiToken: undefined },
      domainsSocksProxy: undefined,
      registrantContact: undefined,
      edgeWorkerSecret: undefined,
    });
    expect(loadConfig({ NAMECHEAP_API_USER: 'tracker' }).namecheap.username).toBe('tracker');
  });

  test('every variable is read, the contact from JSON', () => {
    const config = loadConfig({
      NAMECHEAP_API_URL: 'https://api.sandbox.namecheap.com/xml.response',
      NAMECHEAP_API_USER: 'tracker',
      NAMECHEAP_API_KEY: 'key',
      NAMECHEAP_USERNAME: 'owner',
      NAMECHEAP_CLIENT_IP: '203.0.113.7',
      DOMAINS_SOCKS_PROXY: 'socks5://user:pass@proxy.example:1080',
      REGISTRANT_CONTACT: JSON.stringify(contact),
      CLOUDFLARE_API_URL: 'http://127.0.0.1:8787/client/v4/',
      CLOUDFLARE_API_TOKEN: 'token',
      CLOUDFLARE_ACCOUNT_ID: 'account',
      TRACKER_ORIGIN: 'https://tracker.example.com/',
      EDGE_WORKER_SECRET: 'sixteen-chars-ok',
    });
    expect(config).toMatchObject({
      namecheap: { apiUrl: 'https://api.sandbox.namecheap.com/xml.response', apiUser: 'tracker', apiKey: 'key', username: 'owner', clientIp: '203.0.113.7' },
      domainsSocksProxy: 'socks5://user:pass@proxy.example:1080',
      registrantContact: contact,
      cloudflare: { apiUrl: 'http://127.0.0.1:8787/client/v4', apiToken: 'token', accountId: 'account' },
      trackerOrigin: 'https://tracker.example.com',
      edgeWorkerSecret: 'sixteen-chars-ok',
    });
  });

  test('bad values name their variable', () => {
    const problems = (() => {
      try {
        loadConfig({
          NAMECHEAP_CLIENT_IP: 'not-an-ip',
          DOMAINS_SOCKS_PROXY: 'http://proxy:8080',
          REGISTRANT_CONTACT: JSON.stringify({ ...contact, phone: '512 555 0100', country: 'USA' }),
          EDGE_WORKER_SECRET: 'short',
        });
      } catch (error) {
        return (error as Error).message;
      }
      return '';
    })();
    expect(problems).toContain('NAMECHEAP_CLIENT_IP: must be an IP address');
    expect(problems).toContain('DOMAINS_SOCKS_PROXY: must start with socks5:// or socks5h://');
    expect(problems).toContain('REGISTRANT_CONTACT: country must be a two-letter country code; phone must look like +1.5555555555');
    expect(problems).toContain('EDGE_WORKER_SECRET: must be at least 16 characters');
    expect(() => loadConfig({ REGISTRANT_CONTACT: '{not json' })).toThrow('REGISTRANT_CONTACT: must be JSON');
  });
});
