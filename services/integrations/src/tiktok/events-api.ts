// The TikTok Events API client (business-api v1.3 `event/track`): one web event for one pixel.
// Transport failures come back as a result with httpStatus 0, never as a throw; the token goes only in the header.
// Calls go through the outgoing guard; an answer that is not JSON is described, never kept or quoted.
import { describeAnswer, remoteMessage, requestOutgoing, type OutgoingPolicy, type OutgoingResponse } from '@tracker/core';

export const TIKTOK_EVENT_TRACK_PATH = '/open_api/v1.3/event/track/';
export const TIKTOK_TIMEOUT_MS = 10_000;

export interface TiktokWebEvent {
  /** A TikTok standard event name, e.g. CompletePayment. */
  event: string;
  /** Unix seconds. */
  eventTime: number;
  /** Equal to the browser pixel's event id, so TikTok de-duplicates the two. */
  eventId: string;
  ttclid?: string;
  ip?: string;
  userAgent?: string;
  pageUrl?: string;
  /** A decimal string (money stays exact until here) or a number. */
  value?: string | number;
  currency?: string;
}

export interface SendTiktokEventInput {
  /** The business API base URL, e.g. https://business-api.tiktok.com. */
  apiUrl: string;
  accessToken: string;
  /** The pixel code (event_source_id). */
  pixelCode: string;
  testEventCode?: string;
  event: TiktokWebEvent;
  /** Defaults to 10 s. */
  timeoutMs?: number;
  /** Which addresses apiUrl may reach; absent: public ones only. */
  outgoing?: OutgoingPolicy;
}

export interface TiktokEventResult {
  /** True only when TikTok answered code 0. */
  ok: boolean;
  /** 0 when no HTTP answer arrived (timeout, connection refused). */
  httpStatus: number;
  code: number | null;
  message: string;
  requestId: string | null;
  /** TikTok's answer as parsed JSON; null when none arrived or it was not TikTok's JSON shape (never
   *  another answer: the history shows it, and apiUrl may point at something that is not TikTok). */
  body: unknown;
  /** The JSON body sent; it never holds the access token. */
  requestPayload: unknown;
}

export function buildEventPayload(input: Pick<SendTiktokEventInput, 'pixelCode' | 'testEventCode' | 'event'>) {
  const { event } = input;
  const user: Record<string, string> = {};
  if (event.ttclid) user.ttclid = event.ttclid;
  if (event.ip) user.ip = event.ip;
  if (event.userAgent) user.user_agent = event.userAgent;
  const properties: Record<string, string | number> = {};
  if (event.value !== undefined && event.value !== '') properties.value = Number(event.value);
  if (event.currency) properties.currency = event.currency;
  return {
    event_source: 'web',
    event_source_id: input.pixelCode,
    ...(input.testEventCode ? { test_event_code: input.testEventCode } : {}),
    data: [
      {
        event: event.event,
        event_time: event.eventTime,
        event_id: event.eventId,
        user,
        ...(event.pageUrl ? { page: { url: event.pageUrl } } : {}),
        ...(Object.keys(properties).length > 0 ? { properties } : {}),
      },
    ],
  };
}

// Duck-typed: errors may come from another realm (test sandboxes), where instanceof fails.
function describeFailure(error: unknown, timeoutMs: number): string {
  const err = (error ?? {}) as { name?: string; message?: string };
  if (err.name === 'TimeoutError') return `TikTok did not answer within ${timeoutMs / 1000} s`;
  return err.message ? `Could not reach TikTok: ${err.message}` : 'Could not reach TikTok';
}

export async function sendTiktokEvent(input: SendTiktokEventInput): Promise<TiktokEventResult> {
  const timeoutMs = input.timeoutMs ?? TIKTOK_TIMEOUT_MS;
  const requestPayload = buildEventPayload(input);
  const url = `${input.apiUrl.replace(/\/+$/, '')}${TIKTOK_EVENT_TRACK_PATH}`;
  let response: OutgoingResponse;
  try {
    response = await requestOutgoing(url, {
      method: 'POST',
      headers: { 'Access-Token': input.accessToken, 'Content-Type': 'application/json' },
      body: JSON.stringify(requestPayload),
      timeoutMs,
      policy: input.outgoing,
    });
  } catch (error) {
    return { ok: false, httpStatus: 0, code: null, message: describeFailure(error, timeoutMs), requestId: null, body: null, requestPayload };
  }

  let body: unknown = null;
  try {
    const text = response.text();
    body = text ? JSON.parse(text) : null;
  } catch {
    body = null;
  }
  const answer = body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
  const code = typeof answer.code === 'number' ? answer.code : null;
  // TikTok's documented shape is { code, message, request_id }: its message is shown, anything else described.
  const message =
    (code !== null ? remoteMessage(answer.message) : null) ??
    (body === null && response.body.length > 0 ? `TikTok answered ${describeAnswer(response)}, not JSON` : `HTTP ${response.status} ${response.statusText}`.trim());
  return {
    ok: response.ok && code === 0,
    httpStatus: response.status,
    code,
    message,
    requestId: typeof answer.request_id === 'string' ? answer.request_id.slice(0, 100) : null,
    body: code === null ? null : body,
    requestPayload,
  };
}
