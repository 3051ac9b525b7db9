// Permission-aware screens in a real browser: the admin creates a media buyer with
// features ticked in the Create User dialog; the buyer, lacking the offers feature, opening /offers is
// told so, and no request of the app is refused with a 403 on the way. Skipped without Chromium.
import { afterAll, beforeAll, expect, test } from '@jest/globals';
import type { Locator, Page, Response } from 'playwright-core';
import {
  ADMIN,
  type BrowserSession,
  closeBrowserSession,
  describeWithChromium,
  openBrowserSession,
  SHOTS_DIR,
  shot,
  STEP_MS,
  TIMEOUT_MS,
} from './support/tracker-e2e';

const BUYER = { username: 'perm-buyer', password: 'perm-buyer-password' };

async function signIn(page: Page, baseUrl: string, who: { username: string; password: string }): Promise<void> {
  await page.goto(`${baseUrl}/auth`);
  await page.getByLabel('Username').fill(who.username);
  await page.getByLabel('Password', { exact: true }).fill(who.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.getByTestId('sidebar-username').filter({ hasText: who.username }).waitFor();
}

/** Radix Select can drop the first click on an option on a loaded machine (see management.e2e): retry. */
async function chooseRole(page: Page, dialog: Locator, role: 'Admin' | 'User'): Promise<void> {
  await dialog.getByRole('combobox', { name: 'Role' }).click();
  for (let attempt = 1; ; attempt++) {
    await page.getByRole('option', { name: role, exact: true }).click();
    try {
      await page.getByRole('listbox').waitFor({ state: 'hidden', timeout: 2_000 });
      return;
    } catch (error) {
      if (attempt === 3) throw error;
    }
  }
}

async function menuLabels(page: Page): Promise<string[]> {
  const links = page.getByRole('navigation', { name: 'Main navigation' }).locator('[data-sidebar="content"] a');
  return (await links.allInnerTexts()).map((text) => text.trim());
}

describeWithChromium('permissions e2e')('permission-aware screens in Chromium', () => {
  let session: BrowserSession | undefined;
  let page: Page;
  let baseUrl = '';
  /** Every /api answer the page got, as "METHOD path status". */
  const apiAnswers: string[] = [];

  beforeAll(async () => {
    session = await openBrowserSession('tracker-e2e-perms-');
    ({ page, baseUrl } = session);
    page.on('response', (res: Response) => {
      const url = new URL(res.url());
      if (url.pathname.startsWith('/api/')) apiAnswers.push(`${res.request().method()} ${url.pathname} ${res.status()}`);
    });
  }, TIMEOUT_MS);

  afterAll(async () => {
    await closeBrowserSession(session);
    process.stdout.write(`\n[permissions e2e] screenshots: ${SHOTS_DIR}\n\n`);
  }, 30_000);

  test('the admin ticks a new user\'s features in the Create User dialog', async () => {
    await signIn(page, baseUrl, ADMIN);
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Users', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'User Management' }).waitFor();
    await page.getByRole('button', { name: 'Create User' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create User' });
    await dialog.getByLabel('Username').fill(BUYER.username);
    await dialog.getByLabel('Password').fill(BUYER.password);

    // The checkboxes are for role users only (spec §6): choosing Admin hides them.
    await dialog.getByRole('checkbox', { name: 'Landers' }).waitFor();
    await chooseRole(page, dialog, 'Admin');
    await dialog.getByRole('checkbox', { name: 'Landers' }).waitFor({ state: 'detached' });
    await chooseRole(page, dialog, 'User');

    await dialog.getByRole('checkbox', { name: 'Landers' }).click();
    await dialog.getByRole('checkbox', { name: 'Click Log' }).click();
    expect(await dialog.getByRole('checkbox', { name: 'Offers' }).isChecked()).toBe(false);
    await shot(page, 'perms-01-create-user-with-features', { fullPage: false });
    await dialog.getByRole('button', { name: 'Create User' }).click();
    await dialog.waitFor({ state: 'hidden' });

    const row = page.getByRole('row', { name: new RegExp(BUYER.username) });
    await row.getByText('Landers').waitFor();
    await row.getByText('Click Log').waitFor();
    await shot(page, 'perms-02-users');
  }, STEP_MS);

  test('the buyer sees only the menu items granted', async () => {
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
    apiAnswers.length = 0;
    await signIn(page, baseUrl, BUYER);
    // No dashboard feature: signing in lands on the first screen granted.
    await page.getByRole('heading', { level: 1, name: 'Landers' }).waitFor();
    // Conversions comes with the clicks feature, as the Click Log does.
    expect(await menuLabels(page)).toEqual(['Landers', 'Click Log', 'Conversions', 'TikTok Pixels', 'Codes', 'Transactions']);
  }, STEP_MS);

  test("/offers without the offers feature says so and sends no request to be refused", async () => {
    await page.goto(`${baseUrl}/offers`);
    await page.getByRole('heading', { level: 1, name: "You don't have access to Offers" }).waitFor();
    await page.getByText('This screen needs the Offers or Performance permission').waitFor();
    // Give a page that would have fetched its data the time to do it, and its toast the time to show.
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(1_000);
    await shot(page, 'perms-03-offers-no-access');
    expect(apiAnswers.filter((answer) => answer.includes('/api/cake/offers'))).toEqual([]);
    expect(apiAnswers.filter((answer) => answer.endsWith(' 403'))).toEqual([]);
    expect(await page.getByText('Total Revenue').count()).toBe(0);
    expect(await page.getByText('Failed to fetch offers').count()).toBe(0);

    await page.getByRole('link', { name: 'Go to Landers' }).click();
    await page.getByRole('heading', { level: 1, name: 'Landers' }).waitFor();
  }, STEP_MS);

  test('every other feature screen explains itself; admin-only screens still send the buyer home', async () => {
    for (const [path, title] of [
      ['/campaigns', 'Campaigns'],
      ['/sparks', 'Spark Setup'],
    ] as const) {
      await page.goto(`${baseUrl}${path}`);
      await page.getByRole('heading', { level: 1, name: `You don't have access to ${title}` }).waitFor();
    }
    await page.goto(`${baseUrl}/settings`);
    await page.getByRole('heading', { level: 1, name: 'Landers' }).waitFor();
    await page.goto(`${baseUrl}/clicks`);
    await page.getByRole('heading', { level: 1, name: 'Click Log' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(apiAnswers.filter((answer) => answer.endsWith(' 403'))).toEqual([]);
  }, STEP_MS);

  test('a feature taken away while the buyer is on its screen turns it into the access message', async () => {
    // The admin, in a browser context of their own, takes Click Log away from the buyer.
    const admin = await session!.browser.newContext();
    try {
      expect((await admin.request.post(`${baseUrl}/api/login`, { data: ADMIN })).ok()).toBe(true);
      const users = (await (await admin.request.get(`${baseUrl}/api/users`)).json()) as Array<{ id: number; username: string }>;
      const buyer = users.find((user) => user.username === BUYER.username)!;
      const revoke = await admin.request.post(`${baseUrl}/api/users/${buyer.id}/permissions`, { data: { features: ['landers'] } });
      expect(revoke.ok()).toBe(true);
    } finally {
      await admin.close();
    }
    // The Click Log polls every 10 s: its next fetch is refused, and the screen follows the session.
    await page.getByRole('heading', { level: 1, name: "You don't have access to Click Log" }).waitFor({ timeout: 30_000 });
    expect(await menuLabels(page)).toEqual(['Landers', 'TikTok Pixels', 'Codes', 'Transactions']);
    await shot(page, 'perms-04-click-log-revoked');
  }, STEP_MS);
});
