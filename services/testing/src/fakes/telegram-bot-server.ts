// A local stand-in for Telegram's Bot API sendMessage: POST /bot<token>/sendMessage with JSON {chat_id, text}.
// It answers as Telegram documents: {ok: true, result: Message}, or {ok: false, error_code, description}:
// 401 Unauthorized for a token it does not know, 400 'Bad Request: chat not found' for a chat the bot is
// not in, 400 'Bad Request: message text is empty', 404 Not Found for another method, and 429 'Too Many
// Requests: retry after N' with parameters.retry_after when throttling.
import { startNotifyFakeServer, type FakeAnswer, type NotifyFakeServer } from './notify-fake-server';

export interface SentTelegramMessage {
  chatId: string;
  text: string;
  messageId: number;
}

export interface FakeTelegram extends NotifyFakeServer {
  /** A token the fake's bot answers to. */
  botToken: string;
  /** A chat the bot is a member of. */
  chatId: string;
  readonly messages: SentTelegramMessage[];
  /** The next `count` calls are throttled with retry_after `seconds`. */
  throttle(count: number, seconds: number): void;
}

const refusal = (status: number, description: string, parameters?: Record<string, unknown>): FakeAnswer => ({
  status,
  body: { ok: false, error_code: status, description, ...(parameters ? { parameters } : {}) },
});

export async function startFakeTelegram(options: { botToken?: string; chatIds?: string[] } = {}): Promise<FakeTelegram> {
  const botToken = options.botToken ?? '123456789:AAFakeTelegramBotTokenForTests_0123';
  const chats = new Set(options.chatIds ?? ['-1001234567890']);
  const messages: SentTelegramMessage[] = [];
  const server = await startNotifyFakeServer((request) => {
    const match = /^\/bot([^/]+)\/([A-Za-z]+)$/.exec(request.path.split('?')[0]!);
    if (!match) return refusal(404, 'Not Found');
    if (match[1] !== botToken) return refusal(401, 'Unauthorized');
    if (match[2] !== 'sendMessage') return refusal(404, 'Not Found');
    const body = (request.body ?? {}) as { chat_id?: unknown; text?: unknown };
    const chatId = typeof body.chat_id === 'number' || typeof body.chat_id === 'string' ? String(body.chat_id) : '';
    if (!chatId) return refusal(400, 'Bad Request: chat_id is empty');
    if (typeof body.text !== 'string' || body.text.trim() === '') return refusal(400, 'Bad Request: message text is empty');
    if (body.text.length > 4096) return refusal(400, 'Bad Request: message is too long');
    if (!chats.has(chatId)) return refusal(400, 'Bad Request: chat not found');
    const message = { chatId, text: body.text, messageId: messages.length + 1 };
    messages.push(message);
    return {
      status: 200,
      body: { ok: true, result: { message_id: message.messageId, date: Math.floor(Date.now() / 1000), chat: { id: Number(chatId), type: 'supergroup' }, text: body.text } },
    };
  });
  return {
    ...server,
    botToken,
    chatId: [...chats][0]!,
    messages,
    throttle(count, seconds) {
      for (let i = 0; i < count; i++) server.answerNext(refusal(429, `Too Many Requests: retry after ${seconds}`, { retry_after: seconds }));
    },
  };
}
