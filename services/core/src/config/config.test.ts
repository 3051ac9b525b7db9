import path from 'node:path';
import { describe, expect, test } from '@jest/globals';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  test('embedded defaults when nothing is set', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 5000, dataDir: path.resolve('./data'), logLevel: 'info', trustProxy: false });
    expect(config.databaseUrl).toBeUndefined();
    expect(config.clickhouseUrl).toBeUndefined();
    expect(config.kafka).toBeUndefined();
    expect(config.redisUrl).toBeUndefined();
    expect(config.admin).toBeUndefined();
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
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ ADMIN_USERNAME: 'boss' }, 'ADMIN_PASSWORD'],
    [{ ADMIN_USERNAME: 'boss', ADMIN_PASSWORD: 'short' }, 'ADMIN_PASSWORD'],
  ])('%j is refused naming %s', (env, variable) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(new RegExp(variable));
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
});
