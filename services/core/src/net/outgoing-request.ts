// One HTTP(S) call to a third party, through the outgoing guard: the URL is checked, the connection's
// lookup refuses private answers, redirects are not followed, and the answer is read whole up to a cap.
// node:http rather than fetch: fetch cannot take a lookup without the undici package's own Agent.
import http from 'node:http';
import https from 'node:https';
import { assertOutgoingUrl, guardedLookup, PUBLIC_ONLY, type OutgoingPolicy } from './outgoing-guard';

/** Larger answers are cut off with an error: no API we call sends pages near this. */
export const OUTGOING_MAX_BYTES = 32 * 1024 * 1024;

export interface OutgoingRequestInit {
  method?: string;
  headers?: Record<string, string>;
  body?: string | Buffer | FormData;
  /** For the whole call, the answer's body included. */
  timeoutMs: number;
  policy?: OutgoingPolicy;
  maxBytes?: number;
  /** A proxy agent (the registrar's SOCKS5); the URL is still checked, the proxy resolves the host. */
  agent?: http.Agent;
}

export interface OutgoingResponse {
  status: number;
  statusText: string;
  ok: boolean;
  /** The Content-Type header without its parameters, '' when absent. */
  contentType: string;
  /** Node's lower-cased response headers (Retry-After, for one). */
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  text(): string;
}

/** No complete answer within the call's time (its name is what fetch's timeout errors are called). */
export class OutgoingTimeoutError extends Error {
  override name = 'TimeoutError';
}

/** The connection failed: refused, reset, unknown host, TLS. */
export class OutgoingTransportError extends Error {
  override name = 'OutgoingTransportError';
}

/** What an answer was, without quoting it: its status, content type and size. */
export function describeAnswer(response: Pick<OutgoingResponse, 'status' | 'contentType' | 'body'>): string {
  return `HTTP ${response.status}, ${response.contentType || 'no content type'}, ${response.body.length} bytes`;
}

/**
 * A message field of an API's documented error shape, fit to show: one line, at most `max` characters.
 * Null when the field is not a non-empty string.
 */
export function remoteMessage(value: unknown, max = 200): string | null {
  if (typeof value !== 'string') return null;
  // eslint-disable-next-line no-control-regex
  const line = value.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim();
  if (!line) return null;
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

async function encodeBody(body: OutgoingRequestInit['body'], headers: Record<string, string>): Promise<Buffer | undefined> {
  if (body === undefined) return undefined;
  if (typeof body === 'string' || Buffer.isBuffer(body)) return Buffer.from(body);
  // A multipart body with its boundary, encoded the way fetch would send it.
  const encoded = new Request('http://multipart.invalid/', { method: 'POST', body });
  headers['content-type'] = encoded.headers.get('content-type')!;
  return Buffer.from(await encoded.arrayBuffer());
}

export async function requestOutgoing(url: string | URL, init: OutgoingRequestInit): Promise<OutgoingResponse> {
  const policy = init.policy ?? PUBLIC_ONLY;
  const target = await assertOutgoingUrl(url, policy);
  const headers: Record<string, string> = { ...init.headers };
  const body = await encodeBody(init.body, headers);
  if (body) headers['content-length'] = String(body.length);
  const maxBytes = init.maxBytes ?? OUTGOING_MAX_BYTES;
  const transport = target.protocol === 'https:' ? https : http;

  return new Promise((resolve, reject) => {
    const request = transport.request(
      target,
      {
        method: init.method ?? 'GET',
        headers,
        // A fresh connection per call, resolved by the guarded lookup (no pooled socket of another policy).
        agent: init.agent ?? false,
        lookup: guardedLookup(policy),
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > maxBytes) request.destroy(new OutgoingTransportError(`the answer is larger than ${maxBytes} bytes`));
          else chunks.push(chunk);
        });
        response.on('end', () => {
          clearTimeout(timer);
          const status = response.statusCode ?? 0;
          const buffer = Buffer.concat(chunks);
          resolve({
            status,
            statusText: response.statusMessage ?? '',
            ok: status >= 200 && status < 300,
            contentType: String(response.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase(),
            headers: response.headers,
            body: buffer,
            text: () => buffer.toString('utf8'),
          });
        });
        response.on('error', fail);
      },
    );
    const timer = setTimeout(() => request.destroy(new OutgoingTimeoutError(`no answer within ${init.timeoutMs / 1000} s`)), init.timeoutMs);
    function fail(error: unknown) {
      clearTimeout(timer);
      const err = (error ?? {}) as { name?: string; message?: string };
      // Errors of this module pass as they are; node's own (another realm under jest's VM) are wrapped.
      if (error instanceof OutgoingTimeoutError || error instanceof OutgoingTransportError || err.name === 'OutgoingRefusedError') reject(error);
      else reject(new OutgoingTransportError(err.message || 'the connection failed', { cause: error }));
    }
    request.on('error', fail);
    request.end(body);
  });
}
