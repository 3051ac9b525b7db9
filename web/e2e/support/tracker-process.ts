// `tracker all` started as a user starts the product, on the built web app and a DATA_DIR of its own (a copy of
// one migrated once per machine and migration set), and stopped again: for the browser suites (tracker-e2e.ts)
// and the browser benchmarks (bench/first-number.ts). No test framework here, so a plain script can use it.
import { execFileSync, spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const WEB_DIST = path.join(ROOT, 'web/dist');
/** The admin `tracker all` creates at start (ADMIN_USERNAME / ADMIN_PASSWORD). */
export const ADMIN = { username: 'admin', password: 'admin-password' };
const START_MS = 90_000;
const STOP_MS = 10_000;

// ---- the built app ----

function newestMtime(entry: string): number {
  if (!fs.existsSync(entry)) return 0;
  const stat = fs.statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...fs.readdirSync(entry).map((name) => newestMtime(path.join(entry, name))));
}

function builtWebIsFresh(): boolean {
  const built = newestMtime(path.join(WEB_DIST, 'index.html'));
  const sources = ['web/src', 'web/index.html', 'web/vite.config.ts', 'web/public', 'web/package.json', 'schemas/src'];
  return built > Math.max(...sources.map((source) => newestMtime(path.join(ROOT, source))));
}

const BUILD_LOCK = path.join(ROOT, 'web', '.e2e-build.lock');
const STALE_LOCK_MS = 5 * 60_000;

/**
 * Builds web/dist unless it is newer than every source it is built from. Suites run in parallel
 * processes: one builds while the others wait (a folder created atomically is the lock), since a tracker
 * started while Vite empties web/dist would serve an app whose assets are gone.
 */
function ensureBuiltWeb(): void {
  if (builtWebIsFresh()) return;
  for (;;) {
    try {
      fs.mkdirSync(BUILD_LOCK);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      // A lock left by a killed run must not stall every later one.
      const age = Date.now() - (fs.statSync(BUILD_LOCK, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (age > STALE_LOCK_MS) fs.rmSync(BUILD_LOCK, { recursive: true, force: true });
      else Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 250);
    }
  }
  try {
    if (builtWebIsFresh()) return; // built by the suite that held the lock
    execFileSync('npm', ['run', 'build', '--silent', '-w', 'web'], { cwd: ROOT, stdio: 'pipe' });
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: Buffer | string; stderr?: Buffer | string };
    throw new Error(`npm run build -w web failed:\n${String(stdout)}\n${String(stderr)}`);
  } finally {
    fs.rmSync(BUILD_LOCK, { recursive: true, force: true });
  }
}

// ---- the stores, migrated once ----

const TRACKER_BIN = path.join(ROOT, 'services/cli/bin/tracker.js');
const MIGRATIONS = ['services/core/src/db/migrations', 'services/core/src/analytics/migrations'];

/** The environment of a tracker child: its embedded stores, whatever engines this test run was given. */
function embeddedEnv(): NodeJS.ProcessEnv {
  const { DATABASE_URL: _d, CLICKHOUSE_URL: _c, KAFKA_BROKERS: _k, REDIS_URL: _r, ...env } = process.env;
  return env;
}

/** The migrations and the locked engine versions: what a migrated DATA_DIR is made of. */
function migrationsKey(): string {
  const hash = createHash('sha256').update(fs.readFileSync(path.join(ROOT, 'package-lock.json')));
  for (const folder of MIGRATIONS) {
    for (const name of fs.readdirSync(path.join(ROOT, folder), { recursive: true, encoding: 'utf8' }).sort()) {
      const file = path.join(ROOT, folder, name);
      if (fs.statSync(file).isFile()) hash.update(name).update(fs.readFileSync(file));
    }
  }
  return hash.digest('hex').slice(0, 16);
}

/**
 * A DATA_DIR whose stores `tracker migrate` created and migrated, made once per machine and migration set in
 * the temporary folder. A fresh DATA_DIR costs `tracker all` about 14 s of CPU (PostgreSQL's initdb, the
 * migrations of both stores) before it serves; each suite starts from a copy instead, in about 4 s.
 */
function migratedDataDir(): string {
  const template = path.join(os.tmpdir(), `tracker-e2e-data-${migrationsKey()}`);
  if (fs.existsSync(template)) return template;
  // Made aside and renamed, so a suite in another worker never copies a half-made folder.
  const partial = fs.mkdtempSync(`${template}.partial-`);
  try {
    execFileSync(process.execPath, [TRACKER_BIN, 'migrate'], { cwd: ROOT, env: { ...embeddedEnv(), DATA_DIR: partial, LOG_LEVEL: 'warn' }, stdio: 'pipe' });
    fs.renameSync(partial, template);
  } catch (error) {
    fs.rmSync(partial, { recursive: true, force: true });
    // Another worker renamed its copy first: theirs serves.
    if (!fs.existsSync(template)) throw error;
  }
  return template;
}

// ---- the product, as a user starts it ----

export interface Tracker {
  child: ChildProcessWithoutNullStreams;
  url: string;
  /** Its own DATA_DIR, removed by stopTracker. */
  dataDir: string;
}

/**
 * `tracker all` on the built web app and a DATA_DIR of its own (a temporary folder named `<dataDirPrefix>…`):
 * a copy of the migrated one, or with `fresh`, an empty one, as on a user's first start.
 */
export async function startTracker(dataDirPrefix: string, extraEnv: Record<string, string> = {}, fresh = false): Promise<Tracker> {
  ensureBuiltWeb();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), dataDirPrefix));
  if (!fresh) fs.cpSync(migratedDataDir(), dataDir, { recursive: true });
  const child = spawn(process.execPath, [TRACKER_BIN, 'all'], {
    cwd: ROOT,
    env: {
      ...embeddedEnv(),
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      WEB_DIST,
      LOG_LEVEL: 'warn',
      // The third-party fakes (TikTok, CAKE, the registrar, Cloudflare) listen on 127.0.0.1.
      OUTGOING_ALLOW_PRIVATE: 'true',
      // No reference rates fetch from the real ECB at start-up; currency.e2e.test.ts turns it on against its fake.
      FX_RATES_INTERVAL_HOURS: '0',
      ...extraEnv,
    },
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const deadline = Date.now() + START_MS;
  while (Date.now() < deadline) {
    const match = /Affiliate Tracker is running at (http:\/\/\S+)/.exec(output);
    if (match) return { child, url: match[1]!, dataDir };
    if (child.exitCode !== null) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
  throw new Error(`tracker did not start:\n${output}`);
}

/** SIGTERM (SIGKILL after STOP_MS), then its DATA_DIR goes. */
export async function stopTracker(tracker: Tracker | undefined): Promise<void> {
  if (!tracker) return;
  if (tracker.child.exitCode === null) {
    const exited = new Promise((resolve) => tracker.child.once('exit', resolve));
    tracker.child.kill('SIGTERM');
    const timer = setTimeout(() => tracker.child.kill('SIGKILL'), STOP_MS);
    await exited;
    clearTimeout(timer);
  }
  fs.rmSync(tracker.dataDir, { recursive: true, force: true });
}
