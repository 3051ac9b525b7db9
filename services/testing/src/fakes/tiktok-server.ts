// A local stand-in for the TikTok Events API (`POST /open_api/v1.3/event/track/`) for tests: it checks
// the Access-Token header and the body shape, records every request, and answers `{ code, message, request_id, data }`.
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { TIKTOK_EVENT_TRACK_PATH } from '@tracker/integrations';

export interface RecordedTiktokRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  /** The parsed JSON body, or the raw text when it was not JSON. */
  body: unknown;
}

export interface ScriptedAnswer {
  code: number;
  message?: string;
  /** TikTok answers its error codes with HTTP 200 (40100 throttling too). */
  httpStatus?: number;
  /** Wait this long before answering (to test timeouts). */
  delayMs?: number;
}

export interface FakeTiktokServer {
  /** The base URL to pass as `apiUrl`. */
  url: string;
  requests: RecordedTiktokRequest[];
  /** The next request gets this answer instead of the checked one; calls queue up in order. */
  answerNext(answer: number | ScriptedAnswer): void;
  close(): Promise<void>;
}

export interface FakeTiktokOptions {
  /** Tokens accepted; any non-empty token when not given. */
  accessTokens?: string[];
}

const MESSAGES: Record<number, string> = {
  0: 'OK',
  20001: 'Partial success: some events were not processed',
  40001: 'No permission to operate pixel, or the access token is invalid',
  40002: 'Invalid parameters',
  40100: 'Too many requests. Please retry in some random time.',
};

/** The documented body shape: what is wrong with it, or null. */
function bodyProblem(body: unknown): string | null {
  if (!body || typeof body !== 'object') return 'Request body must be JSON';
  const b = body as Record<string, unknown>;
  if (b.event_source !== 'web') return 'event_source must be web';
  if (typeof b.event_source_id !== 'string' || !b.event_source_id) return 'event_source_id is required';
  if (!Array.isArray(b.data) || b.data.length === 0) return 'data must be a non-empty list';
  for (const item of b.data as Record<string, unknown>[]) {
    if (typeof item?.event !== 'string' || !item.event) return 'data.event is required';
    if (typeof item.event_time !== 'number' || !Number.isInteger(item.event_time)) return 'data.event_time must be unix seconds';
  }
  return null;
}

export async function startFakeTiktokServer(options: FakeTiktokOptions = {}): Promise<FakeTiktokServer> {
  const requests: RecordedTiktokRequest[] = [];
  const scripted: ScriptedAnswer[] = [];

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        // Recorded as text; the shape check below answers 40002.
      }
      const path = (req.url ?? '').split('?')[0]!;
      requests.push({ method: req.method ?? '', path, headers: req.headers, body });

      const send = (httpStatus: number, code: number, message: string, delayMs = 0) => {
        const answer = JSON.stringify({ code, message, request_id: crypto.randomBytes(12).toString('hex'), data: {} });
        setTimeout(() => {
          if (res.destroyed) return;
          res.writeHead(httpStatus, { 'Content-Type': 'application/json' }).end(answer);
        }, delayMs);
      };

      if (req.method !== 'POST' || path !== TIKTOK_EVENT_TRACK_PATH) return send(404, 40404, 'Not found');
      const next = scripted.shift();
      if (next) return send(next.httpStatus ?? 200, next.code, next.message ?? MESSAGES[next.code] ?? 'Error', next.delayMs);
      const token = req.headers['access-token'];
      if (typeof token !== 'string' || !token || (options.accessTokens && !options.accessTokens.includes(token))) {
        return send(200, 40001, MESSAGES[40001]!);
      }
      const problem = bodyProblem(body);
      if (problem) return send(200, 40002, problem);
      send(200, 0, MESSAGES[0]!);
    });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    answerNext(answer) {
      scripted.push(typeof answer === 'number' ? { code: answer } : answer);
    },
    close() {
      server.closeAllConnections();
      return new Promise((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
    },
  };
}
