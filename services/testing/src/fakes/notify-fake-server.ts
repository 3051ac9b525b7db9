// What the three notification fakes (Slack, Telegram, a webhook receiver) share: a local HTTP server on
// 127.0.0.1 that reads each request whole, records it, and answers it from a script of queued answers
// before falling back to the service's own behaviour.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedNotifyRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  /** The body as it came, byte for byte (a webhook's signature is over it). */
  rawBody: string;
  /** The parsed JSON body, or null when it was not JSON. */
  body: unknown;
  at: number;
}

export interface FakeAnswer {
  status: number;
  /** A string is sent as text/plain, anything else as JSON. */
  body?: unknown;
  headers?: Record<string, string>;
  /** Wait this long before answering (time-outs). */
  delayMs?: number;
}

export interface NotifyFakeServer {
  url: string;
  requests: RecordedNotifyRequest[];
  /** The next requests get these answers, in order, instead of the service's own. */
  answerNext(...answers: FakeAnswer[]): void;
  close(): Promise<void>;
}

export async function startNotifyFakeServer(handle: (request: RecordedNotifyRequest) => FakeAnswer): Promise<NotifyFakeServer> {
  const requests: RecordedNotifyRequest[] = [];
  const script: FakeAnswer[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const rawBody = Buffer.concat(chunks).toString('utf8');
      let body: unknown = null;
      try {
        body = JSON.parse(rawBody);
      } catch {
        body = null;
      }
      const request: RecordedNotifyRequest = { method: req.method ?? 'GET', path: req.url ?? '/', headers: req.headers, rawBody, body, at: Date.now() };
      requests.push(request);
      const answer = script.shift() ?? handle(request);
      const send = () => {
        if (res.destroyed) return;
        const text = typeof answer.body === 'string' ? answer.body : answer.body === undefined ? '' : JSON.stringify(answer.body);
        const type = typeof answer.body === 'string' || answer.body === undefined ? 'text/plain; charset=utf-8' : 'application/json';
        res.writeHead(answer.status, { 'content-type': type, ...answer.headers });
        res.end(text);
      };
      if (answer.delayMs) setTimeout(send, answer.delayMs).unref();
      else send();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    answerNext: (...answers) => void script.push(...answers),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
