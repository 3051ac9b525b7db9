// Invoicing as an admin walks it, in Chromium on `tracker all`: settings saved from the side
// panels, one publisher payout and one advertiser invoice created through the forms (a saved company
// fills the advertiser form, line items add and remove, the total and due date follow), each PDF opened
// in a new tab and downloaded, then read back with pdftotext; due dates recalculated; a delete confirmed.
import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, expect, test } from '@jest/globals';
import type { Page } from 'playwright-core';
import { ADMIN, type BrowserSession, closeBrowserSession, describeWithChromium, openBrowserSession, shot, STEP_MS, TIMEOUT_MS } from './support/tracker-e2e';

async function expectToast(page: Page, title: string | RegExp): Promise<void> {
  await page.getByRole('status').filter({ hasText: title }).first().waitFor({ state: 'visible' });
}

/** Downloads the row's PDF through the page and returns its text. */
async function downloadedPdfText(page: Page, invoiceNumber: string): Promise<string> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: `Download PDF of ${invoiceNumber}` }).click()]);
  expect(download.suggestedFilename()).toBe(`${invoiceNumber}.pdf`);
  const file = await download.path();
  return execFileSync('pdftotext', ['-layout', file, '-']).toString('utf8');
}

/** Opens the row's PDF preview and waits for the new tab to show the generated file. */
async function previewOpens(page: Page, invoiceNumber: string): Promise<void> {
  const [tab] = await Promise.all([page.context().waitForEvent('page'), page.getByRole('button', { name: `Preview PDF of ${invoiceNumber}` }).click()]);
  await tab.waitForURL(/^blob:/, { timeout: STEP_MS });
  await tab.close();
}

describeWithChromium('invoicing e2e')('Invoicing: one invoice of each kind, with its PDF', () => {
  let session: BrowserSession | undefined;
  let page: Page;
  const year = new Date().getUTCFullYear();

  beforeAll(async () => {
    session = await openBrowserSession('tracker-e2e-invoicing-');
    page = session.page;
    await page.goto(`${session.baseUrl}/auth`);
    await page.getByLabel('Username').fill(ADMIN.username);
    await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Invoicing', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Invoice Management' }).waitFor();
  }, TIMEOUT_MS);
  afterAll(() => closeBrowserSession(session));

  test('a publisher payout: settings, validation, create, PDF preview and download', async () => {
    await page.getByRole('button', { name: 'Settings', exact: true }).click();
    await page.getByLabel('From company name').fill('Northwind Media LLC');
    await page.getByLabel('Bank name').fill('First Bank');
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await expectToast(page, 'Settings updated');
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Create Invoice' }).click();
    await page.getByText('Publisher/media buyer is required').waitFor();
    await page.getByLabel('Publisher / media buyer').fill('Jamie Rivera');
    await page.getByLabel('Description').fill('Weekly payout, TikTok US');
    await page.getByLabel('Amount paid ($)').fill('4321.09');
    await page.getByLabel('Revenue share (%)').fill('25.5');
    await page.getByLabel('Profit ($)').fill('812.40');
    await page.getByRole('button', { name: 'Create Invoice' }).click();
    await expectToast(page, 'Publisher invoice created successfully');
    const number = `PUB-${year}-0001`;
    const row = page.getByRole('row').filter({ hasText: number });
    await row.waitFor();
    expect(await row.textContent()).toContain('$4,321.09');
    await shot(page, 'invoicing-publisher');

    await previewOpens(page, number);
    const text = await downloadedPdfText(page, number);
    for (const expected of [number, 'Northwind Media LLC', 'Jamie Rivera', 'Weekly payout, TikTok US', '$4,321.09', 'First Bank']) expect(text).toContain(expected);
    await row.getByText('Generated').waitFor();
  }, STEP_MS * 3);

  test('an advertiser invoice: saved company, line items, total and due date, PDF, recalculation, delete', async () => {
    await page.getByRole('tab', { name: 'Advertiser Billing' }).click();
    await page.getByRole('button', { name: 'Settings', exact: true }).click();
    const companies = page.getByRole('region', { name: 'Saved Companies' });
    await companies.getByLabel('Company name').fill('Acme Offers Ltd');
    await companies.getByLabel('Billing address').fill('9 Harbour Rd, Dublin');
    await companies.getByRole('button', { name: 'Save Company' }).click();
    await expectToast(page, 'Company saved');
    // The same name in other case is the same company; a delete asks first, and Cancel keeps it.
    await companies.getByLabel('Company name').fill('ACME OFFERS LTD');
    await companies.getByRole('button', { name: 'Save Company' }).click();
    await expectToast(page, 'A company with this name is already saved');
    await companies.getByRole('button', { name: 'Delete company Acme Offers Ltd' }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByText('Delete Acme Offers Ltd?').waitFor();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
    await companies.getByRole('button', { name: 'Use Acme Offers Ltd' }).waitFor();
    await companies.getByLabel('Company name').fill('');
    await shot(page, 'invoicing-advertiser-settings', { fullPage: false });
    await page.getByRole('button', { name: 'Use Acme Offers Ltd' }).click();
    const form = page.getByRole('form', { name: 'Create Advertiser Invoice' });
    await expect(form.getByLabel('Company name').inputValue()).resolves.toBe('Acme Offers Ltd');

    // One line cannot be removed; two can.
    expect(await form.getByRole('button', { name: 'Remove line 1' }).count()).toBe(0);
    await form.getByLabel('Line 1 description').fill('TikTok traffic week 47');
    await form.getByLabel('Line 1 amount').fill('1250.00');
    await form.getByRole('button', { name: 'Add Line Item' }).click();
    await form.getByLabel('Line 2 description').fill('Bonus leads');
    await form.getByLabel('Line 2 amount').fill('99.95');
    await form.getByRole('button', { name: 'Add Line Item' }).click();
    await form.getByRole('button', { name: 'Remove line 3' }).click();
    await expect(form.getByTestId('advertiser-total').textContent()).resolves.toBe('$1,349.95');
    const dueDate = await form.getByLabel('Due date').inputValue();
    expect(dueDate).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/);
    await shot(page, 'invoicing-advertiser-form');

    await form.getByRole('button', { name: 'Create Invoice' }).click();
    await expectToast(page, 'Advertiser invoice created successfully');
    const number = `ADV-${year}-0001`;
    const row = page.getByRole('row').filter({ hasText: number });
    await row.waitFor();
    expect(await row.textContent()).toContain('$1,349.95');
    expect(await row.textContent()).toContain(dueDate);

    await previewOpens(page, number);
    const text = await downloadedPdfText(page, number);
    for (const expected of [number, 'Acme Offers Ltd', 'TikTok traffic week 47', '$1,250.00', 'Bonus leads', '$99.95', '$1,349.95', dueDate, 'Weekly Net 7']) {
      expect(text).toContain(expected);
    }

    await page.getByRole('button', { name: 'Recalculate due dates' }).click();
    await expectToast(page, 'Due dates recalculated');
    await shot(page, 'invoicing-advertiser');

    await row.getByRole('button', { name: `Delete ${number}` }).click();
    await page.getByRole('alertdialog').getByText('Delete this advertiser invoice?').waitFor();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await row.waitFor({ state: 'detached' });
  }, STEP_MS * 4);
});
