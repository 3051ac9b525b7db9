// Test support for the browser suites (web/e2e/*.e2e.test.ts): Debian's Chromium, the built web app and
// `tracker all` on a DATA_DIR of its own, started as a user starts the product, plus where screenshots go.
import { execFileSync, spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe } from '@jest/globals';
import { chromium, type Browser, type BrowserContextOptions, type Page } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const WEB_DIST = path.join(ROOT, 'web/dist');
/** Screenshots and downloads of every suite, outside the repository so they never land in git. */
export const SHOTS_DIR = path.join(os.tmpdir(), 'tracker-e2e-shots');
/** The admin `tracker all` creates at start (ADMIN_USERNAME / ADMIN_PASSWORD). */
export const ADMIN = { username: 'admin', password: 'admin-password' };
/** openBrowserSession's beforeAll: a web build when stale, the tracker's start-up and Chromium's. */
export const TIMEOUT_MS = 180_000;
export const STEP_MS = 60_000;
const START_MS = 90_000;
const STOP_MS = 10_000;

/** `describe`, or `describe.skip` saying so under the suite's label when Chromium is not installed. */
export function describeWithChromium(label: string): typeof describe.skip {
  if (fs.existsSync(CHROMIUM_PATH)) return describe;
  process.stdout.write(`\n[${label}] SKIPPED: no Chromium at ${CHROMIUM_PATH} (install Debian's chromium or set CHROMIUM_PATH)\n\n`);
  return describe.skip;
}

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

interface Tracker {
  child: ChildProcessWithoutNullStreams;
  url: string;
  /** Its own DATA_DIR, removed by stopTracker. */
  dataDir: string;
}

/**
 * `tracker all` on the built web app and a DATA_DIR of its own (a temporary folder named `<dataDirPrefix>…`):
 * a copy of the migrated one, or with `fresh`, an empty one, as on a user's first start.
 */
async function startTracker(dataDirPrefix: string, extraEnv: Record<string, string> = {}, fresh = false): Promise<Tracker> {
  ensureBuiltWeb();
  fs.mkdirSync(SHOTS_DIR, { recursive: true });
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
async function stopTracker(tracker: Tracker | undefined): Promise<void> {
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

// ---- Chromium on the product ----

export interface BrowserSession {
  baseUrl: string;
  page: Page;
  tracker: Tracker;
  browser: Browser;
}

/** The tracker (see startTracker), then one Chromium page at 1440×900 on it, steps waiting up to 15 s. */
export async function openBrowserSession(
  dataDirPrefix: string,
  options: { context?: BrowserContextOptions; permissions?: string[]; env?: Record<string, string>; freshDataDir?: boolean } = {},
): Promise<BrowserSession> {
  const tracker = await startTracker(dataDirPrefix, options.env, options.freshDataDir);
  try {
    const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, ...options.context });
    if (options.permissions) await context.grantPermissions(options.permissions, { origin: tracker.url });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    return { baseUrl: tracker.url, page, tracker, browser };
  } catch (error) {
    await stopTracker(tracker);
    throw error;
  }
}

export async function closeBrowserSession(session: BrowserSession | undefined): Promise<void> {
  if (!session) return;
  await session.browser.close();
  await stopTracker(session.tracker);
}

// ---- page helpers ----

/** A JSON call with the page's session cookie; a non-2xx answer fails the step with its body. */
export async function api<T>(page: Page, method: 'GET' | 'POST', url: string, data?: object): Promise<T> {
  const res = method === 'GET' ? await page.request.get(url) : await page.request.post(url, { data });
  if (!res.ok()) throw new Error(`${method} ${url}: ${res.status()} ${await res.text()}`);
  return (await res.json()) as T;
}

/** A picture in SHOTS_DIR: the whole page from its top by default, or just the viewport as it stands. */
export async function shot(page: Page, name: string, { fullPage = true } = {}): Promise<void> {
  // Let enter animations and toasts settle so the picture shows the screen, not a transition; from the
  // top, or the fixed sidebar and sticky header land mid-page in a full-page picture.
  if (fullPage) await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForTimeout(300);
  await page.screenshot({ path: path.join(SHOTS_DIR, `${name}.png`), fullPage });
}
