// Slack incoming webhooks against the local fake: a posted text arrives; throttling (429 + Retry-After)
// is waited out and retried; a removed webhook (404 no_service) is answered with Slack's code and not
// retried; a webhook on a private address is refused unless the channels may reach one.
import { afterAll, afterEach, beforeAll, expect, test } from '@jest/globals';
import { startFakeSlack, type FakeSlack } from '@tracker/testing';
import { postSlackMessage } from './slack-webhook';

const LOCAL = { outgoing: { allowPrivate: true }, backoffMs: 10 };
let slack: FakeSlack;

beforeAll(async () => {
  slack = await startFakeSlack();
});
afterEach(() => {
  slack.requests.length = 0;
  slack.texts.length = 0;
});
afterAll(() => slack.close());

test('a message is posted as {"text"} and Slack’s ok is an ok', async () => {
  const outcome = await postSlackMessage(slack.webhookUrl, '🚨 *Spend sync failing*', LOCAL);
  expect(outcome).toEqual({ ok: true, message: 'ok', httpStatus: 200, attempts: 1 });
  expect(slack.texts).toEqual(['🚨 *Spend sync failing*']);
  expect(slack.requests[0]!.headers['content-type']).toBe('application/json');
});

test('429 with Retry-After is waited out (the header’s seconds, not the back-off) and retried', async () => {
  slack.throttle(2, 1);
  const outcome = await postSlackMessage(slack.webhookUrl, 'after the throttle', LOCAL);
  expect(outcome).toMatchObject({ ok: true, attempts: 3 });
  expect(slack.texts).toEqual(['after the throttle']);
  const [first, second, third] = slack.requests.map((r) => r.at);
  expect(second! - first!).toBeGreaterThanOrEqual(950);
  expect(third! - second!).toBeGreaterThanOrEqual(950);
});

test('a Retry-After longer than the cap is not waited for: the send fails now, saying so', async () => {
  slack.throttle(1, 120);
  const outcome = await postSlackMessage(slack.webhookUrl, 'later', { ...LOCAL, maxRetryAfterMs: 5_000 });
  expect(outcome).toEqual({ ok: false, httpStatus: 429, attempts: 1, message: 'Slack answered 429: rate_limited (asked to wait 120 s; tried again at the next check)' });
  expect(slack.requests).toHaveLength(1);
});

test('a 5xx is retried with back-off until the tries run out', async () => {
  slack.answerNext({ status: 500, body: 'rollup_error' }, { status: 503, body: 'rollup_error' }, { status: 500, body: 'rollup_error' });
  const outcome = await postSlackMessage(slack.webhookUrl, 'x', { ...LOCAL, attempts: 3 });
  expect(outcome).toEqual({ ok: false, httpStatus: 500, attempts: 3, message: 'Slack answered 500: rollup_error' });
  expect(slack.texts).toEqual([]);
});

test('a removed webhook answers 404 no_service: said as Slack said it, not retried, and the URL (the secret) is not in it', async () => {
  const fresh = await startFakeSlack();
  try {
    fresh.removeWebhook();
    const outcome = await postSlackMessage(fresh.webhookUrl, 'x', LOCAL);
    expect(outcome).toEqual({ ok: false, httpStatus: 404, attempts: 1, message: 'Slack answered 404: no_service' });
    expect(outcome.message).not.toContain('fakeSlackSecret');
  } finally {
    await fresh.close();
  }
});

test('an answer that is not Slack’s is described, never quoted', async () => {
  slack.answerNext({ status: 403, body: '<html>internal admin page: password=hunter2</html>' });
  const outcome = await postSlackMessage(slack.webhookUrl, 'x', LOCAL);
  expect(outcome.message).toBe('Slack answered HTTP 403, text/plain, 50 bytes');
});

test('a time-out is retried, then reported', async () => {
  slack.answerNext({ status: 200, body: 'ok', delayMs: 500 }, { status: 200, body: 'ok', delayMs: 500 });
  const outcome = await postSlackMessage(slack.webhookUrl, 'x', { ...LOCAL, attempts: 2, timeoutMs: 100 });
  expect(outcome).toEqual({ ok: false, httpStatus: 0, attempts: 2, message: 'Could not reach Slack: no answer within 0.1 s' });
});

test('a loopback webhook is refused without NOTIFY_ALLOW_PRIVATE, at once and without a retry', async () => {
  const outcome = await postSlackMessage(slack.webhookUrl, 'x', { outgoing: { allowPrivate: false, allowedBy: 'NOTIFY_ALLOW_PRIVATE' }, backoffMs: 10 });
  expect(outcome.ok).toBe(false);
  expect(outcome.attempts).toBe(1);
  expect(outcome.message).toMatch(/^Could not reach Slack: Refused to call this URL: 127\.0\.0\.1 is a private, loopback or link-local address, .*\(NOTIFY_ALLOW_PRIVATE=true allows it\)$/);
  expect(slack.requests).toHaveLength(0);
});
