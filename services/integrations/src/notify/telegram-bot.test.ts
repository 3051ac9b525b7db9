// Telegram's sendMessage against the local fake: the bot's message reaches the chat; 429 with
// parameters.retry_after is waited out and retried; Telegram's refusals (chat not found, a wrong token)
// come back with its description and are not retried; the token (in the URL's path) is never quoted.
import { afterAll, afterEach, beforeAll, expect, test } from '@jest/globals';
import { startFakeTelegram, type FakeTelegram } from '@tracker/testing';
import { sendTelegramMessage } from './telegram-bot';

const LOCAL = { outgoing: { allowPrivate: true }, backoffMs: 10 };
let telegram: FakeTelegram;
const target = () => ({ apiUrl: telegram.url, botToken: telegram.botToken, chatId: telegram.chatId });

beforeAll(async () => {
  telegram = await startFakeTelegram();
});
afterEach(() => {
  telegram.requests.length = 0;
  telegram.messages.length = 0;
});
afterAll(() => telegram.close());

test('the text is sent to the chat as JSON {chat_id, text}, without markup parsing', async () => {
  const outcome = await sendTelegramMessage(target(), '🚨 Spend sync failing <E2E Ads>', LOCAL);
  expect(outcome).toEqual({ ok: true, message: 'ok', httpStatus: 200, attempts: 1 });
  expect(telegram.messages).toEqual([{ chatId: telegram.chatId, text: '🚨 Spend sync failing <E2E Ads>', messageId: 1 }]);
  expect(telegram.requests[0]!.path).toBe(`/bot${telegram.botToken}/sendMessage`);
  expect(telegram.requests[0]!.body).not.toHaveProperty('parse_mode');
});

test('429 is retried after parameters.retry_after seconds', async () => {
  telegram.throttle(1, 1);
  const outcome = await sendTelegramMessage(target(), 'after the throttle', LOCAL);
  expect(outcome).toMatchObject({ ok: true, attempts: 2 });
  expect(telegram.requests[1]!.at - telegram.requests[0]!.at).toBeGreaterThanOrEqual(950);
  expect(telegram.messages.map((m) => m.text)).toEqual(['after the throttle']);
});

test('a retry_after over the cap fails the send now with Telegram’s words', async () => {
  telegram.throttle(1, 3600);
  const outcome = await sendTelegramMessage(target(), 'x', { ...LOCAL, maxRetryAfterMs: 30_000 });
  expect(outcome).toEqual({
    ok: false,
    httpStatus: 429,
    attempts: 1,
    message: 'Telegram answered 429: Too Many Requests: retry after 3600 (asked to wait 3600 s; tried again at the next check)',
  });
});

test('a chat the bot is not in: Telegram’s description, no retry', async () => {
  const outcome = await sendTelegramMessage({ ...target(), chatId: '-100999' }, 'x', LOCAL);
  expect(outcome).toEqual({ ok: false, httpStatus: 400, attempts: 1, message: 'Telegram answered 400: Bad Request: chat not found' });
  expect(telegram.requests).toHaveLength(1);
});

test('a wrong token is Unauthorized, and no message holds a token', async () => {
  const wrong = '987654321:AAWrongTokenWrongTokenWrongToken';
  const outcome = await sendTelegramMessage({ ...target(), botToken: wrong }, 'x', LOCAL);
  expect(outcome).toEqual({ ok: false, httpStatus: 401, attempts: 1, message: 'Telegram answered 401: Unauthorized' });
  const refused = await sendTelegramMessage({ ...target(), apiUrl: 'http://127.0.0.1:9' }, 'x', { ...LOCAL, attempts: 2 });
  expect(refused.ok).toBe(false);
  expect(refused.attempts).toBe(2);
  expect(refused.message).toMatch(/^Could not reach Telegram: /);
  for (const message of [outcome.message, refused.message]) {
    expect(message).not.toContain('AAWrongToken');
    expect(message).not.toContain(telegram.botToken.split(':')[1]);
  }
});

test('a group upgraded to a supergroup: the new chat id is named', async () => {
  telegram.answerNext({
    status: 400,
    body: { ok: false, error_code: 400, description: 'Bad Request: group chat was upgraded to a supergroup chat', parameters: { migrate_to_chat_id: -1009876543210 } },
  });
  const outcome = await sendTelegramMessage(target(), 'x', LOCAL);
  expect(outcome.message).toBe('Telegram answered 400: Bad Request: group chat was upgraded to a supergroup chat (the group is now the supergroup -1009876543210: use that chat ID)');
});

test('a 502 from a proxy in front (not Telegram’s JSON) is described and retried', async () => {
  telegram.answerNext({ status: 502, body: '<html>Bad gateway</html>' });
  const outcome = await sendTelegramMessage(target(), 'after the proxy', LOCAL);
  expect(outcome).toMatchObject({ ok: true, attempts: 2 });
  telegram.answerNext({ status: 502, body: '<html>Bad gateway</html>' });
  const failed = await sendTelegramMessage(target(), 'x', { ...LOCAL, attempts: 1 });
  expect(failed.message).toBe('Telegram answered HTTP 502, text/plain, 24 bytes, not its JSON');
});
