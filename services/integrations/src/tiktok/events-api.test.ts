// The Events API client against the local fake: request shape, header, answer codes, timeouts.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { sendTiktokEvent, type SendTiktokEventInput } from './events-api';
import { LOCAL_FAKES_OUTGOING, startFakeTiktokServer, type FakeTiktokServer } from '@tracker/testing';

const TOKEN = 'tt-access-token-123456';
let fake: FakeTiktokServer;

beforeAll(async () => {
  fake = await startFakeTiktokServer({ accessTokens: [TOKEN] });
});
afterAll(() => fake.close());

const input = (overrides: Partial<SendTiktokEventInput> = {}): SendTiktokEventInput => ({
  apiUrl: fake.url,
  accessToken: TOKEN,
  pixelCode: 'C1234PIXEL',
  event: { event: 'CompletePayment', eventTime: 1_700_000_000, eventId: 'evt-1' },
  outgoing: LOCAL_FAKES_OUTGOING,
  ...overrides,
});

describe('sendTiktokEvent', () => {
  test('posts the documented body with the token in the Access-Token header only', async () => {
    const result = await sendTiktokEvent(
      input({
        apiUrl: `${fake.url}/`,
        testEventCode: 'TEST123',
        event: {
          event: 'CompletePayment',
          eventTime: 1_700_000_000,
          eventId: 'evt-2',
          ttclid: 'tt-click',
          ip: '203.0.113.9',
          userAgent: 'Mozilla/5.0',
          pageUrl: 'https://lander.example/p',
          value: '12.50',
          currency: 'USD',
        },
      }),
    );
    expect(result).toMatchObject({ ok: true, httpStatus: 200, code: 0, message: 'OK' });
    expect(result.requestId).toMatch(/^[0-9a-f]{24}$/);
    const request = fake.requests.at(-1)!;
    expect(request.path).toBe('/open_api/v1.3/event/track/');
    expect(request.headers['access-token']).toBe(TOKEN);
    expect(request.headers['content-type']).toBe('application/json');
    const expected = {
      event_source: 'web',
      event_source_id: 'C1234PIXEL',
      test_event_code: 'TEST123',
      data: [
        {
          event: 'CompletePayment',
          event_time: 1_700_000_000,
          event_id: 'evt-2',
          user: { ttclid: 'tt-click', ip: '203.0.113.9', user_agent: 'Mozilla/5.0' },
          page: { url: 'https://lander.example/p' },
          properties: { value: 12.5, currency: 'USD' },
        },
      ],
    };
    expect(request.body).toEqual(expected);
    expect(result.requestPayload).toEqual(expected);
    expect(JSON.stringify(result.requestPayload)).not.toContain(TOKEN);
  });

  test('a wrong token is code 40001 and not ok', async () => {
    const result = await sendTiktokEvent(input({ accessToken: 'wrong' }));
    expect(result).toMatchObject({ ok: false, httpStatus: 200, code: 40001 });
    expect(result.body).toMatchObject({ code: 40001 });
  });

  test.each([
    [40002, 'Invalid parameters'],
    [40100, 'Too many requests. Please retry in some random time.'],
    [20001, 'Partial success: some events were not processed'],
  ])('code %d with HTTP 200 is not ok', async (code, message) => {
    fake.answerNext(code);
    const result = await sendTiktokEvent(input());
    expect(result).toMatchObject({ ok: false, httpStatus: 200, code, message });
  });

  test('a malformed body is refused by the fake with 40002', async () => {
    const result = await sendTiktokEvent(input({ pixelCode: '' }));
    expect(result).toMatchObject({ ok: false, code: 40002, message: 'event_source_id is required' });
  });

  test('a timeout is a result with httpStatus 0, not a throw', async () => {
    fake.answerNext({ code: 0, delayMs: 500 });
    const result = await sendTiktokEvent(input({ timeoutMs: 50 }));
    expect(result).toMatchObject({ ok: false, httpStatus: 0, code: null, body: null, message: 'TikTok did not answer within 0.05 s' });
  });

  test('an unreachable server is a result with httpStatus 0', async () => {
    const result = await sendTiktokEvent(input({ apiUrl: 'http://127.0.0.1:9' }));
    expect(result.ok).toBe(false);
    expect(result.httpStatus).toBe(0);
    expect(result.message).toMatch(/^Could not reach TikTok/);
    expect(result.message).not.toContain(TOKEN);
  });

  test('an answer that is not TikTok JSON is described, never kept or quoted', async () => {
    const page = http.createServer((_req, res) => res.writeHead(502, { 'content-type': 'text/html' }).end('<p>internal secret</p>'));
    await new Promise<void>((resolve) => page.listen(0, '127.0.0.1', resolve));
    try {
      const result = await sendTiktokEvent(input({ apiUrl: `http://127.0.0.1:${(page.address() as AddressInfo).port}` }));
      expect(result).toMatchObject({ ok: false, httpStatus: 502, code: null, body: null, message: 'TikTok answered HTTP 502, text/html, 22 bytes, not JSON' });
      expect(JSON.stringify(result)).not.toContain('secret');
    } finally {
      await new Promise((resolve) => page.close(resolve));
    }
  });

  test('without the allowance a loopback API URL is refused before anything is sent', async () => {
    const before = fake.requests.length;
    const result = await sendTiktokEvent(input({ outgoing: undefined }));
    expect(result).toMatchObject({ ok: false, httpStatus: 0, body: null });
    expect(result.message).toMatch(/^Could not reach TikTok: Refused to call this URL: 127\.0\.0\.1 is a private, loopback or link-local address/);
    expect(fake.requests.length).toBe(before);
  });
});
