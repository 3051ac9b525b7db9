// Telegram's Bot API sendMessage: POST {base}/bot<token>/sendMessage with JSON {chat_id, text}. Telegram
// answers {ok: true, result} or {ok: false, error_code, description, parameters}: 429 with
// parameters.retry_after (seconds), and a group upgraded to a supergroup names its new chat in
// parameters.migrate_to_chat_id. The token is in the path, so no message ever quotes the URL.
import { describeAnswer, remoteMessage, type OutgoingResponse } from '@tracker/core';
import { postWithRetries, retryAfterHeader, type AnswerReading, type NotifyCallOptions, type SendOutcome } from './notify-call';

/** Telegram's documented limit of a message's text. */
export const TELEGRAM_TEXT_MAX = 4096;

interface TelegramAnswer {
  ok?: unknown;
  error_code?: unknown;
  description?: unknown;
  parameters?: { retry_after?: unknown; migrate_to_chat_id?: unknown };
}

function readTelegramAnswer(response: OutgoingResponse): AnswerReading {
  let answer: TelegramAnswer | null = null;
  try {
    const parsed: unknown = JSON.parse(response.text());
    if (parsed && typeof parsed === 'object') answer = parsed as TelegramAnswer;
  } catch {
    answer = null;
  }
  if (response.ok && answer?.ok === true) return { ok: true };
  if (!answer || typeof answer.ok !== 'boolean') {
    return { ok: false, message: `Telegram answered ${describeAnswer(response)}, not its JSON`, retry: response.status >= 500 || response.status === 429 };
  }
  const code = typeof answer.error_code === 'number' ? answer.error_code : response.status;
  let message = `Telegram answered ${code}: ${remoteMessage(answer.description) ?? 'no description'}`;
  const migrated = answer.parameters?.migrate_to_chat_id;
  if (typeof migrated === 'number') message += ` (the group is now the supergroup ${migrated}: use that chat ID)`;
  if (code === 429) {
    const seconds = answer.parameters?.retry_after;
    const retryAfterMs = typeof seconds === 'number' && seconds >= 0 ? seconds * 1000 : retryAfterHeader(response.headers['retry-after']);
    return { ok: false, message, retry: true, retryAfterMs };
  }
  return { ok: false, message, retry: code >= 500 };
}

export interface TelegramTarget {
  /** The Bot API's base URL (TELEGRAM_API_URL). */
  apiUrl: string;
  botToken: string;
  chatId: string;
}

export function sendTelegramMessage(target: TelegramTarget, text: string, options: NotifyCallOptions): Promise<SendOutcome> {
  const url = `${target.apiUrl.replace(/\/+$/, '')}/bot${target.botToken}/sendMessage`;
  // Plain text (no parse_mode): a title holding '*' or '<' is shown as written, never refused as bad markup.
  const body = JSON.stringify({ chat_id: target.chatId, text: text.slice(0, TELEGRAM_TEXT_MAX), disable_web_page_preview: true });
  return postWithRetries(url, { body, headers: {} }, options, 'Telegram', readTelegramAnswer);
}
