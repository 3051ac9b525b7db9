// The management screens in a real browser: the built web app served by `tracker all` on a
// fresh DATA_DIR, driven in Debian's Chromium through playwright-core. Screenshots of every screen go
// to <tmpdir>/tracker-e2e-shots/ (never into git). Skipped, saying so, when Chromium is not installed.
import { afterAll, beforeAll, expect, test } from '@jest/globals';
import type { Locator, Page } from 'playwright-core';
import { ADMIN, type BrowserSession, closeBrowserSession, describeWithChromium, loadedValue, openBrowserSession, SHOTS_DIR, shot, STEP_MS, TIMEOUT_MS, chooseOption } from './support/tracker-e2e';

const MEMBER = { username: 'e2e-buyer', password: 'e2e-buyer-password' };

// ---- page helpers ----

/** Waits for a toast with this title (Radix also copies it into a live region: take the first). */
async function expectToast(page: Page, title: string | RegExp): Promise<void> {
  await page.getByRole('status').filter({ hasText: title }).first().waitFor({ state: 'visible' });
}

async function openMenu(page: Page, label: string, heading: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: label, exact: true }).click();
  await page.getByRole('heading', { level: 1, name: heading }).waitFor();
}

async function signIn(page: Page, baseUrl: string, who: { username: string; password: string }): Promise<void> {
  await page.goto(`${baseUrl}/auth`);
  await page.getByLabel('Username').fill(who.username);
  await page.getByLabel('Password', { exact: true }).fill(who.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await waitForText(page.getByTestId('sidebar-username'), who.username);
}

async function menuLabels(page: Page): Promise<string[]> {
  const links = page.getByRole('navigation', { name: 'Main navigation' }).locator('[data-sidebar="content"] a');
  return (await links.allInnerTexts()).map((text) => text.trim());
}

/** Jest's expect cannot wait for the page: polls until the element's text is exactly `text`. */
async function waitForText(locator: Locator, text: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let seen = '';
  while (Date.now() < deadline) {
    seen = (await locator.innerText()).trim();
    if (seen === text) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  expect(seen).toBe(text);
}

// ---- the management flow ----

describeWithChromium('management e2e')('management screens in Chromium', () => {
  let session: BrowserSession | undefined;
  let page: Page;
  let baseUrl = '';
  let campaignId = '';

  beforeAll(async () => {
    session = await openBrowserSession('tracker-e2e-', { permissions: ['clipboard-read', 'clipboard-write'] });
    ({ page, baseUrl } = session);
  }, TIMEOUT_MS);

  afterAll(async () => {
    await closeBrowserSession(session);
    process.stdout.write(`\n[management e2e] screenshots: ${SHOTS_DIR}\n\n`);
  }, 30_000);

  test('an admin signs in', async () => {
    await signIn(page, baseUrl, ADMIN);
    expect(await menuLabels(page)).toEqual([
      'Dashboard',
      'Offer Config',
      'Campaigns',
      'Landers',
      'Click Log',
      'Conversions',
      'Rules',
      'TikTok Pixels',
      'Sparks',
      'Codes',
      'Transactions',
      'Invoicing',
      'Domains',
      'Users',
      'Settings',
    ]);
  }, STEP_MS);

  test('creates a lander', async () => {
    await openMenu(page, 'Landers', 'Landers');
    await page.getByText('No landers available').waitFor();
    await page.getByRole('button', { name: 'Add Lander' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Lander' });
    await dialog.getByLabel('Lander Name').fill('E2E Lander');
    await dialog.getByLabel('Lander URL').fill('https://lander.e2e.example/start');
    await dialog.getByRole('button', { name: 'Create Lander' }).click();
    await expectToast(page, 'Lander created');
    await page.getByRole('cell', { name: 'E2E Lander', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Edit E2E Lander' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Lander' });
    expect(await edit.getByLabel('Lander Name').inputValue()).toBe('E2E Lander');
    await edit.getByLabel('Lander URL').fill('https://lander.e2e.example/v2');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(page, 'Lander updated');
    const link = page.getByRole('link', { name: 'https://lander.e2e.example/v2' });
    await link.waitFor();
    expect(await link.getAttribute('target')).toBe('_blank');
    await shot(page, '01-landers');
  }, STEP_MS);

  test('creates an offer', async () => {
    await openMenu(page, 'Offer Config', 'Offer Configuration');
    await page.getByText('No offers configured').waitFor();
    await page.getByRole('button', { name: 'Add Offer' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create New Offer' });
    expect(await dialog.getByLabel('UTM Template').inputValue()).toBe(
      'sub1={clickId}&sub2={campaign}&sub3={adGroup}&sub4={creative}&sub5={placement}',
    );
    await dialog.getByLabel('Offer Name').fill('E2E Offer');
    await dialog.getByLabel('Offer URL').fill('https://offer.e2e.example/go');
    await dialog.getByLabel('Default payout').fill('12.5');
    await dialog.getByRole('button', { name: 'Create Offer' }).click();
    await expectToast(page, 'Offer created');
    await page.getByRole('cell', { name: 'E2E Offer', exact: true }).waitFor();
    await page.getByRole('cell', { name: '$12.50', exact: true }).waitFor();
    // The 50-character preview of the 78-character default template.
    await page.getByText('sub1={clickId}&sub2={campaign}&sub3={adGroup}&sub4...', { exact: true }).waitFor();
    await shot(page, '02-offer-config');
  }, STEP_MS);

  test('creates a campaign, with the banner while no redirect domain is set', async () => {
    await openMenu(page, 'Campaigns', 'Campaigns');
    await page.getByText('Redirect Domain Not Configured').waitFor();
    await page.getByRole('button', { name: 'Create Campaign' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Campaign' });

    // Name and lander are required.
    await dialog.getByRole('button', { name: 'Create Campaign' }).click();
    await expectToast(page, 'Please provide campaign name and select a lander');

    await dialog.getByLabel('Campaign Name').fill('E2E Campaign');
    await chooseOption(page, dialog.getByLabel('Lander', { exact: true }), 'E2E Lander');
    await chooseOption(page, dialog.getByLabel('Offer (optional)'), 'E2E Offer');
    expect(await dialog.getByLabel('TikTok Event').count()).toBe(0);
    await shot(page, '03-campaign-dialog');
    const created = page.waitForResponse((r) => r.url().endsWith('/api/campaigns') && r.request().method() === 'POST');
    await dialog.getByRole('button', { name: 'Create Campaign' }).click();
    const body = (await (await created).json()) as { id: string };
    campaignId = body.id;
    expect(campaignId).toBeTruthy();
    await expectToast(page, 'Campaign created');
    await page.getByRole('switch', { name: 'BH for E2E Campaign' }).waitFor();
    await shot(page, '04-campaigns');
  }, STEP_MS);

  test('View Code copies the tracking URL', async () => {
    await page.getByRole('button', { name: 'View code for E2E Campaign' }).click();
    const dialog = page.getByRole('dialog', { name: /Tracking Code/ });
    const expected = `${baseUrl}/r/${campaignId}?cid=__CAMPAIGN_ID__&ad=__AID__&cr=__CID__&plc=__PLACEMENT__&cname=__CAMPAIGN_NAME__&aname=__AID_NAME__&crname=__CID_NAME__`;
    await dialog.getByText(expected, { exact: true }).waitFor();
    await dialog.getByText(`<script src="${baseUrl}/exit-tracker.js"></script>`).waitFor();
    await dialog.getByRole('button', { name: 'Copy tracking URL' }).click();
    await expectToast(page, 'Copied!');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(expected);
    await shot(page, '05-view-code');
    // Escape would first dismiss the 'Copied!' toast, the topmost layer: use the dialog's own close button.
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'hidden' });
  }, STEP_MS);

  test('toggles BH in the table', async () => {
    const bh = page.getByRole('switch', { name: 'BH for E2E Campaign' });
    expect(await bh.getAttribute('aria-checked')).toBe('false');
    const patched = page.waitForResponse((r) => r.url().includes(`/api/campaigns/${campaignId}`) && r.request().method() === 'PATCH');
    await bh.click();
    expect((await patched).status()).toBe(200);
    await expectToast(page, 'Campaign updated');
    await page.reload();
    await page.getByRole('switch', { name: 'BH for E2E Campaign' }).waitFor();
    expect(await page.getByRole('switch', { name: 'BH for E2E Campaign' }).getAttribute('aria-checked')).toBe('true');
  }, STEP_MS);

  // Deleting a lander a campaign uses used to leave the campaign's tracking link a 404.
  test('a lander the campaign uses cannot be deleted: the 409 names the campaign in the toast', async () => {
    await openMenu(page, 'Landers', 'Landers');
    await page.getByRole('button', { name: 'Delete E2E Lander' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete this lander?' });
    await confirm.waitFor();
    await shot(page, '05a-confirm-delete-lander');
    const refused = page.waitForResponse((r) => r.url().includes('/api/landers/') && r.request().method() === 'DELETE');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    expect((await refused).status()).toBe(409);
    await expectToast(page, 'Failed to delete lander');
    await page
      .getByRole('status')
      .filter({ hasText: 'This lander is used by campaign "E2E Campaign": choose another lander for it before deleting it.' })
      .first()
      .waitFor();
    await confirm.waitFor({ state: 'hidden' });
    await page.getByRole('cell', { name: 'E2E Lander', exact: true }).waitFor();
    await shot(page, '05b-lander-delete-refused');
  }, STEP_MS);

  test('creates and deletes a spark', async () => {
    await openMenu(page, 'Sparks', 'Spark Setup');
    await page.getByText('No sparks created yet. Create your first spark above.').waitFor();
    const form = page.getByRole('form', { name: 'Create New Spark' });
    await form.getByRole('button', { name: 'Create Spark' }).click();
    await form.getByText('Name is required').waitFor();
    await form.getByText('Code is required').waitFor();
    await form.getByLabel('Name', { exact: true }).fill('E2E Spark');
    await form.getByLabel('Code', { exact: true }).fill('<script>/* e2e spark */</script>');
    await form.getByRole('button', { name: 'Create Spark' }).click();
    await expectToast(page, 'Spark created');
    const item = page.getByRole('listitem', { name: 'E2E Spark' });
    await item.waitFor();
    expect(await form.getByLabel('Name', { exact: true }).inputValue()).toBe('');
    await item.getByRole('button', { name: /Copy Spark ID/ }).click();
    await item.getByRole('button', { name: 'Spark ID copied' }).waitFor();
    const sparkId = (await item.locator('code').innerText()).trim();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(sparkId);
    await shot(page, '06-sparks');
    // A delete asks first; Cancel keeps the spark.
    await item.getByRole('button', { name: 'Delete E2E Spark' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete this spark?' });
    await confirm.getByText('"E2E Spark" will be deleted.', { exact: false }).waitFor();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'hidden' });
    await item.waitFor();
    await item.getByRole('button', { name: 'Delete E2E Spark' }).click();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expectToast(page, 'Spark deleted');
    await page.getByText('No sparks created yet. Create your first spark above.').waitFor();
  }, STEP_MS);

  test('creates a TikTok pixel with a masked token', async () => {
    await openMenu(page, 'TikTok Pixels', 'TikTok Pixels');
    await page.getByText('No TikTok pixels configured. Create one to get started.').waitFor();
    await page.getByRole('button', { name: 'Create Pixel' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Pixel' });
    await dialog.getByLabel('Pixel Name').fill('E2E Pixel');
    await dialog.getByLabel('Pixel ID').fill('C0E2EPIXEL123');
    await dialog.getByLabel('Access Token').fill('e2e-access-token-0123456789');
    expect(await dialog.getByLabel('Access Token').getAttribute('type')).toBe('password');
    await dialog.getByRole('button', { name: 'Create Pixel' }).click();
    await expectToast(page, 'TikTok pixel created successfully');
    const row = page.getByRole('row', { name: /E2E Pixel/ });
    await row.waitFor();
    await waitForText(row.getByTestId('pixel-token'), '•'.repeat(40));
    await row.getByRole('button', { name: 'Show access token of E2E Pixel' }).click();
    await waitForText(row.getByTestId('pixel-token'), 'e2e-access-token-0123456789');
    await shot(page, '07-pixels');
    await row.getByRole('button', { name: 'Hide access token of E2E Pixel' }).click();

    await page.getByRole('tab', { name: 'Pixel Unlocker' }).click();
    await page.getByRole('button', { name: 'Fire Test Event' }).click();
    await expectToast(page, 'Please select a pixel');
    await shot(page, '08-pixel-unlocker');
  }, STEP_MS);

  test('edits the campaign: choosing a pixel brings the TikTok event', async () => {
    await openMenu(page, 'Campaigns', 'Campaigns');
    await page.getByRole('button', { name: 'Edit E2E Campaign' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Campaign' });
    expect(await dialog.getByLabel('Campaign Name').inputValue()).toBe('E2E Campaign');
    expect(await dialog.getByLabel('TikTok Event').count()).toBe(0);
    await chooseOption(page, dialog.getByLabel('TikTok Pixel (optional)'), 'E2E Pixel (C0E2EPIXEL123)');
    await waitForText(dialog.getByLabel('TikTok Event'), 'CompletePayment');
    await chooseOption(page, dialog.getByLabel('TikTok Event'), 'AddToCart');
    const patched = page.waitForResponse((r) => r.url().includes(`/api/campaigns/${campaignId}`) && r.request().method() === 'PATCH');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    expect((await patched).request().postDataJSON()).toMatchObject({ tiktokPixelId: expect.any(Number), defaultTiktokEvent: 'AddToCart' });
    await expectToast(page, 'Campaign updated');
    await page.getByRole('row', { name: /E2E Pixel/ }).getByText('AddToCart').waitFor();
  }, STEP_MS);

  test('changes settings', async () => {
    await openMenu(page, 'Settings', 'Settings');
    const domains = page.getByRole('form', { name: 'Redirect Domain' });
    await domains.getByRole('button', { name: 'Save Domains' }).click();
    await domains.getByText('Redirect domain is required').waitFor();
    await domains.getByLabel('Redirect Domain', { exact: true }).fill('trk.e2e-example.com');
    await domains.getByLabel('Global Exit Domain (optional)').fill('exit.e2e-example.com');
    await domains.getByRole('button', { name: 'Save Domains' }).click();
    await expectToast(page, 'Settings updated');

    const price = page.getByLabel('Maximum Domain Price ($)');
    expect(await price.inputValue()).toBe('5.00');
    await price.fill('7.5');
    await price.blur();
    await expectToast(page, 'Settings updated');
    expect(await price.inputValue()).toBe('7.50');

    await chooseOption(page, page.getByLabel('Report Time Zone'), 'Europe/Berlin');
    await expectToast(page, 'Settings updated');

    await page.getByRole('button', { name: 'Redeploy Worker' }).click();
    await expectToast(page, 'Redeploy failed');

    expect(await loadedValue(page.getByRole('textbox', { name: 'Postback URL' }))).toMatch(/^https:\/\/trk\.e2e-example\.com\/postback\?key=/);
    // Settings has more than one Copy button (the inbound mail hook's too): the postback card's.
    await page.locator('[data-slot="card"]', { has: page.getByRole('textbox', { name: 'Postback URL' }) }).getByRole('button', { name: 'Copy', exact: true }).click();
    await page.getByRole('button', { name: 'Copied!' }).waitFor();
    await shot(page, '09-settings');

    // The server kept every value (one POST per setting).
    const saved = await page.evaluate(async () => (await fetch('/api/settings', { credentials: 'include' })).json());
    expect(saved).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ key: 'redirect_domain', value: 'trk.e2e-example.com' }),
        expect.objectContaining({ key: 'global_exit_domain', value: 'exit.e2e-example.com' }),
        expect.objectContaining({ key: 'max_domain_price', value: '7.50' }),
        expect.objectContaining({ key: 'report_timezone', value: 'Europe/Berlin' }),
      ]),
    );
  }, STEP_MS);

  test('campaign links now use the redirect and exit domains', async () => {
    await openMenu(page, 'Campaigns', 'Campaigns');
    await page.getByRole('switch', { name: 'BH for E2E Campaign' }).waitFor();
    expect(await page.getByText('Redirect Domain Not Configured').count()).toBe(0);
    await page.getByRole('button', { name: 'View code for E2E Campaign' }).click();
    const dialog = page.getByRole('dialog', { name: /Tracking Code/ });
    await dialog.getByText(`https://trk.e2e-example.com/r/${campaignId}?cid=__CAMPAIGN_ID__`, { exact: false }).waitFor();
    await dialog.getByText('<script src="https://exit.e2e-example.com/exit-tracker.js"></script>', { exact: false }).waitFor();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'hidden' });
  }, STEP_MS);

  // The fallback URL receives visitors of an unknown or deleted campaign (302, nothing appended).
  test('the fallback URL setting, then a deleted campaign whose link goes there', async () => {
    await openMenu(page, 'Settings', 'Settings');
    const fallback = page.getByLabel('Fallback URL', { exact: true });
    await fallback.fill('fallback.e2e.example');
    await fallback.locator('xpath=ancestor::form').getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'URL must start with http:// or https://');
    await fallback.fill('https://Fallback.e2e.example/offers?src=trk');
    await fallback.locator('xpath=ancestor::form').getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Settings updated');
    expect(await fallback.inputValue()).toBe('https://fallback.e2e.example/offers?src=trk');
    await fallback.scrollIntoViewIfNeeded();
    await shot(page, '09b-fallback-url');

    await openMenu(page, 'Campaigns', 'Campaigns');
    await page.getByRole('button', { name: 'Delete E2E Campaign' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete this campaign?' });
    await confirm.getByText('visitors go to the Fallback URL', { exact: false }).waitFor();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expectToast(page, 'Campaign deleted');
    // The ingest reloads its catalog on the change notification: poll briefly rather than race it.
    let location: string | null = null;
    for (const deadline = Date.now() + 10_000; Date.now() < deadline; ) {
      const res = await fetch(`${baseUrl}/r/${campaignId}?cid=1`, { redirect: 'manual' });
      expect(res.status).toBe(302);
      location = res.headers.get('location');
      if (!location?.includes('clickId=')) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(location).toBe('https://fallback.e2e.example/offers?src=trk');
  }, STEP_MS);

  test('creates a user and grants a permission', async () => {
    await openMenu(page, 'Users', 'User Management');
    // No delete button on the admin's own row.
    await page.getByRole('row', { name: /admin/ }).waitFor();
    expect(await page.getByRole('button', { name: 'Delete admin' }).count()).toBe(0);

    await page.getByRole('button', { name: 'Create User' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create User' });
    await dialog.getByRole('button', { name: 'Create User' }).click();
    await expectToast(page, 'Username and password are required');
    await dialog.getByLabel('Username').fill(MEMBER.username);
    await dialog.getByLabel('Password').fill(MEMBER.password);
    await dialog.getByRole('button', { name: 'Create User' }).click();
    await expectToast(page, 'User created');
    const row = page.getByRole('row', { name: new RegExp(MEMBER.username) });
    await row.waitFor();

    await row.getByRole('button', { name: `Manage permissions of ${MEMBER.username}` }).click();
    const permissions = page.getByRole('dialog', { name: /Manage Permissions/ });
    await permissions.getByRole('checkbox', { name: 'Landers' }).click();
    await shot(page, '10-permissions');
    await permissions.getByRole('button', { name: 'Save Permissions' }).click();
    await expectToast(page, 'Permissions updated');
    await row.getByText('Landers').waitFor();

    await row.getByRole('button', { name: `Assign VCNs to ${MEMBER.username}` }).click();
    const vcns = page.getByRole('dialog', { name: /Assign VCNs/ });
    await vcns.getByText('No VCN nicknames yet').waitFor();
    await vcns.getByRole('button', { name: 'Cancel' }).click();
    await vcns.waitFor({ state: 'hidden' });
    await shot(page, '11-users');
  }, STEP_MS);

  test('the new user sees only the menu items allowed', async () => {
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
    await signIn(page, baseUrl, MEMBER);
    expect(await menuLabels(page)).toEqual(['Landers', 'TikTok Pixels', 'Codes', 'Transactions']);

    await openMenu(page, 'Landers', 'Landers');
    await page.getByRole('cell', { name: 'E2E Lander', exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'Add Lander' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Edit E2E Lander' }).count()).toBe(0);
    await shot(page, '12-user-landers');

    await openMenu(page, 'TikTok Pixels', 'TikTok Pixels');
    await page.getByRole('row', { name: /E2E Pixel/ }).waitFor();
    expect(await page.getByRole('button', { name: 'Create Pixel' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /Show access token/ }).count()).toBe(0);
    await shot(page, '13-user-pixels');

    // An admin-only screen sends a user home.
    await page.goto(`${baseUrl}/settings`);
    await page.getByRole('heading', { level: 1, name: 'Landers' }).waitFor();
  }, STEP_MS);
});
