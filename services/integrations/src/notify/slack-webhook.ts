// Slack incoming webhooks: POST {"text"} as JSON to the webhook's URL. Slack answers 200 'ok', or a
// status with a short error code as plain text ('no_service' when the webhook was removed,
// 'channel_is_archived', 'invalid_payload'); 429 carries Retry-After. The URL is the secret: it never
// appears in a message.
import { describeAnswer, type OutgoingResponse } from '@tracker/core';
import { postWithRetries, retryAfterHeader, type AnswerReading, type NotifyCallOptions, type SendOutcome } from './notify-call';

/** What Slack's error bodies look like: a snake_case code. */
const SLACK_CODE = /^[a-z][a-z0-9_]{0,63}$/;

function readSlackAnswer(response: OutgoingResponse): AnswerReading {
  const said = response.text().trim();
  if (response.ok) return { ok: true };
  const code = SLACK_CODE.test(said) ? said : null;
  const message = code ? `Slack answered ${response.status}: ${code}` : `Slack answered ${describeAnswer(response)}`;
  if (response.status === 429) return { ok: false, message, retry: true, retryAfterMs: retryAfterHeader(response.headers['retry-after']) };
  return { ok: false, message, retry: response.status >= 500 };
}

export function postSlackMessage(webhookUrl: string, text: string, options: NotifyCallOptions): Promise<SendOutcome> {
  return postWithRetries(webhookUrl, { body: JSON.stringify({ text }), headers: {} }, options, 'Slack', readSlackAnswer);
}
