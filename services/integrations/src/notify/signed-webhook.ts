// Generic webhooks: a JSON POST whose raw body is signed with HMAC-SHA256 under the channel's secret,
// sent as `X-Tracker-Signature: sha256=<hex>`, with `X-Tracker-Timestamp` (Unix seconds, also in the
// body as `sentAt`, so the signature covers it) and `X-Tracker-Delivery` (the same id on every retry of
// one message). Any 2xx is taken. docs/alerts.md shows a receiver's check.
import crypto from 'node:crypto';
import { describeAnswer, type OutgoingResponse } from '@tracker/core';
import { postWithRetries, retryAfterHeader, type AnswerReading, type NotifyCallOptions, type SendOutcome } from './notify-call';

export const WEBHOOK_SIGNATURE_HEADER = 'x-tracker-signature';
export const WEBHOOK_TIMESTAMP_HEADER = 'x-tracker-timestamp';
export const WEBHOOK_DELIVERY_HEADER = 'x-tracker-delivery';

/** The signature header's value for a raw body. */
export function signWebhookBody(secret: string, rawBody: string | Buffer): string {
  return `sha256=${crypto.createHmac('sha256', secret).update(rawBody).digest('hex')}`;
}

/** What a receiver checks: the header is the body's signature under the secret (compared in constant time). */
export function verifyWebhookSignature(secret: string, rawBody: string | Buffer, header: string | undefined): boolean {
  if (!header) return false;
  const expected = Buffer.from(signWebhookBody(secret, rawBody));
  const given = Buffer.from(header);
  return given.length === expected.length && crypto.timingSafeEqual(given, expected);
}

/** The JSON a webhook receives. */
export interface WebhookPayload {
  /** The delivery's id: equal on every retry of one message, so a receiver can drop repeats. */
  id: string;
  /** 'alert' for a firing or a recovery; 'test' for Send test. */
  type: 'alert' | 'test';
  /** Unix seconds, as X-Tracker-Timestamp. */
  sentAt: number;
  alert: { key: string; kind: string; state: 'firing' | 'resolved' | 'test'; title: string; text: string; at: string };
}

function readWebhookAnswer(response: OutgoingResponse): AnswerReading {
  if (response.ok) return { ok: true };
  // The receiver is whatever the URL points at: its answer is described, never quoted.
  const message =
    response.status === 401 || response.status === 403
      ? `The webhook refused it (${describeAnswer(response)}): does the receiver hold the same signing secret?`
      : `The webhook answered ${describeAnswer(response)}`;
  if (response.status === 429) return { ok: false, message, retry: true, retryAfterMs: retryAfterHeader(response.headers['retry-after']) };
  return { ok: false, message, retry: response.status >= 500 || response.status === 408 };
}

export function postSignedWebhook(
  target: { url: string; secret: string },
  payload: Omit<WebhookPayload, 'sentAt'>,
  options: NotifyCallOptions & { now?: () => number },
): Promise<SendOutcome> {
  const sentAt = Math.floor((options.now ?? Date.now)() / 1000);
  const body = JSON.stringify({ ...payload, sentAt } satisfies WebhookPayload);
  const headers = {
    'user-agent': 'affiliate-tracker-alerts/1',
    [WEBHOOK_SIGNATURE_HEADER]: signWebhookBody(target.secret, body),
    [WEBHOOK_TIMESTAMP_HEADER]: String(sentAt),
    [WEBHOOK_DELIVERY_HEADER]: payload.id,
  };
  return postWithRetries(target.url, { body, headers }, options, 'the webhook', readWebhookAnswer);
}
