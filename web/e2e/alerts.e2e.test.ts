// Alerts in a real browser: an admin adds a webhook notification channel on Settings → Alerts pointing at
// a local receiver that checks signatures, sends a test, and the receiver gets one signed message; with a
// wrong secret the receiver's refusal comes back on the screen; Settings → Status shows the embedded
// stores of `tracker all` and its pipeline. Screenshots go to
// <tmpdir>/tracker-e2e-shots/. Skipped, saying so, when Chromium is not installed.
import { afterAll, beforeAll, expect, test } from '@jest/globals';
import type { Page } from 'playwright-core';
import { startWebhookReceiver, type WebhookReceiver } from '@tracker/testing';
import { ADMIN, api, type BrowserSession, closeBrowserSession, describeWithChromium, openBrowserSession, shot, STEP_MS, TIMEOUT_MS, chooseOption, toast } from './support/tracker-e2e';

describeWithChromium('alerts e2e')('notification channels on Settings in Chromium', () => {
  let receiver: WebhookReceiver;
  let session: BrowserSession | undefined;
  let page: Page;
  let baseUrl = '';

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    // The receiver listens on 127.0.0.1; the checks stay off so only the test message arrives.
    session = await openBrowserSession('tracker-e2e-alerts-', {
      // A codes mailbox nothing answers on: its poll fails, and Settings → Status shows that sync red.
      env: { NOTIFY_ALLOW_PRIVATE: 'true', ALERT_CHECK_MINUTES: '0', CODES_IMAP_URL: 'imap://codes:secret@127.0.0.1:9/INBOX', CODES_IMAP_POLL_SECONDS: '1' },
    });
    ({ page, baseUrl } = session);
  }, TIMEOUT_MS);

  afterAll(async () => {
    await closeBrowserSession(session);
    await receiver?.close();
  }, 30_000);

  test('an admin adds a webhook channel; Send test reaches the receiver once, signed with the channel’s secret', async () => {
    await page.goto(`${baseUrl}/auth`);
    await page.getByLabel('Username').fill(ADMIN.username);
    await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByTestId('sidebar-username').waitFor();

    await page.goto(`${baseUrl}/settings`);
    await page.getByRole('heading', { name: 'Notification channels' }).waitFor();
    await page.getByRole('table', { name: 'Notification channels' }).getByText('No channels yet. Add one to receive alerts.').waitFor();
    await page.getByRole('button', { name: 'Add channel' }).click();
    const form = page.getByRole('form', { name: 'Add notification channel' });
    await chooseOption(page, form.getByRole('combobox', { name: 'Type' }), 'Webhook');
    await form.getByLabel('Name').fill('Ops receiver');
    await form.getByLabel('URL').fill(receiver.hookUrl);
    await form.getByLabel('Signing secret').fill(receiver.secret);
    await shot(page, 'alerts-00-add-webhook-dialog', { fullPage: false });
    await form.getByRole('button', { name: 'Add channel' }).click();
    await toast(page, 'Channel added').waitFor();

    const table = page.getByRole('table', { name: 'Notification channels' });
    const row = table.locator('tbody tr', { hasText: 'Ops receiver' });
    await row.getByText(receiver.hookUrl).waitFor();
    await row.getByText(`••••${receiver.secret.slice(-4)}`).waitFor();
    await row.getByText('Every alert').waitFor();
    expect(await page.content()).not.toContain(receiver.secret);

    await page.getByRole('button', { name: 'Send test to Ops receiver' }).click();
    await toast(page, 'Test message sent').waitFor();
    expect(receiver.received).toHaveLength(1);
    expect(receiver.received[0]).toMatchObject({ signatureValid: true, payload: { type: 'test', alert: { state: 'test', title: 'Test message from Affiliate Tracker' } } });
    expect(receiver.received[0]!.request.headers['x-tracker-signature']).toMatch(/^sha256=[0-9a-f]{64}$/);
    await page.getByRole('heading', { name: 'Alerts', exact: true }).scrollIntoViewIfNeeded();
    await shot(page, 'alerts-01-settings-channel-tested', { fullPage: false });
    await shot(page, 'alerts-02-settings-full');
  }, STEP_MS);

  test('with the wrong secret the receiver refuses the test, and the screen says what it answered', async () => {
    await page.getByRole('button', { name: 'Edit Ops receiver' }).click();
    const form = page.getByRole('form', { name: 'Edit channel' });
    await expect(form.getByLabel('URL').inputValue()).resolves.toBe(receiver.hookUrl);
    await expect(form.getByLabel('Signing secret').inputValue()).resolves.toBe('');
    await form.getByLabel('Signing secret').fill('not-the-receivers-secret-000');
    await form.getByRole('button', { name: 'Save Changes' }).click();
    await toast(page, 'Channel saved').waitFor();

    await page.getByRole('button', { name: 'Send test to Ops receiver' }).click();
    const refused = toast(page, 'Ops receiver did not take the test');
    await refused.waitFor();
    await expect(refused.innerText()).resolves.toContain('does the receiver hold the same signing secret?');
    expect(receiver.received.map((r) => r.signatureValid)).toEqual([true, false]);
    await shot(page, 'alerts-03-settings-test-refused', { fullPage: false });
  }, STEP_MS);

  test('the thresholds: a value out of range is refused beside its field, a good one is saved when the field is left', async () => {
    const hours = page.getByLabel('Hours without conversions');
    await hours.fill('30');
    await hours.blur();
    // Beside the field (its own block), and in a toast.
    await hours.locator('xpath=..').getByText('Hours without conversions must be a whole number from 1 to 23').waitFor();
    await expect(hours.getAttribute('aria-invalid')).resolves.toBe('true');
    await hours.fill('8');
    await page.getByLabel('Report lag (minutes)').focus();
    await toast(page, 'Settings updated').waitFor();
    await page.getByLabel('Report lag (minutes)').fill('45');
    await hours.focus();
    const alertSettings = async () => {
      const rows = await api<Array<{ key: string; value: string }>>(page, 'GET', `${baseUrl}/api/settings`);
      return Object.fromEntries(rows.filter((r) => r.key.startsWith('alert_')).map((r) => [r.key, r.value]));
    };
    const wanted = { alert_conversions_silent_hours: '8', alert_projector_lag_minutes: '45' };
    for (const deadline = Date.now() + 10_000; JSON.stringify(await alertSettings()) !== JSON.stringify(wanted) && Date.now() < deadline; ) await page.waitForTimeout(200);
    expect(await alertSettings()).toEqual(wanted);
    await shot(page, 'alerts-04-thresholds', { fullPage: false });
  }, STEP_MS);

  test('Settings → Status names each embedded store, reachable, with the pipeline and disk beside them', async () => {
    await page.goto(`${baseUrl}/settings`);
    const card = page.getByRole('region', { name: 'Status' });
    await page.getByTestId('status-store:entities').waitFor();
    await card.scrollIntoViewIfNeeded();
    const row = (id: string) => page.getByTestId(`status-${id}`);
    await expect(row('store:entities').innerText()).resolves.toMatch(/PGlite \(embedded\), reachable, [\d.]+ MB on disk/);
    await expect(row('store:analytics').innerText()).resolves.toContain('chDB (embedded), reachable');
    await expect(row('store:eventLog').innerText()).resolves.toContain('embedded log, reachable');
    await expect(row('store:queue').innerText()).resolves.toContain('in-process queue, reachable');
    await expect(row('disk').innerText()).resolves.toMatch(/free of .* under /);
    await expect(row('projector-lag').getAttribute('data-level')).resolves.toBe('green');
    await expect(row('spill').innerText()).resolves.toContain('none, events go straight to the log');
    await expect(row('queue').innerText()).resolves.toMatch(/\d+ waiting, \d+ active, \d+ delayed, \d+ completed, \d+ failed/);
    // A new DATA_DIR has no backup yet (amber, with what to run).
    await expect(row('backup').innerText()).resolves.toMatch(/Last backup[\s\S]*none yet[\s\S]*tracker backup FILE/);
    await expect(row('backup').getAttribute('data-level')).resolves.toBe('amber');
    // The mailbox poll has failed by now (it runs every second); the card shows it red once it has.
    const mail = row('sync:mail:imap');
    for (let attempt = 0; (await mail.getAttribute('data-level').catch(() => null)) !== 'red'; attempt++) {
      if (attempt === 20) throw new Error('the failing codes mailbox never showed red');
      await page.waitForTimeout(1_000);
      await page.reload();
      await row('store:entities').waitFor();
    }
    const mailText = await mail.innerText();
    expect(mailText).toContain('Codes mail: imap://codes:***@127.0.0.1:9/INBOX');
    expect(mailText).toContain('never succeeded; the last run failed');
    expect(mailText).toMatch(/Last error: .*ECONNREFUSED.*\. Check the mailbox address and password in CODES_IMAP_URL\./);
    // The failing poll also leaves failed jobs in the queue (amber): with the missing backup, three items in all.
    await expect(row('queue').getAttribute('data-level')).resolves.toBe('amber');
    const keptFrom = new Date(Date.now() - 399 * 86_400_000).toISOString().slice(0, 10);
    await expect(page.getByTestId('status-retention').innerText()).resolves.toBe(
      `Raw clicks and exits (the Click Log) are kept 400 days, from ${keptFrom} on; conversions and the daily report figures are kept forever.`,
    );
    await expect(card.innerText()).resolves.toMatch(/Version \d+\.\d+\.\d+ · up .* · 3 items need attention/);
    await mail.scrollIntoViewIfNeeded();
    await shot(page, 'alerts-05-settings-status', { fullPage: false });
  }, STEP_MS);
});
