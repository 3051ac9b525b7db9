// make bench-first-number: how long a media buyer waits, in Chromium, from pressing Sign In to the dashboard's
// first real figure (the Visits card showing the clicks of today, not its placeholder). `tracker all` on the
// embedded stores and the built web app, a campaign with a few clicks of today, then five sign-ins in fresh
// browser contexts (nothing cached, as on a new machine) and five with the app's files cached (a buyer's
// everyday sign-in), each in the report's time zone and in a browser zone ten hours away from it. Medians of 5.
//
// The wait is timed in the page, by the page's clock: from the button's click event (the press: the form submits
// there) to the end of the frame that first shows the figure (a MutationObserver sees the card's text change; a
// frame later it is on screen). Playwright's own time from calling click() to seeing the card is printed beside
// it: that one also holds the driver's checks before it presses (the button visible, stable over two frames, not
// covered) and its polling afterwards, about 50–100 ms here that no buyer waits.
//
//   npx tsx bench/first-number.ts [--runs 5] [--clicks 7] [--typing-ms 0]
//
// With --trace it prints, for the last run of each case, the requests the page made after Sign In with their
// start and end (ms after the click), so a slow first number shows which request it waited for. With --profile
// it also records the page's JavaScript (Chrome DevTools' CPU profiler) over that run and prints where its main
// thread spent the time: per script and the functions with the most self time.
import os from 'node:os';
import { chromium, type Browser, type BrowserContext } from 'playwright-core';
import { ADMIN, startTracker, stopTracker } from '../web/e2e/support/tracker-process';

const args = process.argv.slice(2);
const option = (name: string, fallback: string) => {
  const at = args.indexOf(`--${name}`);
  return at === -1 ? fallback : args[at + 1]!;
};
const RUNS = Number(option('runs', '5'));
const CLICKS = Number(option('clicks', '7'));
const TRACE = args.includes('--trace');
// A person takes a few seconds to type a username and a password; Playwright fills both at once and the bench
// presses Sign In ~0.1 s after the page loaded. --typing-ms waits that long between filling and pressing, so what
// the page does while a visitor types (loading the dashboard's code, rehearsing it) is done as it would be.
const TYPING_MS = Number(option('typing-ms', '0'));
const PROFILE = args.includes('--profile');
const TARGET_MS = 500;
const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/** Signs in over HTTP, creates a lander and a campaign, sends CLICKS clicks and waits until today's report counts them. */
async function seed(baseUrl: string): Promise<{ timezone: string }> {
  const login = await fetch(`${baseUrl}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ADMIN) });
  if (!login.ok) throw new Error(`sign-in failed: ${login.status} ${await login.text()}`);
  const cookie = login.headers.get('set-cookie')!.split(';')[0]!;
  const api = async <T>(method: string, url: string, body?: unknown): Promise<T> => {
    const res = await fetch(`${baseUrl}${url}`, {
      method,
      headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  };
  const lander = await api<{ id: number }>('POST', '/api/landers', { name: 'Quiz', url: 'https://lander.bench.example/quiz' });
  const campaign = await api<{ id: string }>('POST', '/api/campaigns', { name: 'First number', landerId: lander.id });
  for (let i = 0; i < CLICKS; i++) {
    const res = await fetch(`${baseUrl}/r/${campaign.id}`, { redirect: 'manual', headers: { 'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) Mobile/15E148' } });
    if (res.status !== 302) throw new Error(`click ${i}: ${res.status}`);
  }
  const user = await api<{ reportTimezone: string }>('GET', '/api/user');
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: user.reportTimezone }).format(new Date());
  const deadline = Date.now() + 60_000;
  for (;;) {
    const report = await api<{ totals: { clicks: number } }>('GET', `/api/reports?groupBy=campaign&startDate=${today}&endDate=${today}`);
    if (report.totals.clicks === CLICKS) break;
    if (Date.now() > deadline) throw new Error(`today's report counts ${report.totals.clicks} clicks, not ${CLICKS}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { timezone: user.reportTimezone };
}

/** A zone about ten hours from `timezone`, so the browser's today and the report's differ for part of the day. */
function farZone(timezone: string): string {
  return timezone === 'Pacific/Honolulu' ? 'Asia/Tokyo' : timezone.startsWith('Asia/') || timezone.startsWith('Australia/') ? 'Europe/London' : 'Pacific/Honolulu';
}

interface Sample {
  /** From the click event to the frame that shows the figure, by the page's clock. */
  ms: number;
  /** From Playwright's click() call to its seeing the figure. */
  driverMs: number;
  trace: string[];
  profile: string[];
}

interface CpuProfile {
  nodes: Array<{ id: number; callFrame: { functionName: string; url: string; lineNumber: number }; hitCount?: number }>;
  samples: number[];
  timeDeltas: number[];
}

/** A CPU profile's self time per script and its top functions, in ms. */
function summarizeProfile(profile: CpuProfile, baseUrl: string): string[] {
  const byNode = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<number, number>();
  profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000));
  const byScript = new Map<string, number>();
  const byFunction = new Map<string, number>();
  for (const [id, ms] of self) {
    const { functionName, url, lineNumber } = byNode.get(id)!.callFrame;
    const script = url.replace(baseUrl, '') || `(${functionName || 'native'})`;
    byScript.set(script, (byScript.get(script) ?? 0) + ms);
    const name = `${functionName || '(anonymous)'} ${script}:${lineNumber + 1}`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + ms);
  }
  const top = (m: Map<string, number>, n: number) =>
    [...m].sort((a, b) => b[1] - a[1]).slice(0, n).map(([name, ms]) => `${ms.toFixed(0).padStart(6)} ms  ${name}`);
  return ['main thread by script:', ...top(byScript, 8), 'functions by self time:', ...top(byFunction, 12)];
}

/** One sign-in: from the Sign In click to the Visits card showing CLICKS. */
async function signInToFirstNumber(context: BrowserContext, baseUrl: string): Promise<Sample> {
  const page = await context.newPage();
  page.setDefaultTimeout(30_000);
  await page.goto(`${baseUrl}/auth`);
  await page.getByLabel('Username').fill(ADMIN.username);
  await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
  if (TYPING_MS > 0) await page.waitForTimeout(TYPING_MS);
  const events: Array<{ url: string; start: number; end?: number }> = [];
  let started = 0;
  page.on('request', (request) => started && events.push({ url: request.url().replace(baseUrl, ''), start: performance.now() - started }));
  page.on('requestfinished', (request) => {
    const event = events.findLast((e) => e.url === request.url().replace(baseUrl, '') && e.end === undefined);
    if (event) event.end = performance.now() - started;
  });
  const cdp = PROFILE ? await context.newCDPSession(page) : undefined;
  if (cdp) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
  }
  // In the page, installed before the press: the click event's time, and the end of the frame that first shows the
  // Visits card's figure (the first summary card whose label is Visits, showing today's clicks). Plain JavaScript in a
  // string: tsx would wrap a named function of this file in a helper the page does not have.
  await page.evaluate(`(() => {
    let pressedAt = 0;
    document.addEventListener('click', (event) => (pressedAt ||= event.timeStamp), { capture: true });
    window.firstFigure = new Promise((resolve) => {
      const observer = new MutationObserver(() => {
        const shows = Array.from(document.querySelectorAll('[data-slot="card"]')).some(
          (card) => card.textContent.includes('Visits') && card.querySelector('.text-2xl')?.textContent === ${JSON.stringify(String(CLICKS))},
        );
        if (!pressedAt || !shows) return;
        observer.disconnect();
        // The frame rendered after this change paints it; a task posted from its animation frame runs once it is drawn.
        requestAnimationFrame(() => {
          const channel = new MessageChannel();
          channel.port1.onmessage = () => resolve(performance.now() - pressedAt);
          channel.port2.postMessage(null);
        });
      });
      observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    });
  })()`);
  started = performance.now();
  await page.getByRole('button', { name: 'Sign In' }).click();
  const ms = await page.evaluate<number>('window.firstFigure');
  const driverMs = performance.now() - started;
  const profile = cdp ? summarizeProfile(((await cdp.send('Profiler.stop')) as { profile: CpuProfile }).profile, baseUrl) : [];
  await page.close();
  const trace = events.map((e) => `${e.start.toFixed(0).padStart(6)} → ${e.end === undefined ? '   …' : e.end.toFixed(0).padStart(6)} ms  ${e.url}`);
  return { ms, driverMs, trace, profile };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function measure(browser: Browser, baseUrl: string, timezoneId: string, cached: boolean): Promise<Sample[]> {
  const samples: Sample[] = [];
  // Cached: one context whose first sign-in fills the cache and is not counted; then sign out by dropping cookies.
  const shared = cached ? await browser.newContext({ viewport: { width: 1440, height: 900 }, timezoneId }) : undefined;
  if (shared) await signInToFirstNumber(shared, baseUrl);
  for (let i = 0; i < RUNS; i++) {
    const context = shared ?? (await browser.newContext({ viewport: { width: 1440, height: 900 }, timezoneId }));
    if (shared) await shared.clearCookies();
    samples.push(await signInToFirstNumber(context, baseUrl));
    if (!shared) await context.close();
  }
  await shared?.close();
  return samples;
}

async function main() {
  const tracker = await startTracker('tracker-first-number-');
  let browser: Browser | undefined;
  try {
    const { timezone } = await seed(tracker.url);
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: ['--no-sandbox', '--disable-gpu', '--no-first-run'] });
    console.log(`sign-in to the first number on the dashboard (Visits = ${CLICKS}), Chromium, median of ${RUNS}, from the click event to the frame showing it, ${TYPING_MS} ms of typing; report time zone ${timezone}, ${os.cpus().length} cores`);
    let met = true;
    for (const cached of [false, true]) {
      for (const zone of [timezone, farZone(timezone)]) {
        const samples = await measure(browser, tracker.url, zone, cached);
        const ms = samples.map((s) => s.ms);
        const mid = median(ms);
        met &&= mid <= TARGET_MS;
        console.log(
          `  ${(cached ? 'app cached' : 'nothing cached').padEnd(15)} browser in ${zone.padEnd(18)} median ${mid.toFixed(0).padStart(5)} ms  ` +
            `(runs ${ms.map((m) => m.toFixed(0)).join(', ')}; Playwright's click() to seeing it: median ${median(samples.map((s) => s.driverMs)).toFixed(0)} ms)`,
        );
        if (TRACE) for (const line of samples.at(-1)!.trace) console.log(`      ${line}`);
        for (const line of samples.at(-1)!.profile) console.log(`      ${line}`);
      }
    }
    console.log(`target: median <= ${TARGET_MS} ms in every case: ${met ? 'met' : 'NOT met'}`);
  } finally {
    await browser?.close();
    await stopTracker(tracker);
  }
}

await main();
