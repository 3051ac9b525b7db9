// GET /api/status on the real embedded stores of a DATA_DIR (PGlite, chDB, the embedded log, the
// in-process queue): what each row reads, and which turn amber or red with what to do.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { loadConfig, openStores, recordAlertEvent, schema, type Stores } from '@tracker/core';
import { statusSchema, type StatusItem } from '@tracker/schemas';
import { createApiHarness, type ApiHarness } from '../testing/api-harness';
import { BACKUP_STALE_MS, diskLevel } from './read-status';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tracker-status-'));
let stores: Stores;
let harness: ApiHarness;
const startedAt = Date.now() - 90_000;

beforeAll(async () => {
  stores = await openStores(loadConfig({ DATA_DIR: dataDir }), { entities: true, analytics: true, eventLog: true, queue: true });
  writeLastBackup(Date.now() - 3 * 3600_000);
  harness = await createApiHarness(
    { analytics: stores.analytics!, queue: stores.queue!, status: { startedAt, dataDir, stores, projectorGroup: 'projector' } },
    { entities: stores.entities! },
  );
}, 120_000);

afterAll(async () => {
  await harness?.close();
  await stores?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** What `tracker backup` records in DATA_DIR (backup-restore.test.ts runs the real one). */
function writeLastBackup(at: number) {
  fs.writeFileSync(path.join(dataDir, 'last-backup.json'), JSON.stringify({ at, file: '/backups/tracker-backup.tar.gz', bytes: 5 * 1024 * 1024 }));
}

async function readStatus(cookie: string) {
  const res = await harness.call({ method: 'GET', url: '/api/status', cookie });
  expect(res.statusCode).toBe(200);
  const status = statusSchema.parse(res.json());
  const item = (id: string): StatusItem => {
    const found = status.items.find((i) => i.id === id);
    if (!found) throw new Error(`no status item ${id} in ${status.items.map((i) => i.id).join(', ')}`);
    return found;
  };
  return { ...status, item };
}

describe('GET /api/status', () => {
  test('admins only', async () => {
    expect((await harness.call({ method: 'GET', url: '/api/status' })).statusCode).toBe(401);
    const user = await harness.signIn('user', ['dashboard']);
    expect((await harness.call({ method: 'GET', url: '/api/status', cookie: user })).statusCode).toBe(403);
  });

  test('a healthy DATA_DIR: every embedded store reachable with its size, free disk, an idle pipeline, all green', async () => {
    const status = await readStatus(await harness.signIn('admin'));
    expect(status.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(status.startedAt).toBe(startedAt);
    expect(status.uptimeSeconds).toBeGreaterThanOrEqual(90);
    expect(status.item('store:entities').value).toMatch(/^PGlite \(embedded\), reachable, [\d.]+ MB on disk$/);
    expect(status.item('store:analytics').value).toMatch(/^chDB \(embedded\), reachable, [\d.]+ (KB|MB) on disk$/);
    expect(status.item('store:eventLog').value).toMatch(/^embedded log, reachable, /);
    expect(status.item('store:queue').value).toBe('in-process queue, reachable, kept in the entity store');
    expect(status.item('disk').value).toContain(`under ${dataDir}`);
    expect(status.item('projector-lag')).toMatchObject({ value: 'caught up, every event is in the reports', level: 'green', action: null });
    expect(status.item('spill')).toMatchObject({ value: 'none, events go straight to the log', level: 'green' });
    expect(status.item('parked-conversions')).toMatchObject({ value: '0 waiting for their click, 0 unreadable', level: 'green' });
    expect(status.item('queue').value).toMatch(/^\d+ waiting, \d+ active, \d+ delayed, \d+ completed, 0 failed$/);
    expect(status.item('syncs')).toMatchObject({ level: 'green' });
    expect(status.item('backup')).toMatchObject({ label: 'Last backup', value: '3 h ago, 5.0 MB, /backups/tracker-backup.tar.gz', level: 'green' });
    expect(status.items.filter((i) => i.id !== 'disk').every((i) => i.level === 'green' && i.action === null)).toBe(true);
  });

  test('what needs a person turns amber or red and says what to do', async () => {
    const db = stores.entities!.db;
    const now = Date.now();
    await stores.eventLog!.publish([{ key: 'k', value: Buffer.from('{}'), timestamp: now }]);
    await recordAlertEvent(db, { key: 'projector-lag', kind: 'projector-lag', state: 'firing', title: 'Reports are behind', text: 'Is the projector running?' }, new Date(now - 20 * 60_000));
    await db.insert(schema.eventLogSpills).values({ instance: 'ingest-2 /data', records: 40, bytes: 3 * 1024 * 1024, forwardedTotal: 0, refusedTotal: 0, lastError: 'broker down', updatedAt: new Date() });
    await db.insert(schema.parkedConversions).values({ eventId: 'e1', clickId: 'c1', event: {} as never, logPartition: 0, logOffset: 1, unreadable: 'bad json' });
    await db.insert(schema.tiktokAccounts).values([
      { advertiserId: '7001', name: 'Main', accessToken: 'x', timezone: 'UTC', currency: 'USD', lastSuccessAt: new Date(now - 3 * 3600_000), lastSyncError: 'Access token expired' },
      { advertiserId: '7002', name: 'Fresh', accessToken: 'x', timezone: 'UTC', currency: 'USD', lastSuccessAt: new Date(now - 5 * 60_000) },
    ]);
    // The inbound mail hook is posted to, never polled: no sync row of its own.
    await db.insert(schema.mailSources).values({ kind: 'inbound', lastMailAt: new Date(now) });

    const status = await readStatus(await harness.signIn('admin'));
    expect(status.item('projector-lag')).toEqual(
      expect.objectContaining({ value: '1 events not in the reports yet; behind for 20 min', level: 'red', action: 'Is the projector running?' }),
    );
    expect(status.item('spill')).toMatchObject({ value: '3.0 MB (40 events) waiting for Kafka', level: 'red' });
    expect(status.item('spill').action).toContain('ingest-2 /data (broker down)');
    expect(status.item('parked-conversions')).toMatchObject({ value: '0 waiting for their click, 1 unreadable', level: 'amber' });
    expect(status.item('sync:tiktok_spend:7001')).toMatchObject({ label: 'TikTok spend: Main', value: 'last success 3 h ago; the last run failed', level: 'red' });
    expect(status.item('sync:tiktok_spend:7001').action).toMatch(/^Last error: Access token expired\. Reconnect the ad account/);
    expect(status.item('sync:tiktok_spend:7002')).toMatchObject({ value: 'last success 5 min ago', level: 'green', action: null });
    expect(status.items.filter((i) => i.group === 'syncs').map((i) => i.id)).toEqual(['sync:tiktok_spend:7001', 'sync:tiktok_spend:7002']);
  });
});

test('the last backup: none yet, or older than two days, is amber and says what to do', async () => {
  const cookie = await harness.signIn('admin');
  try {
    fs.rmSync(path.join(dataDir, 'last-backup.json'));
    expect((await readStatus(cookie)).item('backup')).toMatchObject({ value: 'none yet', level: 'amber', action: expect.stringContaining('BACKUP_SCHEDULE=daily') });
    writeLastBackup(Date.now() - BACKUP_STALE_MS - 3600_000);
    const stale = (await readStatus(cookie)).item('backup');
    expect(stale.level).toBe('amber');
    expect(stale.action).toMatch(/over two days old/);
  } finally {
    writeLastBackup(Date.now() - 3 * 3600_000);
  }
});

test('free disk space turns amber, then red, by what is left and by its share of the disk', () => {
  const GB = 1024 ** 3;
  expect(diskLevel(70 * GB, 250 * GB)).toBe('green');
  expect(diskLevel(20 * GB, 250 * GB)).toBe('amber'); // 8 %
  expect(diskLevel(4 * GB, 20 * GB)).toBe('amber'); // under 5 GB
  expect(diskLevel(5 * GB, 250 * GB)).toBe('red'); // 2 %
  expect(diskLevel(0.5 * GB, 10 * GB)).toBe('red'); // under 1 GB
});
