// Billing in a real browser: an admin uploads a statement export through the Transactions screen and
// sees the §8 toasts (then 'Validation Warnings' for its bad rows), the cards and VCN Spend Summary fill,
// a filter goes back to page 1, and the pager walks 50 rows a page.
// Screenshots go to <tmpdir>/tracker-e2e-shots/. Skipped, saying so, when Chromium is not installed.
import { afterAll, beforeAll, expect, test } from '@jest/globals';
import type { Locator, Page } from 'playwright-core';
import { ADMIN, type BrowserSession, closeBrowserSession, describeWithChromium, openBrowserSession, shot, STEP_MS, TIMEOUT_MS } from './support/tracker-e2e';

const HEADER = ['Transaction Date', 'Clear Date', 'Type', 'Status', 'Authorization Billing Amount', 'Merchant Name', 'Merchant City', 'VCN Nickname', 'VCN Last 4', 'Reference Id', 'Team'];

/** 120 good rows over three cards (every 4th pending, every 10th declined), then two bad ones (lines 122, 123). */
function statement(): string {
  const rows = Array.from({ length: 120 }, (_, i) => {
    const status = i % 10 === 9 ? 'DECLINED' : i % 4 === 0 ? 'PENDING' : 'CLEARED';
    const date = `11/${(i % 20) + 1}/26`;
    return [date, status === 'PENDING' ? '' : date, 'DEBIT', status, `"$${(i + 1) * 3},000.50"`, '"TIKTOK ADS, INC."', 'Culver City', ['Alpha Card', 'Beta Card', 'Gamma Card'][i % 3], `*${1111 * ((i % 3) + 1)}`, `E2E-${i}`, 'Growth'].join(',');
  });
  rows.push(['13/45/26', '', 'DEBIT', 'CLEARED', '10.00', 'X', '', 'Alpha Card', '*1111', 'E2E-BAD-1', ''].join(','));
  rows.push(['11/3/26', '', 'DEBIT', 'REVERSED', '10.00', 'X', '', 'Alpha Card', '*1111', 'E2E-BAD-2', ''].join(','));
  return `\ufeff${[HEADER.join(','), ...rows].join('\r\n')}\r\n`;
}

/** Waits until the locator matches exactly `n` elements (the table refetches after a filter). */
async function countIs(locator: Locator, n: number): Promise<void> {
  const deadline = Date.now() + 15_000;
  while ((await locator.count()) !== n) {
    if (Date.now() > deadline) expect(await locator.count()).toBe(n);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The toasts the page's observer recorded, once there are `n` of them (or all there are after STEP_MS). */
async function toastsSeen(page: Page, n: number): Promise<string[]> {
  const deadline = Date.now() + STEP_MS;
  for (;;) {
    const seen = await page.evaluate(() => (window as unknown as { seenToasts: string[] }).seenToasts);
    if (seen.length >= n || Date.now() > deadline) return seen;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describeWithChromium('billing e2e')('the Transactions screen in Chromium', () => {
  let session: BrowserSession | undefined;
  let page: Page;
  let baseUrl = '';

  beforeAll(async () => {
    session = await openBrowserSession('tracker-e2e-billing-');
    ({ page, baseUrl } = session);
    await page.goto(`${baseUrl}/auth`);
    await page.getByLabel('Username').fill(ADMIN.username);
    await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByTestId('sidebar-username').waitFor();
  }, TIMEOUT_MS);

  afterAll(async () => {
    await closeBrowserSession(session);
  }, 30_000);

  test('empty screen, upload with toasts, cards and spend summary, filters back to page 1, paging', async () => {
    await page.getByRole('link', { name: 'Transactions' }).click();
    await page.getByRole('heading', { name: 'Billing Statements' }).waitFor();
    await page.getByText('No transactions found. Upload a CSV file to get started.').waitFor();
    await page.getByText('No transaction data available').waitFor();
    await shot(page, 'billing-empty');

    // One toast at a time (spec §9): the warnings replace the success toast after 0.5 s, so every toast
    // shown is recorded as it appears rather than looked for afterwards.
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { seenToasts: string[] }).seenToasts = seen;
      new MutationObserver(() => {
        for (const toast of Array.from(document.querySelectorAll('ol li'))) {
          const text = (toast as HTMLElement).innerText.replace(/\s+/g, ' ').trim();
          if (text && !seen.includes(text)) seen.push(text);
        }
      }).observe(document.body, { childList: true, subtree: true, characterData: true });
    });
    await page.getByLabel('CSV file').setInputFiles({ name: 'statement.csv', mimeType: 'text/csv', buffer: Buffer.from(statement()) });
    // The success toast is on screen for only 0.5 s, too short to poll for on a loaded machine: the
    // observer's record is waited on instead, and a failure shows every toast that did appear.
    const seen = await toastsSeen(page, 2);
    await page.getByText(/^Line 122: Transaction Date "13\/45\/26"/).first().waitFor();
    await shot(page, 'billing-warnings-toast', { fullPage: false });
    expect(seen[0]).toBe('Upload successful! 120 total transactions: 78 new cleared, 42 new pending/declined, 2 validation errors');
    expect(seen[1]).toMatch(/^Validation Warnings Line 122: Transaction Date "13\/45\/26" is not a date .* Line 123: Status "REVERSED" is not one of PENDING, CLEARED, DECLINED$/);

    await page.getByText('Showing 1-50 of 120 transactions').waitFor();
    await page.getByRole('button', { name: 'Page 3' }).waitFor();
    await page.getByRole('button', { name: 'Page 3' }).click();
    await page.getByText('Showing 101-120 of 120 transactions').waitFor();
    await shot(page, 'billing-page-3');

    // A filter goes back to page 1; declined rows are 12 of the 120.
    await page.getByLabel('Status').click();
    await page.getByRole('option', { name: 'Declined' }).click();
    await page.getByRole('button', { name: 'Clear', exact: true }).waitFor();
    const table = page.getByRole('table', { name: 'Transactions' });
    await countIs(table.getByText('DECLINED'), 12);
    await countIs(page.getByText(/Showing .* transactions/), 0);
    await page.getByLabel('Min Amount ($)').fill('100000');
    await countIs(table.getByText('DECLINED'), 9);
    await shot(page, 'billing-filtered');
    await page.getByRole('button', { name: 'Clear', exact: true }).click();
    await page.getByText('Showing 1-50 of 120 transactions').waitFor();

    // The cards: totals exclude DECLINED.
    await page.getByText('Failed transactions').waitFor();
    const spend = page.getByRole('table', { name: 'VCN Spend Summary' });
    await countIs(spend.getByRole('row'), 5);
    await page.getByLabel('Start Date').fill('2026-12-01');
    await page.getByText('Try adjusting the date range').waitFor();
    await page.getByRole('button', { name: 'Clear Dates' }).click();
    await countIs(spend.getByRole('row'), 5);
    await shot(page, 'billing-loaded');
  }, TIMEOUT_MS);

  test("a refusal is printable words that wrap inside the toast, never bytes or a long word past its edge", async () => {
    // An executable's first bytes saved as .csv: csv-parse would quote them in its error.
    const bytes = Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01, 0x22, 0x00, 0x00, 0xff, 0xfe, ...Array.from({ length: 4000 }, (_, i) => (i * 37) % 256)]);
    await page.getByLabel('CSV file').setInputFiles({ name: 'statement.csv', mimeType: 'text/csv', buffer: bytes });
    const refused = page.getByRole('status').filter({ hasText: 'Upload failed' }).first();
    await refused.getByText('The file is not a CSV text file').waitFor();
    expect((await refused.innerText()).replace(/\s/g, '')).not.toMatch(/[\p{Cc}\ufffd]/u);
    await shot(page, 'billing-binary-refused', { fullPage: false });

    // A header that is one long word: the refusal quotes it, and the toast wraps it.
    await page.getByLabel('CSV file').setInputFiles({ name: 'statement.csv', mimeType: 'text/csv', buffer: Buffer.from(`Reference Id,${'Q'.repeat(400)}\nE2E-1,x\n`) });
    const longWord = page.getByRole('status').filter({ hasText: 'Found: Reference Id' }).first();
    await longWord.waitFor();
    const overflows = await longWord.evaluate((box) => {
      const edge = box.getBoundingClientRect().right;
      return Array.from(box.querySelectorAll('*')).some((el) => el.getBoundingClientRect().right > edge + 1);
    });
    expect(overflows).toBe(false);
    await shot(page, 'billing-long-word-refused', { fullPage: false });
  }, STEP_MS);
});
