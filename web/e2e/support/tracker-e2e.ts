// Test support for the browser suites (web/e2e/*.e2e.test.ts): Debian's Chromium, the built web app and
// `tracker all` on a fresh DATA_DIR, started as a user starts the product.
import { execFileSync, spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe } from '@jest/globals';
import type { Page } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const WEB_DIST = path.join(ROOT, 'web/dist');
export const SHOTS_DIR = path.join(os.tmpdir(), 'tracker-e2e-shots');
export const ADMIN = { username: 'admin', password: 'admin-password' };
export const TIMEOUT_MS = 180_000;
export const STEP_MS = 60_000;

export const hasChromium = fs.existsSync(CHROMIUM_PATH);
if (!hasChromium) {
  process.stdout.write(`\n[management e2e] SKIPPED: no Chromium at ${CHROMIUM_PATH} (install Debian's chromium or set CHROMIUM_PATH)\n\n`);
}
export const describeWithChromium = hasChromium ? describe : describe.skip;

// ---- the built app ----

export function newestMtime(entry: string): number {
  if (!fs.existsSync(entry)) return 0;
  const stat = fs.statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...fs.readdirSync(entry).map((name) => newestMtime(path.join(entry, name))));
}

/** Builds web/dist unless it is newer than every source it is built from. */
export function ensureBuiltWeb(): void {
  const built = newestMtime(path.join(WEB_DIST, 'index.html'));
  const sources = ['web/src', 'web/index.html', 'web/vite.config.ts', 'web/public', 'web/package.json', 'schemas/src'];
  const newestSource = Math.max(...sources.map((source) => newestMtime(path.join(ROOT, source))));
  if (built > newestSource) return;
  try {
    execFileSync('npm', ['run', 'build', '--silent', '-w', 'web'], { cwd: ROOT, stdio: 'pipe' });
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: Buffer | string; stderr?: Buffer | string };
    throw new Error(`npm run build -w web failed:\n${String(stdout)}\n${String(stderr)}`);
  }
}

// ---- the product, as a user starts it ----

export interface Tracker {
  child: ChildProcessWithoutNullStreams;
  url: string;
  output: () => string;
}

export async function startTracker(dataDir: string): Promise<Tracker> {
  // The child runs on its embedded stores whatever engines this test run was given.
  const { DATABASE_URL: _d, CLICKHOUSE_URL: _c, KAFKA_BROKERS: _k, REDIS_URL: _r, ...baseEnv } = process.env;
  const child = spawn(process.execPath, [path.join(ROOT, 'services/cli/bin/tracker.js'), 'all'], {
    cwd: ROOT,
    env: {
      ...baseEnv,
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      WEB_DIST,
      LOG_LEVEL: 'warn',
    },
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    const match = /Affiliate Tracker is running at (http:\/\/\S+)/.exec(output);
    if (match) return { child, url: match[1]!, output: () => output };
    if (child.exitCode !== null) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`tracker did not start:\n${output}`);
}

export async function stopTracker(tracker: Tracker | undefined): Promise<void> {
  if (!tracker || tracker.child.exitCode !== null) return;
  const exited = new Promise((resolve) => tracker.child.once('exit', resolve));
  tracker.child.kill('SIGTERM');
  const timer = setTimeout(() => tracker.child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

export async function shot(page: Page, name: string): Promise<void> {
  // Let enter animations and toasts settle so the picture shows the screen, not a transition; from the
  // top, or the fixed sidebar and sticky header land mid-page in a full-page picture.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForTimeout(300);
  await page.screenshot({ path: path.join(SHOTS_DIR, `${name}.png`), fullPage: true });
}
