// Day-one fixes in a real browser: the Offer dialog's final-URL preview and its refusal of
// an unknown {token}, editing a spark, a long pixel name kept inside its column, the whole Postback URL,
// the DNS card never naming a local address as a CNAME target, and a lone hour drawn as points.
// Screenshots go to <tmpdir>/tracker-e2e-shots/. Skipped, saying so, when Chromium is not installed.
import { afterAll, beforeAll, expect, test } from '@jest/globals';
import type { Locator, Page } from 'playwright-core';
import { ADMIN, api, type BrowserSession, closeBrowserSession, describeWithChromium, loadedValue, openBrowserSession, shot, STEP_MS, TIMEOUT_MS } from './support/tracker-e2e';

const LONG_PIXEL_NAME = 'Main account pixel for keto and nutra funnels';

/** Waits for a toast with this title (Radix also copies it into a live region: take the first). */
async function expectToast(page: Page, title: string | RegExp): Promise<void> {
  await page.getByRole('status').filter({ hasText: title }).first().waitFor({ state: 'visible' });
}

/** The box of an element must lie within the box of its container (1 px of rounding allowed). */
async function expectInside(inner: Locator, outer: Locator): Promise<void> {
  const [a, b] = [await inner.boundingBox(), await outer.boundingBox()];
  expect(a && b).toBeTruthy();
  expect(a!.x).toBeGreaterThanOrEqual(b!.x - 1);
  expect(a!.x + a!.width).toBeLessThanOrEqual(b!.x + b!.width + 1);
}

describeWithChromium('day-one fixes e2e')('offers, sparks, pixels, settings and the chart in Chromium', () => {
  let session: BrowserSession | undefined;
  let page: Page;
  let baseUrl = '';
  let campaignId = '';

  beforeAll(async () => {
    session = await openBrowserSession('tracker-e2e-dayone-', { permissions: ['clipboard-read', 'clipboard-write'] });
    ({ page, baseUrl } = session);
    await page.goto(`${baseUrl}/auth`);
    await page.getByLabel('Username').fill(ADMIN.username);
    await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByTestId('sidebar-username').waitFor();
    const lander = await api<{ id: number }>(page, 'POST', `${baseUrl}/api/landers`, { name: 'Quiz', url: 'https://lander.e2e.example/' });
    const offer = await api<{ id: number }>(page, 'POST', `${baseUrl}/api/offers`, { name: 'Keto', url: 'https://offer.e2e.example/go?aff=7' });
    const pixel = await api<{ id: number }>(page, 'POST', `${baseUrl}/api/tiktok-pixels`, {
      name: LONG_PIXEL_NAME,
      pixelId: 'CQ8TJ4BC77U5LL2N1RVG',
      accessToken: 'token',
      websiteUrl: null,
    });
    await api(page, 'POST', `${baseUrl}/api/sparks`, { name: 'Summer promo', code: '<script>spark(1)</script>' });
    ({ id: campaignId } = await api<{ id: string }>(page, 'POST', `${baseUrl}/api/campaigns`, {
      name: 'Keto US',
      landerId: lander.id,
      offerId: offer.id,
      tiktokPixelId: pixel.id,
      defaultTiktokEvent: 'CompletePayment',
    }));
  }, TIMEOUT_MS);

  afterAll(async () => {
    await closeBrowserSession(session);
  }, 30_000);

  test('the Offer dialog previews the final URL for a sample click and refuses an unknown token', async () => {
    await page.goto(`${baseUrl}/offer-config`);
    await page.getByRole('button', { name: 'Edit Keto' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Offer' });
    const preview = dialog.getByRole('region', { name: 'Final URL preview' });
    await expect(preview.textContent()).resolves.toMatch(
      /https:\/\/offer\.e2e\.example\/go\?aff=7&sub1=[0-9a-f-]{36}&sub2=\d+&sub3=\d+&sub4=\d+&sub5=PLACEMENT_TIKTOK/,
    );
    await dialog.getByLabel('UTM Template').fill('cn={campaignName}&s={subid}');
    await expect(preview.textContent()).resolves.toContain('Unknown token {subid} in the UTM template. Valid tokens: {clickId}');
    await shot(page, 'dayone-01-offer-unknown-token', { fullPage: false });
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(page, 'Validation error');
    const [offer] = await api<Array<{ utmTemplate: string }>>(page, 'GET', `${baseUrl}/api/offers`);
    expect(offer!.utmTemplate).not.toContain('{subid}');
    await dialog.getByLabel('UTM Template').fill('cn={campaignName}&id={clickId}');
    await expect(preview.textContent()).resolves.toMatch(/cn=Summer%20Sale%20US&id=[0-9a-f-]{36}/);
    await shot(page, 'dayone-02-offer-preview', { fullPage: false });
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(page, 'Offer updated');
  }, STEP_MS);

  test('a spark is edited in place and keeps its Spark ID', async () => {
    await page.goto(`${baseUrl}/sparks`);
    const before = await page.getByRole('listitem', { name: 'Summer promo' }).locator('code').textContent();
    await page.getByRole('button', { name: 'Edit Summer promo' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Spark' });
    await dialog.getByLabel('Name').fill('Winter promo');
    await dialog.getByLabel('Code').fill('<script>spark(2)</script>');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(page, 'Spark updated');
    const item = page.getByRole('listitem', { name: 'Winter promo' });
    await item.waitFor();
    expect(await item.locator('code').textContent()).toBe(before);
    expect(await item.locator('pre').textContent()).toBe('<script>spark(2)</script>');
    await shot(page, 'dayone-03-spark-updated', { fullPage: false });
  }, STEP_MS);

  test('a long pixel name stays inside its select, in the campaign dialog and the Pixel Unlocker', async () => {
    await page.goto(`${baseUrl}/campaigns`);
    await page.getByRole('button', { name: /^Edit/ }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Edit Campaign' });
    const pixelSelect = dialog.getByRole('combobox', { name: 'TikTok Pixel (optional)' });
    // The dialog loads the pixels as it opens.
    await pixelSelect.filter({ hasText: LONG_PIXEL_NAME }).waitFor();
    await expectInside(pixelSelect.locator('span').first(), pixelSelect);
    await shot(page, 'dayone-04-campaign-pixel', { fullPage: false });
    await page.keyboard.press('Escape');

    await page.goto(`${baseUrl}/tiktok-pixels`);
    await page.getByRole('tab', { name: 'Pixel Unlocker' }).click();
    const unlocker = page.getByRole('combobox', { name: 'Pixel' });
    await unlocker.click();
    await page.getByRole('option', { name: new RegExp(LONG_PIXEL_NAME) }).click();
    await expectInside(unlocker.locator('span').first(), unlocker);
    const event = await page.getByRole('combobox', { name: 'Event Name' }).boundingBox();
    const pixel = await unlocker.boundingBox();
    expect(pixel!.x + pixel!.width).toBeLessThanOrEqual(event!.x);
    await shot(page, 'dayone-05-pixel-unlocker', { fullPage: false });
  }, STEP_MS);

  test('Settings show the whole Postback URL and never a local address as the CNAME target', async () => {
    await page.goto(`${baseUrl}/settings`);
    const field = page.getByRole('textbox', { name: 'Postback URL' });
    const { url } = await api<{ url: string }>(page, 'GET', `${baseUrl}/api/postback-url`);
    await expect(loadedValue(field)).resolves.toBe(url);
    const sizes = await field.evaluate((el) => ({ sw: el.scrollWidth, cw: el.clientWidth, sh: el.scrollHeight, ch: el.clientHeight }));
    expect(sizes.sw).toBeLessThanOrEqual(sizes.cw);
    expect(sizes.sh).toBeLessThanOrEqual(sizes.ch);
    // Settings has more than one Copy button (the inbound mail hook's too): the postback card's.
    await page.locator('[data-slot="card"]', { has: page.getByRole('textbox', { name: 'Postback URL' }) }).getByRole('button', { name: 'Copy', exact: true }).click();
    await page.getByRole('button', { name: 'Copied!' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);

    // The suite opens the app at 127.0.0.1: the card says it is local, and names no address to point at.
    const dns = page.locator('[data-slot="card"]').filter({ has: page.getByRole('heading', { name: 'DNS Setup' }) });
    await expect(dns.getByRole('note').textContent()).resolves.toContain('a local address that ad visitors cannot reach');
    const steps = (await dns.getByRole('list').textContent()) ?? '';
    expect(steps).toContain('CNAME');
    expect(steps).not.toMatch(/127\.0\.0\.1|localhost/);
    await dns.scrollIntoViewIfNeeded();
    await shot(page, 'dayone-06-settings', { fullPage: true });
  }, STEP_MS);

  test('a single hour with data is drawn as points, with no line below zero', async () => {
    for (let i = 0; i < 3; i++) await fetch(`${baseUrl}/r/${campaignId}?cid=1801`, { redirect: 'manual' });
    const today = new Date().toISOString().slice(0, 10);
    // The projector runs beside the api: wait until the report counts the clicks.
    const deadline = Date.now() + 30_000;
    let total = 0;
    while (total < 3 && Date.now() < deadline) {
      ({ total } = await api<{ total: number }>(page, 'GET', `${baseUrl}/api/clicks?startDate=${today}&endDate=${today}&limit=1`));
      if (total < 3) await page.waitForTimeout(200);
    }
    expect(total).toBe(3);
    await page.goto(`${baseUrl}/?startDate=${today}&endDate=${today}`);
    const chart = page.locator('.recharts-wrapper');
    await chart.locator('.recharts-bar-rectangle').first().waitFor();
    const curves = chart.locator('.recharts-line-curve');
    for (const curve of await curves.all()) expect(await curve.getAttribute('stroke-opacity')).toBe('0');
    const ticks = await chart.locator('.recharts-cartesian-axis-tick-value').allTextContents();
    expect(ticks).toContain('$0');
    expect(ticks.filter((tick) => tick.startsWith('-'))).toEqual([]);
    await shot(page, 'dayone-07-chart-single-hour', { fullPage: false });
  }, STEP_MS);
});
