import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from '@jest/globals';
import { ConfigError, loadConfig } from '@tracker/core';
import { runServices } from './run-services';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tracker-split-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

// Server URLs nobody listens on: a split mode must refuse before it connects to anything.
const servers = {
  DATA_DIR: dataDir,
  DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none',
  CLICKHOUSE_URL: 'http://127.0.0.1:1',
  KAFKA_BROKERS: '127.0.0.1:1',
  LOG_LEVEL: 'silent',
};
const sessionSecret = 's'.repeat(40);
const secretsKey = 'a'.repeat(64);

describe('split modes share their secrets instead of generating their own per host', () => {
  test.each([
    ['api', {}, /SESSION_SECRET[\s\S]*SECRETS_KEY/],
    ['api', { SECRETS_KEY: secretsKey }, /SESSION_SECRET/],
    ['api', { SESSION_SECRET: sessionSecret }, /SECRETS_KEY/],
    ['workers', {}, /SECRETS_KEY/],
    // With Cloudflare set, custom domains need the edge worker's secret on every process that touches them.
    ['ingest', { CLOUDFLARE_API_TOKEN: 'cf-token' }, /EDGE_WORKER_SECRET/],
    ['api', { SESSION_SECRET: sessionSecret, SECRETS_KEY: secretsKey, CLOUDFLARE_API_TOKEN: 'cf-token' }, /EDGE_WORKER_SECRET/],
  ] as const)('tracker %s with %j refuses to start, naming what is missing', async (mode, secrets, named) => {
    const start = runServices(mode, loadConfig({ ...servers, ...secrets }));
    await expect(start).rejects.toThrow(ConfigError);
    await expect(start).rejects.toThrow(named);
    expect(fs.existsSync(path.join(dataDir, 'secrets.json'))).toBe(false);
  });

  test('without Cloudflare, no process needs the edge worker secret', async () => {
    const start = runServices('ingest', loadConfig({ ...servers }));
    await expect(start).rejects.not.toThrow(/EDGE_WORKER_SECRET/);
  });

  test('workers do not need the session secret', async () => {
    const start = runServices('workers', loadConfig({ ...servers, SECRETS_KEY: secretsKey }));
    // It gets past the secrets and fails only on the unreachable database.
    await expect(start).rejects.not.toThrow(/SESSION_SECRET|SECRETS_KEY/);
  });
});
