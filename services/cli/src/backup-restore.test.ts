// `tracker backup` against a running `tracker all` under a redirect load, `tracker restore` into a new folder, and
// `tracker all` on that: every click answered before the backup began is there, none answered after it ended is,
// none is doubled, and new clicks count once. The daily schedule writes and prunes archives. A damaged archive and
// a non-empty folder are refused.
import { execFileSync, spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';

const bin = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../bin/tracker.js');
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'tracker-backup-'));
const ADMIN = { username: 'admin', password: 'admin-password' };
const children: ChildProcessWithoutNullStreams[] = [];

// The children run on their embedded defaults whatever engines this test run was given.
const { DATABASE_URL: _d, CLICKHOUSE_URL: _c, KAFKA_BROKERS: _k, REDIS_URL: _r, ...baseEnv } = process.env;

function tracker(dataDir: string, args: string[], env: Record<string, string> = {}) {
  const child = spawn(process.execPath, [bin, ...args], {
    env: {
      ...baseEnv,
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      WEB_DIST: '/nonexistent',
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      ...env,
    },
  });
  children.push(child);
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const output = () => ({ stdout, stderr });
  return { child, exited, output };
}

/** Runs a command to its end: exit code and output. */
async function run(dataDir: string, args: string[]) {
  const process = tracker(dataDir, args);
  const code = await process.exited;
  return { code, ...process.output() };
}

async function start(dataDir: string, env: Record<string, string> = {}) {
  const process = tracker(dataDir, ['all'], env);
  const deadline = Date.now() + 120_000;
  for (;;) {
    const match = /running at (http:\/\/\S+)/.exec(process.output().stdout);
    if (match) return { ...process, url: match[1]! };
    if (process.child.exitCode !== null || Date.now() > deadline) throw new Error(`tracker all did not start:\n${JSON.stringify(process.output())}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function stop(running: { child: ChildProcessWithoutNullStreams; exited: Promise<number | null> }) {
  running.child.kill('SIGTERM');
  expect(await running.exited).toBe(0);
}

async function signIn(url: string) {
  const login = await fetch(`${url}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ADMIN) });
  expect(login.status).toBe(200);
  const cookie = login.headers.get('set-cookie')!.split(';')[0]!;
  return async <T>(method: string, route: string, body?: unknown): Promise<T> => {
    const res = await fetch(`${url}${route}`, {
      method,
      headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${method} ${route}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  };
}

/** One click: its id, from the lander URL the redirect answers with. */
async function click(url: string, campaignId: string): Promise<string> {
  const res = await fetch(`${url}/r/${campaignId}`, { redirect: 'manual', headers: { 'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) Mobile/15E148' } });
  expect(res.status).toBe(302);
  return new URL(res.headers.get('location')!).searchParams.get('clickId')!;
}

async function reportClicks(api: Awaited<ReturnType<typeof signIn>>): Promise<number> {
  const user = await api<{ reportTimezone: string }>('GET', '/api/user');
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: user.reportTimezone }).format(new Date());
  const report = await api<{ totals: { clicks: number } }>('GET', `/api/reports?groupBy=campaign&startDate=${today}&endDate=${today}`);
  return report.totals.clicks;
}

async function waitForReport(api: Awaited<ReturnType<typeof signIn>>, clicks: number) {
  const deadline = Date.now() + 60_000;
  let seen = -1;
  while (Date.now() < deadline) {
    seen = await reportClicks(api);
    if (seen === clicks) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the report counts ${seen} clicks, not ${clicks}`);
}

/** Every click id row of the analytics store (stopped tracker): duplicates stay visible. */
async function storedClickIds(dataDir: string): Promise<string[]> {
  const result = await run(dataDir, ['sql', 'SELECT click_id FROM clicks ORDER BY click_id']);
  expect(result.code).toBe(0);
  const lines = result.stdout.trim().split('\n');
  return lines.slice(2, -1).map((l) => l.trim());
}

const sourceDir = path.join(root, 'source');
const restoredDir = path.join(root, 'restored');
const archive = path.join(root, 'backup.tar.gz');
let campaignId = '';
let backedUpRecords = 0;
const before = new Set<string>();
const during = new Set<string>();
const after = new Set<string>();

beforeAll(async () => {
  const source = await start(sourceDir);
  try {
    const api = await signIn(source.url);
    const lander = await api<{ id: number }>('POST', '/api/landers', { name: 'Quiz', url: 'https://lander.backup.example/quiz' });
    campaignId = (await api<{ id: string }>('POST', '/api/campaigns', { name: 'Backed up', landerId: lander.id })).id;

    // A steady load of 8 clients; the backup runs in its middle.
    let phase: Set<string> = before;
    let loading = true;
    const clients = Array.from({ length: 8 }, async () => {
      while (loading) {
        const into = phase;
        into.add(await click(source.url, campaignId));
      }
    });
    while (before.size < 1000) await new Promise((r) => setTimeout(r, 20));
    phase = during;
    const backup = await run(sourceDir, ['backup', archive]);
    phase = after;
    expect(backup.stderr).toBe('');
    expect(backup.code).toBe(0);
    backedUpRecords = Number(/(\d+) log records/.exec(backup.stdout)![1]);
    // The copy holds records the projector had not reached: the restore must replay them.
    expect(Number(/projector resumes at (\d+)/.exec(backup.stdout)![1])).toBeLessThan(backedUpRecords);
    while (after.size < 500) await new Promise((r) => setTimeout(r, 20));
    loading = false;
    await Promise.all(clients);
    // The source counts all it answered.
    await waitForReport(api, before.size + during.size + after.size);
    expect(JSON.parse(fs.readFileSync(path.join(sourceDir, 'last-backup.json'), 'utf8'))).toMatchObject({ file: archive });
  } finally {
    await stop(source);
  }
  // With no tracker running, the command opens the stores itself: every click answered is in its log.
  const offline = await run(sourceDir, ['backup', path.join(root, 'offline.tar.gz')]);
  expect(offline.stderr).toBe('');
  expect(offline.stdout).toMatch(new RegExp(`${before.size + during.size + after.size} log records \\(the projector resumes at ${before.size + during.size + after.size}\\)`));
}, 300_000);

afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  fs.rmSync(root, { recursive: true, force: true });
});

describe('backup of a running tracker all, restored into a new folder', () => {
  test('the restored tracker holds each click answered before the backup once, none answered after it, and counts new clicks once', async () => {
    expect(during.size).toBeGreaterThan(0);
    const restore = await run(restoredDir, ['restore', archive]);
    expect(restore.stderr).toBe('');
    expect(restore.code).toBe(0);

    // Started with the daily schedule keeping one archive: today's is written at start, older scheduled ones go.
    const backups = path.join(root, 'scheduled');
    fs.mkdirSync(backups);
    const older = ['tracker-backup-2026-01-01T00-00-00Z.tar.gz', 'tracker-backup-2026-01-02T00-00-00Z.tar.gz'];
    for (const name of [...older, 'kept-by-hand.tar.gz']) fs.writeFileSync(path.join(backups, name), 'old');
    const restored = await start(restoredDir, { BACKUP_SCHEDULE: 'daily', BACKUP_DIR: backups, BACKUP_KEEP: '1' });
    const api = await signIn(restored.url);
    // The same entities: the campaign and its lander.
    const campaigns = await api<Array<{ id: string; name: string }>>('GET', '/api/campaigns');
    expect(campaigns.map((c) => c.id)).toContain(campaignId);
    // The projector replays the log from its saved position: the report counts every record of the backup's log once.
    await waitForReport(api, backedUpRecords);
    const fresh = new Set<string>();
    for (let i = 0; i < 50; i++) fresh.add(await click(restored.url, campaignId));
    await waitForReport(api, backedUpRecords + 50);
    const deadline = Date.now() + 60_000;
    while (fs.readdirSync(backups).some((name) => older.includes(name)) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
    const scheduled = fs.readdirSync(backups).sort();
    expect(scheduled).toHaveLength(2);
    expect(scheduled[0]).toBe('kept-by-hand.tar.gz');
    expect(scheduled[1]).toMatch(/^tracker-backup-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z\.tar\.gz$/);
    expect(JSON.parse(fs.readFileSync(path.join(restoredDir, 'last-backup.json'), 'utf8'))).toMatchObject({ file: path.join(backups, scheduled[1]!) });
    await stop(restored);

    const ids = await storedClickIds(restoredDir);
    const unique = new Set(ids);
    expect(ids.length - unique.size).toBe(0); // none doubled
    expect(unique.size).toBe(backedUpRecords + 50);
    const lost = [...before].filter((id) => !unique.has(id));
    expect(lost).toEqual([]); // none answered before the backup lost
    expect([...after].filter((id) => unique.has(id))).toEqual([]); // none answered after it
    expect([...fresh].filter((id) => !unique.has(id))).toEqual([]);
    // Whatever else the backup holds was answered while it ran.
    const inBackup = [...unique].filter((id) => !fresh.has(id) && !before.has(id));
    expect(inBackup.filter((id) => !during.has(id))).toEqual([]);
  }, 300_000);

  test('a restore into a folder that is not empty is refused and leaves it as it was', async () => {
    const busy = path.join(root, 'busy');
    fs.mkdirSync(busy);
    fs.writeFileSync(path.join(busy, 'notes.txt'), 'keep me');
    const result = await run(busy, ['restore', archive]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/is not empty: a backup is restored only into an empty DATA_DIR/);
    expect(fs.readdirSync(busy)).toEqual(['notes.txt']);
  }, 60_000);

  test('a damaged archive is refused with a clear message and the folder left empty', async () => {
    // A byte changed inside the gzip stream: the archive cannot be read.
    const flipped = path.join(root, 'flipped.tar.gz');
    const bytes = fs.readFileSync(archive);
    bytes[Math.floor(bytes.length / 2)] ^= 0xff;
    fs.writeFileSync(flipped, bytes);
    const unreadable = await run(path.join(root, 'target-1'), ['restore', flipped]);
    expect(unreadable.code).toBe(1);
    expect(unreadable.stderr).toMatch(/The archive cannot be read|The archive is damaged|cut short/);
    expect(fs.readdirSync(path.join(root, 'target-1'))).toEqual([]);

    // A well-formed archive whose clicks table was changed: its checksum no longer matches the manifest.
    const unpacked = path.join(root, 'unpacked');
    fs.mkdirSync(unpacked);
    execFileSync('tar', ['xzf', archive, '-C', unpacked]);
    const members = execFileSync('tar', ['tzf', archive], { encoding: 'utf8' }).trim().split('\n');
    const clicks = path.join(unpacked, 'analytics/clicks.native');
    const table = fs.readFileSync(clicks);
    table[table.length - 1] ^= 0x01;
    fs.writeFileSync(clicks, table);
    const tampered = path.join(root, 'tampered.tar.gz');
    execFileSync('tar', ['czf', tampered, '--format=ustar', '-C', unpacked, ...members]);
    const mismatch = await run(path.join(root, 'target-2'), ['restore', tampered]);
    expect(mismatch.code).toBe(1);
    expect(mismatch.stderr).toMatch(/The archive is damaged: analytics\/clicks.native does not match its checksum/);
    expect(fs.readdirSync(path.join(root, 'target-2'))).toEqual([]);
  }, 60_000);
});
