// The process logger (pino, JSON lines). Credentials are redacted wherever they appear in a log object,
// and no logged error or URL carries the values a query was run with.
import { pino, type DestinationStream, type Logger } from 'pino';

export type { Logger };

export const REDACTED_PATHS = [
  'password',
  '*.password',
  'accessToken',
  '*.accessToken',
  'token',
  '*.token',
  'req.headers.cookie',
  'req.headers.authorization',
  'res.headers["set-cookie"]',
  'req.query.key',
];

/** Fields of pg, PGlite and drizzle errors that hold the values of a query (a new user's password hash,
 *  an API token) or the rows they failed on (`detail`: 'Failing row contains (...)'). */
const VALUE_FIELDS = ['params', 'parameters', 'query', 'queryOptions', 'detail', 'where', 'internalQuery'];

interface SerializedError {
  message?: string;
  stack?: string;
  [key: string]: unknown;
}

/** The error chain (the error, its cause, the cause's cause), guarded against cycles. */
function causeChain(error: unknown): Array<Record<string, unknown>> {
  const chain: Array<Record<string, unknown>> = [];
  for (let e = error; e && typeof e === 'object' && !chain.includes(e as Record<string, unknown>); e = (e as { cause?: unknown }).cause) {
    chain.push(e as Record<string, unknown>);
  }
  return chain;
}

/** pino's error serializer, minus query values: drizzle writes them into its message too
 *  ("Failed query: ...\nparams: a,b"), and pino copies messages and stacks of every cause. */
export function serializeError(error: unknown): unknown {
  if (!(error instanceof Error)) return error;
  const out = pino.stdSerializers.err(error) as unknown as SerializedError;
  for (const field of VALUE_FIELDS) delete out[field];
  const { errors } = error as { errors?: unknown };
  if (Array.isArray(errors)) out.aggregateErrors = errors.map(serializeError);
  for (const link of causeChain(error)) {
    for (const field of ['params', 'parameters']) {
      const values = link[field];
      if (values === undefined) continue;
      const written = `\n${field}: ${String(values)}`;
      if (out.message) out.message = out.message.replaceAll(written, `\n${field}: [redacted]`);
      if (out.stack) out.stack = out.stack.replaceAll(written, `\n${field}: [redacted]`);
    }
  }
  return out;
}

/** A logged URL keeps its path; its query string can hold secrets (a postback key, a token). */
export function serializeUrl(url: unknown): unknown {
  if (typeof url !== 'string') return url;
  const at = url.indexOf('?');
  return at === -1 ? url : `${url.slice(0, at)}?[redacted]`;
}

/** `destination`: where the lines go (stdout unless given; tests pass a stream to read them). */
export function createLogger(level: string, name = 'tracker', destination?: DestinationStream): Logger {
  const options = {
    name,
    level,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    serializers: { err: serializeError, error: serializeError, url: serializeUrl },
  };
  return destination ? pino(options, destination) : pino(options);
}
