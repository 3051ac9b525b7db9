// The Codes screen as a media buyer uses it, in Chromium on `tracker all` polling a real IMAP server
// (Dovecot, TEST_IMAP_URL): a SafeKey mail appended to the mailbox shows on /codes within 5 s, the cards
// follow it, a click copies the code with the spec's toast and a 2-second check, Refresh says
// 'Refreshed', three skeleton rows show while loading, the columns follow the width, the dashboard's
// 'SafeKey Codes' link leads here, and Settings → Mail shows the mailbox without its password.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { ImapFlow } from 'imapflow';
import type { Page } from 'playwright-core';
import { ADMIN, type BrowserSession, closeBrowserSession, describeWithChromium, loadedValue, openBrowserSession, shot, STEP_MS, TIMEOUT_MS } from './support/tracker-e2e';

const IMAP_URL = process.env.TEST_IMAP_URL;
if (!IMAP_URL && process.env.CI) throw new Error('TEST_IMAP_URL is not set in CI: the Codes browser suite needs the IMAP server');

async function withImap<T>(url: string, work: (client: ImapFlow, folder: string) => Promise<T>): Promise<T> {
  const parsed = new URL(url);
  const client = new ImapFlow({
    host: parsed.hostname,
    port: Number(parsed.port),
    secure: parsed.protocol === 'imaps:',
    doSTARTTLS: parsed.protocol === 'imaps:' ? undefined : false,
    auth: { user: decodeURIComponent(parsed.username), pass: decodeURIComponent(parsed.password) },
    logger: false,
  });
  client.on('error', () => {});
  await client.connect();
  try {
    return await work(client, decodeURIComponent(parsed.pathname.slice(1)));
  } finally {
    await client.logout().catch(() => client.close());
  }
}

function safeKeyMail(code: string): string {
  return [
    'From: American Express <americanexpress@welcome.americanexpress.com>',
    'To: codes@media-team.example',
    'Subject: Your American Express SafeKey one-time verification code',
    `Date: ${new Date().toUTCString().replace('GMT', '+0000')}`,
    `Message-ID: <e2e-${code}-${crypto.randomUUID()}@welcome.americanexpress.com>`,
    'Content-Type: text/plain; charset=utf-8',
    '',
    `Your one-time verification code is ${code}. Purchase of $129.99 at TIKTOK ADS, Card ending in 1005.`,
    '',
  ].join('\r\n');
}

function describeWithImap(): typeof describe.skip {
  if (IMAP_URL) return describeWithChromium('codes e2e');
  process.stdout.write('\n[codes e2e] SKIPPED: TEST_IMAP_URL is not set (scripts/services.sh up imap)\n\n');
  return describe.skip;
}
const describeCodes = describeWithImap();

describeCodes('the Codes screen on a polled mailbox', () => {
  let session: BrowserSession | undefined;
  let page: Page;
  let baseUrl = '';
  let folderUrl = '';

  beforeAll(async () => {
    const folder = `e2e-codes-${crypto.randomBytes(4).toString('hex')}`;
    await withImap(IMAP_URL!, (client) => client.mailboxCreate(folder));
    const url = new URL(IMAP_URL!);
    url.pathname = `/${folder}`;
    folderUrl = url.toString();
    session = await openBrowserSession('tracker-e2e-codes-', {
      // A slow poll: a code shown within 5 s got there by the mailbox's IDLE push.
      env: { CODES_IMAP_URL: folderUrl, CODES_IMAP_POLL_SECONDS: '30' },
      permissions: ['clipboard-read', 'clipboard-write'],
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
    if (folderUrl) await withImap(folderUrl, (client, folder) => client.mailboxDelete(folder)).catch(() => {});
  }, TIMEOUT_MS);

  test('the sidebar Codes entry opens an empty Codes screen with three skeleton rows first', async () => {
    // Hold the first answer, so the loading state can be seen.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/codes', async (route) => {
      await held;
      await route.continue();
    });
    try {
      await page.getByRole('link', { name: 'Codes', exact: true }).click();
      await page.waitForURL(`${baseUrl}/codes`);
      await page.getByTestId('skeleton-row').first().waitFor();
      await expect(page.getByTestId('skeleton-row').count()).resolves.toBe(3);
      await shot(page, 'codes-loading');
    } finally {
      release();
      // Routing turns the HTTP cache off: the rest of the suite polls as a browser does, with ETags.
      await page.unrouteAll({ behavior: 'wait' });
    }
    await page.getByText('No verification codes yet').waitFor();
    await page.getByText(/forwarded to the monitored address.*updates every 30 seconds/).waitFor();
    await expect(page.getByText('No codes yet').isVisible()).resolves.toBe(true);
    await shot(page, 'codes-empty');
  }, STEP_MS);

  test('a mail appended to the mailbox shows within 5 s, with the cards following it', async () => {
    await withImap(folderUrl, (client, folder) => client.append(folder, safeKeyMail('482913')));
    const appendedAt = Date.now();
    const cell = page.getByRole('button', { name: '482913', exact: true });
    await cell.waitFor({ timeout: 5_000 });
    process.stdout.write(`[codes e2e] appended → shown on /codes in ${Date.now() - appendedAt} ms\n`);
    const cards = page.locator('[data-slot="card"]');
    await expect(cards.filter({ hasText: 'Total Codes' }).innerText()).resolves.toContain('1');
    await expect(cards.filter({ hasText: 'Latest Code' }).innerText()).resolves.toContain('482913');
    await expect(cards.filter({ hasText: 'Last Updated' }).innerText()).resolves.toMatch(/just now[\s\S]*Auto-refreshing/);

    await withImap(folderUrl, (client, folder) => client.append(folder, safeKeyMail('731045')));
    await page.getByRole('button', { name: '731045', exact: true }).waitFor({ timeout: 5_000 });
    await expect(cards.filter({ hasText: 'Latest Code' }).innerText()).resolves.toContain('731045');
    const headers = await page.getByRole('columnheader').allInnerTexts();
    expect(headers.map((h) => h.trim()).filter(Boolean)).toEqual(['Verification Code', 'Received At', 'Email Subject']);
    await shot(page, 'codes-list');
  }, STEP_MS);

  test('clicking a code copies it, with the toast and a check for 2 seconds; Refresh says Refreshed', async () => {
    await page.getByRole('button', { name: '482913', exact: true }).click();
    await page.getByText('Code copied!', { exact: true }).waitFor();
    await page.getByText('Verification code 482913 copied to clipboard', { exact: true }).waitFor();
    await expect(page.evaluate(() => navigator.clipboard.readText())).resolves.toBe('482913');
    const row = page.getByRole('row').filter({ hasText: '482913' });
    await expect(row.getByTestId('copied-check').count()).resolves.toBe(1);
    await shot(page, 'codes-copied', { fullPage: false });
    await row.getByTestId('copied-check').waitFor({ state: 'detached', timeout: 5_000 });

    await page.getByRole('button', { name: 'Refresh' }).click();
    await page.getByText('Refreshed', { exact: true }).waitFor();
    await page.getByText('Code list updated', { exact: true }).waitFor();
  }, STEP_MS);

  test('on a phone the table shows Time instead of Received At and the subject', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('columnheader', { name: 'Time' }).waitFor();
    const headers = (await page.getByRole('columnheader').allInnerTexts()).map((h) => h.trim()).filter(Boolean);
    expect(headers).toEqual(['Verification Code', 'Time']);
    await shot(page, 'codes-phone');
    await page.setViewportSize({ width: 1440, height: 900 });
  }, STEP_MS);

  test("the dashboard's SafeKey Codes link leads to the Codes screen", async () => {
    await page.goto(`${baseUrl}/`);
    await page.getByRole('link', { name: 'SafeKey Codes' }).click();
    await page.waitForURL(`${baseUrl}/codes`);
    await page.getByRole('button', { name: '731045', exact: true }).waitFor();
  }, STEP_MS);

  test('Settings → Mail shows the polled mailbox without its password, its counts and the hook URL', async () => {
    await page.goto(`${baseUrl}/settings`);
    const card = page.locator('[data-slot="card"]').filter({ has: page.getByRole('heading', { name: 'Mail', exact: true }) });
    await card.getByText('Configured', { exact: true }).waitFor();
    const text = await card.innerText();
    const password = decodeURIComponent(new URL(IMAP_URL!).password);
    expect(text).not.toContain(password);
    expect(text).toMatch(/imap:\/\/\S+:\*\*\*@127\.0\.0\.1/);
    expect(text).toContain('Polled every 30 s');
    expect(text).toMatch(/2\s+stored/);
    await expect(loadedValue(card.getByRole('textbox').first())).resolves.toMatch(/\/inbound\/email\?key=[\w-]{20,}$/);
    await card.scrollIntoViewIfNeeded();
    await shot(page, 'settings-mail', { fullPage: false });
  }, STEP_MS);
});
