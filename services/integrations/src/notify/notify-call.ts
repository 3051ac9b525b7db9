// One notification POST with its retries, shared by the Slack, Telegram and webhook senders: each call
// through the outgoing guard with a time-out; a transport failure, a time-out, a 5xx or a 429 is tried
// again after a back-off that doubles, or after what the service asked for (Retry-After, Telegram's
// retry_after) when it asked. A wait longer than the cap is not waited for: the send fails now and the
// alert's delivery is tried again at the next check. A refused address is never retried.
import { requestOutgoing, type OutgoingPolicy, type OutgoingResponse } from '@tracker/core';

export interface NotifyCallOptions {
  /** Which addresses a channel may post to (NOTIFY_ALLOW_PRIVATE); absent: public ones only. */
  outgoing?: OutgoingPolicy;
  /** Per call, the answer included. Default 10 s. */
  timeoutMs?: number;
  /** Tries per send, the first included. Default 4. */
  attempts?: number;
  /** The first retry's delay, doubled on each further one. Default 1 s. */
  backoffMs?: number;
  /** The longest wait a service may ask for that is still waited for. Default 30 s. */
  maxRetryAfterMs?: number;
}

/** What one send came to: `message` is 'ok', or what went wrong in words an admin can act on. */
export interface SendOutcome {
  ok: boolean;
  message: string;
  /** The last answer's HTTP status; 0 when none came. */
  httpStatus: number;
  attempts: number;
}

/** How the service's answer reads: taken, or refused (and whether, and when, to try again). */
export type AnswerReading = { ok: true } | { ok: false; message: string; retry: boolean; retryAfterMs?: number };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A Retry-After header's wait: seconds, or an HTTP date; undefined when absent or unreadable. */
export function retryAfterHeader(value: string | string[] | undefined, now: number = Date.now()): number | undefined {
  const text = Array.isArray(value) ? value[0] : value;
  if (!text) return undefined;
  if (/^\d+$/.test(text.trim())) return Number(text.trim()) * 1000;
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

export async function postWithRetries(
  url: string,
  request: { body: string; headers: Record<string, string> },
  options: NotifyCallOptions,
  /** Who answers, as a message names it mid-sentence: 'Slack', 'Telegram', 'the webhook'. */
  service: string,
  read: (response: OutgoingResponse) => AnswerReading,
): Promise<SendOutcome> {
  const attempts = options.attempts ?? 4;
  const backoffMs = options.backoffMs ?? 1000;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const maxRetryAfterMs = options.maxRetryAfterMs ?? 30_000;
  let outcome: SendOutcome = { ok: false, message: `${service[0]!.toUpperCase()}${service.slice(1)} did not answer`, httpStatus: 0, attempts: 0 };
  let wait = 0;
  for (let attempt = 1; attempt <= attempts; attempt++) {
    if (attempt > 1) await sleep(wait);
    let response: OutgoingResponse;
    try {
      response = await requestOutgoing(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...request.headers },
        body: request.body,
        timeoutMs,
        policy: options.outgoing,
        // Slack, Telegram and webhooks answer a line or two.
        maxBytes: 1024 * 1024,
      });
    } catch (error) {
      const err = (error ?? {}) as { name?: string; message?: string };
      // Node's messages name the address and port, never the path: a token in the URL (Telegram's) stays out.
      const reason = err.name === 'TimeoutError' ? `no answer within ${timeoutMs / 1000} s` : err.message || 'the connection failed';
      outcome = { ok: false, message: `Could not reach ${service}: ${reason}`, httpStatus: 0, attempts: attempt };
      if (err.name === 'OutgoingRefusedError') break;
      wait = backoffMs * 2 ** (attempt - 1);
      continue;
    }
    const reading = read(response);
    if (reading.ok) return { ok: true, message: 'ok', httpStatus: response.status, attempts: attempt };
    outcome = { ok: false, message: reading.message, httpStatus: response.status, attempts: attempt };
    if (!reading.retry) break;
    if (reading.retryAfterMs !== undefined && reading.retryAfterMs > maxRetryAfterMs) {
      outcome.message = `${reading.message} (asked to wait ${Math.ceil(reading.retryAfterMs / 1000)} s; tried again at the next check)`;
      break;
    }
    wait = reading.retryAfterMs ?? backoffMs * 2 ** (attempt - 1);
  }
  return outcome;
}
