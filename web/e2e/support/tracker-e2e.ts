// Test support for the browser suites (web/e2e/*.e2e.test.ts): Debian's Chromium on `tracker all` (started by
// tracker-process.ts as a user starts the product), page helpers, and where screenshots go.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect } from '@jest/globals';
import { chromium, type Browser, type BrowserContextOptions, type Locator, type Page } from 'playwright-core';
import { ADMIN, startTracker, stopTracker, type Tracker } from './tracker-process';

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
/** Screenshots and downloads of every suite, outside the repository so they never land in git. */
export const SHOTS_DIR = path.join(os.tmpdir(), 'tracker-e2e-shots');
export { ADMIN };
/** openBrowserSession's beforeAll: a web build when stale, the tracker's start-up and Chromium's. */
export const TIMEOUT_MS = 180_000;
export const STEP_MS = 60_000;

/** `describe`, or `describe.skip` saying so under the suite's label when Chromium is not installed. */
export function describeWithChromium(label: string): typeof describe.skip {
  if (fs.existsSync(CHROMIUM_PATH)) return describe;
  process.stdout.write(`\n[${label}] SKIPPED: no Chromium at ${CHROMIUM_PATH} (install Debian's chromium or set CHROMIUM_PATH)\n\n`);
  return describe.skip;
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
  fs.mkdirSync(SHOTS_DIR, { recursive: true });
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

/**
 * Waits (up to `timeoutMs`) until the report of today (UTC) counts `count` visits, then asserts it: clicks sent
 * through /r are stored by the projector beside the server, and a screen drawn before that shows fewer.
 */
export async function waitForTodaysClicks(page: Page, baseUrl: string, count: number, timeoutMs = 30_000): Promise<void> {
  const today = new Date().toISOString().slice(0, 10);
  const deadline = Date.now() + timeoutMs;
  let clicks = 0;
  while (Date.now() < deadline && clicks < count) {
    ({ totals: { clicks } } = await api<{ totals: { clicks: number } }>(page, 'GET', `${baseUrl}/api/reports?groupBy=campaign&startDate=${today}&endDate=${today}&series=false`));
    if (clicks < count) await page.waitForTimeout(250);
  }
  expect(clicks).toBe(count);
}

/** The value of a read-only field that says 'Loading...' until its query answers (the Postback URL, the inbound mail
 *  hook): read at once, a field drawn before the answer reads as that placeholder. */
export async function loadedValue(field: Locator): Promise<string> {
  await field.page().waitForFunction((el) => (el as HTMLInputElement).value !== 'Loading...', await field.elementHandle());
  return field.inputValue();
}

/** A picture in SHOTS_DIR: the whole page from its top by default, or just the viewport as it stands. */
export async function shot(page: Page, name: string, { fullPage = true } = {}): Promise<void> {
  // From the top, or the fixed sidebar and sticky header land mid-page in a full-page picture.
  if (fullPage) await page.evaluate(() => window.scrollTo(0, 0));
  await settle(page);
  await page.screenshot({ path: path.join(SHOTS_DIR, `${name}.png`), fullPage });
}

/** Until the enter and exit animations on the page (a dialog's, a toast's) have run, so a picture shows the screen,
 *  not a transition: two frames first, for one the last step just started, then each running animation that ends
 *  (a spinner's or a skeleton's never does). In place of a fixed 300 ms before each of the suites' hundred shots. */
async function settle(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const ending = document.getAnimations().filter((a) => a.playState === 'running' && a.effect?.getComputedTiming().endTime !== Infinity);
    await Promise.all(ending.map((a) => a.finished.catch(() => undefined)));
  });
}

/**
 * Picks `option` in a Radix Select. Radix drops the first pointerup after opening when the pointer has moved under
 * 10 px since the trigger's pointerdown; on a loaded machine its listener can be attached after the trigger's own
 * pointerup, so the option's click may be that first one. The list then stays open and hides the rest of the page
 * from the accessibility tree: click again until it closes.
 */
export async function chooseOption(page: Page, combobox: Locator, option: string): Promise<void> {
  await combobox.click();
  const item = page.getByRole('option', { name: option, exact: true });
  for (let attempt = 1; ; attempt++) {
    await item.click();
    try {
      await page.getByRole('listbox').waitFor({ state: 'hidden', timeout: 2_000 });
      return;
    } catch (error) {
      if (attempt === 3) throw error;
    }
  }
}

/** The toast titled `title` (the newest first). */
export const toast = (page: Page, title: string): Locator => page.getByRole('status').filter({ hasText: title }).first();

/**
 * Hovers `target` until `shown` (its tooltip's text) is visible. A table can re-render once as its page's other
 * queries settle, which drops a tooltip opened just before: the mouse leaves and hovers again, up to 4 times.
 */
export async function hoverUntilShown(page: Page, target: Locator, shown: Locator): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    await target.hover();
    try {
      await shown.waitFor({ timeout: 3000 });
      return;
    } catch (error) {
      if (attempt === 4) throw error;
      await page.mouse.move(0, 0);
    }
  }
}
