// Domain automation in a real browser against local fakes of Namecheap and Cloudflare: the
// admin checks a .xyz name, sees its price, buys it (the status goes live from Purchasing to
// Purchased), configures DNS with the default subdomain trk, and sees the domain reach Active; the
// campaign dialog then offers it. Skipped without Chromium.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from '@jest/globals';
import type { Page } from 'playwright-core';
import { startFakeCloudflareServer, startFakeNamecheapServer, type FakeCloudflareServer, type FakeNamecheapServer } from '@tracker/testing';
import { ADMIN, type BrowserSession, closeBrowserSession, describeWithChromium, openBrowserSession, SHOTS_DIR, shot, STEP_MS, TIMEOUT_MS } from './support/tracker-e2e';

const CONTACT = {
  firstName: 'Dana',
  lastName: 'Buyer',
  address1: '1 Main St',
  city: 'Austin',
  stateProvince: 'TX',
  postalCode: '78701',
  country: 'US',
  phone: '+1.5125550100',
  email: 'dana@example.com',
};

async function toastTitled(page: Page, title: string): Promise<void> {
  await page.getByRole('status').filter({ hasText: title }).first().waitFor({ state: 'visible' });
}

describeWithChromium('domains e2e')('buying and configuring a domain in Chromium', () => {
  let session: BrowserSession | undefined;
  let page: Page;
  let baseUrl = '';
  let namecheap: FakeNamecheapServer;
  let cloudflare: FakeCloudflareServer;
  let scriptDir = '';

  beforeAll(async () => {
    namecheap = await startFakeNamecheapServer({ taken: ['taken-e2e.xyz'], premium: { 'gold-e2e.xyz': '25.00' } });
    cloudflare = await startFakeCloudflareServer();
    // The edge worker's source as the tracker would upload it (the real one lives in deploy/edge-worker).
    scriptDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tracker-e2e-edge-'));
    fs.writeFileSync(path.join(scriptDir, 'worker.js'), 'export default { fetch: (request, env) => fetch(new URL(new URL(request.url).pathname, env.TRACKER_ORIGIN)) };\n');
    session = await openBrowserSession('tracker-e2e-domains-', {
      env: {
        NAMECHEAP_API_URL: namecheap.url,
        NAMECHEAP_API_USER: 'tracker',
        NAMECHEAP_API_KEY: 'namecheap-key',
        NAMECHEAP_CLIENT_IP: '127.0.0.1',
        REGISTRANT_CONTACT: JSON.stringify(CONTACT),
        CLOUDFLARE_API_URL: cloudflare.url,
        CLOUDFLARE_API_TOKEN: 'cloudflare-token',
        CLOUDFLARE_ACCOUNT_ID: 'account-1',
        TRACKER_ORIGIN: 'https://tracker.e2e-example.com',
        EDGE_WORKER_SECRET: 'e2e-edge-secret-0123456789',
        EDGE_WORKER_SCRIPT: path.join(scriptDir, 'worker.js'),
      },
    });
    ({ page, baseUrl } = session);
    await page.goto(`${baseUrl}/auth`);
    await page.getByLabel('Username').fill(ADMIN.username);
    await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByTestId('sidebar-username').waitFor();
  }, TIMEOUT_MS);

  afterAll(async () => {
    await closeBrowserSession(session);
    await namecheap?.close();
    await cloudflare?.close();
    if (scriptDir) fs.rmSync(scriptDir, { recursive: true, force: true });
    process.stdout.write(`\n[domains e2e] screenshots: ${SHOTS_DIR}\n\n`);
  }, 30_000);

  test('the search checks the format, says .xyz only, and shows why a name cannot be bought', async () => {
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Domains', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Domain Automation' }).waitFor();
    await page.getByText('Only .xyz domains are currently supported.').waitFor();
    await page.getByText('No domains yet. Search for a .xyz domain above to buy one.').waitFor();

    const search = page.getByRole('form', { name: 'Search Domain' });
    await search.getByRole('button', { name: 'Check Availability' }).click();
    await search.getByText('Domain name is required').waitFor();
    await search.getByLabel('Domain name').fill('Not A Domain');
    await search.getByRole('button', { name: 'Check Availability' }).click();
    await search.getByText('Invalid domain format (e.g., example.com, example.co.uk)').waitFor();

    await search.getByLabel('Domain name').fill('taken-e2e.xyz');
    await search.getByRole('button', { name: 'Check Availability' }).click();
    await toastTitled(page, 'Domain not available');
    await page.getByRole('status', { name: 'Availability' }).getByText('taken-e2e.xyz is not available').first().waitFor();

    await search.getByLabel('Domain name').fill('gold-e2e.xyz');
    await search.getByRole('button', { name: 'Check Availability' }).click();
    await page.getByRole('status', { name: 'Availability' }).getByText('Premium Price:').waitFor();
    await page.getByText('gold-e2e.xyz costs $25.18, above the Maximum Domain Price of $5.00 (Settings)').first().waitFor();
    await shot(page, 'domains-01-over-max-price', { fullPage: false });
  }, STEP_MS);

  test('buy a domain: its price, Purchase, the live status, then Purchased', async () => {
    // The registrar answers the purchase slowly, so the row shows Purchasing while the job runs.
    namecheap.answerNext('namecheap.domains.create', { delayMs: 4_000 });
    const search = page.getByRole('form', { name: 'Search Domain' });
    // Typed as people type it: the one domain-name rule reads it as e2e-tracking.xyz.
    await search.getByLabel('Domain name').fill(' E2E-Tracking.XYZ ');
    await search.getByRole('button', { name: 'Check Availability' }).click();
    const result = page.getByRole('status', { name: 'Availability' });
    await result.getByText('e2e-tracking.xyz is available').waitFor();
    await result.getByText('$2.16').waitFor();
    await shot(page, 'domains-02-available', { fullPage: false });

    await result.getByRole('button', { name: 'Purchase' }).click();
    const row = page.getByRole('row', { name: /e2e-tracking\.xyz/ });
    await row.getByText('Purchasing').waitFor();
    await shot(page, 'domains-03-purchasing');
    await toastTitled(page, 'Domain purchased');
    await row.getByText('Purchased', { exact: true }).waitFor();
    await row.getByText('$2.16').waitFor();
    expect(namecheap.orders.map((o) => o.domain)).toEqual(['e2e-tracking.xyz']);
    // The panel no longer offers the name: it is in Your Domains, with its status and a way to its row.
    await result.getByText('e2e-tracking.xyz is in Your Domains').waitFor();
    await result.getByText('Purchased', { exact: true }).waitFor();
    expect(await result.getByRole('button', { name: 'Purchase' }).count()).toBe(0);
    await result.getByRole('button', { name: 'Show in Your Domains' }).waitFor();
    await shot(page, 'domains-03b-purchased-panel', { fullPage: false });
  }, STEP_MS);

  test('Configure DNS with the default subdomain trk takes the domain to Active', async () => {
    const row = page.getByRole('row', { name: /e2e-tracking\.xyz/ });
    await row.getByRole('button', { name: 'Configure DNS' }).click();
    const dialog = page.getByRole('dialog', { name: 'Configure DNS' });
    await expect(dialog.getByLabel('Subdomain').inputValue()).resolves.toBe('trk');
    await dialog.getByLabel('Subdomain').fill('Bad Sub');
    await dialog.getByRole('button', { name: 'Configure' }).click();
    await dialog.getByText('Invalid subdomain format (e.g., trk, go, click)').waitFor();
    await dialog.getByLabel('Subdomain').fill('trk');
    await dialog.getByText('https://trk.e2e-tracking.xyz').waitFor();
    await shot(page, 'domains-04-configure-dialog', { fullPage: false });
    await dialog.getByRole('button', { name: 'Configure' }).click();
    await toastTitled(page, 'Domain configured');
    await row.getByText('Active', { exact: true }).waitFor();
    await row.getByText('trk.e2e-tracking.xyz').waitFor();
    await row.getByRole('button', { name: 'Migrate to Workers' }).waitFor();
    await row.getByRole('button', { name: 'Update NS' }).waitFor();
    await shot(page, 'domains-05-active');
    expect(cloudflare.routes.map((r) => r.pattern)).toEqual(['trk.e2e-tracking.xyz/*']);

    await row.getByRole('button', { name: 'Update NS' }).click();
    await toastTitled(page, 'Nameservers updated');
    await row.getByRole('button', { name: 'History of e2e-tracking.xyz' }).click();
    await page.getByRole('dialog').getByText('Configuring DNS → Active').waitFor();
    await shot(page, 'domains-06-history', { fullPage: false });
    await page.keyboard.press('Escape');
  }, STEP_MS);

  test("the campaign dialog's Domain select offers the active domain by its tracking host", async () => {
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Campaigns', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Campaigns' }).waitFor();
    await page.getByRole('button', { name: 'Create Campaign' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Create Campaign' });
    await dialog.getByRole('combobox', { name: 'Domain (optional)' }).click();
    await page.getByRole('option', { name: 'trk.e2e-tracking.xyz' }).waitFor();
    await shot(page, 'domains-07-campaign-domain-select', { fullPage: false });
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Domains', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Domain Automation' }).waitFor();
  }, STEP_MS);

  test('the Test Proxy button says registrar calls go direct when no proxy is set', async () => {
    await page.getByRole('button', { name: 'Test Proxy' }).click();
    await toastTitled(page, 'Proxy test failed');
    await page.getByText(/DOMAINS_SOCKS_PROXY is not set/).first().waitFor();
  }, STEP_MS);
});
