// The Fastify instance every HTTP mode shares (api, ingest, or both in `tracker all`): one error
// handler turning errors into { "message" }, validation via zod, and a health check.
import type { IncomingMessage, ServerResponse } from 'node:http';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance, type FastifyServerOptions, type RawServerDefault } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Logger } from '../logger';
import { HttpError } from './http-error';
import { lazyRequestLogger } from './lazy-request-logger';
import { sendClientError, sendFrameworkError } from './plain-errors';

/** The shared server, typed with the zod type provider so route schemas type request and reply. */
export type HttpServer = FastifyInstance<RawServerDefault, IncomingMessage, ServerResponse, FastifyBaseLogger, ZodTypeProvider>;

export interface HttpServerOptions {
  logger: Logger;
  /** TRUST_PROXY (see config): off, a hop count, or proxy addresses / CIDRs; `true` is one hop. */
  trustProxy: boolean | number | string[];
}

/**
 * Fastify's own `true` trusts every X-Forwarded-For entry, so the client IP would be the leftmost one,
 * which the client writes itself; and its hop count trusts nothing. A hop count here trusts the
 * socket's peer and the entries the nearest proxies appended, so `request.ip` is what the outermost saw.
 */
function trustFunction(trustProxy: HttpServerOptions['trustProxy']): false | string[] | ((address: string, hop: number) => boolean) {
  if (trustProxy === false || trustProxy === 0) return false;
  if (Array.isArray(trustProxy)) return trustProxy;
  const hops = trustProxy === true ? 1 : trustProxy;
  return (_address, hop) => hop < hops;
}

/** One issue of a failed route validation, as fastify-type-provider-zod reports it. */
export interface ValidationIssue {
  /** The zod issue code ('unrecognized_keys' for fields a strict object does not know). */
  keyword?: string;
  instancePath?: string;
  message?: string;
  params?: { keys?: unknown; issue?: { path?: (string | number)[]; message?: string } };
}

/** A field name as a message quotes it: control characters escaped, a long name cut. */
function quotedField(name: string): string {
  const escaped = JSON.stringify(name).slice(1, -1);
  return `'${escaped.length > 100 ? `${escaped.slice(0, 100)}…` : escaped}'`;
}

const fieldOf = (issue: ValidationIssue) => (issue.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.');

/**
 * Every request body schema is strict: a field it does not know is refused, never dropped. The message
 * names the fields, nested ones by their path ("Unknown field 'lineItems.0.qty'"); null for other issues.
 */
export function unknownFieldsMessage(issue: ValidationIssue | undefined): string | null {
  const keys = issue?.params?.keys;
  if (issue?.keyword !== 'unrecognized_keys' || !Array.isArray(keys) || keys.length === 0) return null;
  const field = fieldOf(issue);
  const names = (keys as unknown[]).map((key) => quotedField(field ? `${field}.${String(key)}` : String(key)));
  const shown = names.length > 5 ? [...names.slice(0, 5), `and ${names.length - 5} more`] : names;
  return `Unknown field${names.length > 1 ? 's' : ''} ${shown.join(', ')}`;
}

/** A zod failure becomes one readable sentence: the first issue's message, prefixed by its field. */
function validationMessage(issues: ValidationIssue[]): string {
  const first = issues[0];
  if (!first) return 'Invalid request';
  const unknownFields = unknownFieldsMessage(first);
  if (unknownFields) return unknownFields;
  const field = fieldOf(first);
  const message = first.params?.issue?.message ?? first.message ?? 'is invalid';
  return field && !message.toLowerCase().includes(field.toLowerCase()) ? `${field}: ${message}` : message;
}

/**
 * The zod compilers, as Fastify's builders of compilers: installed later (setValidatorCompiler), they come after
 * Fastify has loaded its own, ajv and fast-json-stringify, ~0.3 s of every process's start-up for compilers no
 * route uses. Fastify types the builders after ajv's; at run time a builder only returns the compiler that each
 * route's schema is given to, which is what these do.
 */
const ZOD_COMPILERS = { buildValidator: () => validatorCompiler, buildSerializer: () => serializerCompiler } as unknown as NonNullable<
  FastifyServerOptions['schemaController']
>['compilersFactory'];

export function createHttpServer(options: HttpServerOptions): HttpServer {
  const app = Fastify({
    // pino's Logger is a FastifyBaseLogger; naming the base type keeps one server type for every mode.
    loggerInstance: options.logger as FastifyBaseLogger,
    trustProxy: trustFunction(options.trustProxy),
    // One log line per request would cost the click redirect more than the redirect itself.
    logController: new LogController({ disableRequestLogging: true }),
    childLoggerFactory: lazyRequestLogger,
    bodyLimit: 1024 * 1024,
    // Tracking links carry long macro-expanded query strings; never reject them for length.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 2048 },
    // Errors Fastify answers itself (a malformed URL, a broken HTTP request) get our { message } shape
    // too, never its own body with FST_ codes.
    frameworkErrors: sendFrameworkError,
    clientErrorHandler: sendClientError,
    schemaController: { compilersFactory: ZOD_COMPILERS },
  }).withTypeProvider<ZodTypeProvider>();

  app.setErrorHandler((error: Error & { statusCode?: number; validation?: ValidationIssue[] }, request, reply) => {
    if (error instanceof HttpError) {
      void reply.headers(error.headers).status(error.statusCode).send({ message: error.message });
      return;
    }
    if (error.validation) {
      void reply.status(400).send({ message: validationMessage(error.validation) });
      return;
    }
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    if (status === 500) request.log.error({ err: error, url: request.url }, 'request failed');
    void reply.status(status).send({ message: status === 500 ? 'Internal server error' : error.message });
  });
  // Fastify's own 404 body carries `error` and `statusCode` beside the message; ours is { message }.
  app.setNotFoundHandler((_request, reply) => reply.status(404).send({ message: 'Not found' }));

  app.get('/healthz', async () => ({ ok: true }));
  return app;
}
