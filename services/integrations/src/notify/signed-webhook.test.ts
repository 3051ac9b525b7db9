// Generic webhooks against a receiver that checks the signature: the body arrives signed (HMAC-SHA256 of
// the raw body, X-Tracker-Signature: sha256=<hex>) with its timestamp and delivery id; a receiver with
// another secret refuses it; 5xx and 429 are retried with the same delivery id and a fresh signature.
import { afterAll, afterEach, beforeAll, expect, test } from '@jest/globals';
import crypto from 'node:crypto';
import { startWebhookReceiver, type WebhookReceiver } from '@tracker/testing';
import { postSignedWebhook, signWebhookBody, verifyWebhookSignature } from './signed-webhook';

const LOCAL = { outgoing: { allowPrivate: true }, backoffMs: 10 };
let receiver: WebhookReceiver;

const payload = {
  id: 'alert-41',
  type: 'alert' as const,
  alert: { key: 'spend-sync:3', kind: 'spend-sync', state: 'firing' as const, title: 'TikTok spend sync failing: Main', text: 'Since 10:00', at: '2026-03-01T10:00:00.000Z' },
};

beforeAll(async () => {
  receiver = await startWebhookReceiver();
});
afterEach(() => {
  receiver.requests.length = 0;
  receiver.received.length = 0;
});
afterAll(() => receiver.close());

test('the raw body is signed with the channel’s secret; the timestamp is in a header and inside the signed body', async () => {
  const outcome = await postSignedWebhook({ url: receiver.hookUrl, secret: receiver.secret }, payload, { ...LOCAL, now: () => 1_772_000_000_000 });
  expect(outcome).toEqual({ ok: true, message: 'ok', httpStatus: 204, attempts: 1 });
  const [got] = receiver.received;
  expect(got!.signatureValid).toBe(true);
  const expected = `sha256=${crypto.createHmac('sha256', receiver.secret).update(got!.request.rawBody).digest('hex')}`;
  expect(got!.request.headers['x-tracker-signature']).toBe(expected);
  expect(got!.request.headers['x-tracker-timestamp']).toBe('1772000000');
  expect(got!.request.headers['x-tracker-delivery']).toBe('alert-41');
  expect(got!.payload).toEqual({ ...payload, sentAt: 1_772_000_000 });
});

test('a receiver holding another secret refuses it (401): the send fails, described, and is not retried', async () => {
  const outcome = await postSignedWebhook({ url: receiver.hookUrl, secret: 'not-the-receivers-secret-000' }, payload, LOCAL);
  expect(outcome).toEqual({ ok: false, httpStatus: 401, attempts: 1, message: 'The webhook refused it (HTTP 401, application/json, 27 bytes): does the receiver hold the same signing secret?' });
  expect(receiver.received.map((r) => r.signatureValid)).toEqual([false]);
});

test('5xx and 429 (Retry-After) are retried; every try carries the same delivery id and a valid signature', async () => {
  receiver.answerNext({ status: 503 }, { status: 429, headers: { 'retry-after': '1' } });
  const outcome = await postSignedWebhook({ url: receiver.hookUrl, secret: receiver.secret }, payload, LOCAL);
  expect(outcome).toMatchObject({ ok: true, attempts: 3 });
  expect(receiver.requests.map((r) => r.headers['x-tracker-delivery'])).toEqual(['alert-41', 'alert-41', 'alert-41']);
  expect(receiver.requests.every((r) => verifyWebhookSignature(receiver.secret, r.rawBody, r.headers['x-tracker-signature'] as string))).toBe(true);
  expect(receiver.requests[2]!.at - receiver.requests[1]!.at).toBeGreaterThanOrEqual(950);
});

test('verifyWebhookSignature refuses a changed body, a missing header and a header of another length', () => {
  const body = '{"a":1}';
  const header = signWebhookBody('s3cret-s3cret-s3cret', body);
  expect(verifyWebhookSignature('s3cret-s3cret-s3cret', body, header)).toBe(true);
  expect(verifyWebhookSignature('s3cret-s3cret-s3cret', '{"a":2}', header)).toBe(false);
  expect(verifyWebhookSignature('s3cret-s3cret-s3cret', body, undefined)).toBe(false);
  expect(verifyWebhookSignature('s3cret-s3cret-s3cret', body, 'sha256=ab')).toBe(false);
});
