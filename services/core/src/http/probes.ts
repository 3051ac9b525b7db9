// The probes compose and Kubernetes call, and the metrics scrape: /healthz (the process answers),
// /readyz (every store this process uses answers) and /metrics (Prometheus text), outside the session.
import { timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { spillStatusOf } from '../eventlog/spilling-log';
import type { Logger } from '../logger';
import type { Metrics } from '../metrics/metrics';
import type { Stores } from '../stores';
import type { HttpServer } from './create-http-server';

/** A store that does not answer within this is not ready; a probe must answer well inside its own timeout. */
const CHECK_TIMEOUT_MS = 2_000;

export type ReadinessCheck = () => Promise<unknown>;

/** One check per store the process opened: each asks its store the cheapest real question. */
export function storeChecks(stores: Stores, consumerGroup: string): Record<string, ReadinessCheck> {
  const checks: Record<string, ReadinessCheck> = {};
  const { entities, analytics, eventLog, queue } = stores;
  if (entities) checks.entities = () => entities.db.execute(sql`select 1`);
  if (analytics) checks.analytics = () => analytics.query('SELECT 1');
  // A log with a spill takes events while Kafka is away: that ingest stays in rotation (the spill
  // shows in the metrics and on Settings), so only a log without one is asked for its broker.
  if (eventLog) checks.eventLog = spillStatusOf(eventLog) ? async () => spillStatusOf(eventLog) : () => eventLog.positions(consumerGroup);
  if (queue) checks.queue = () => queue.counts();
  return checks;
}

/** A check that fails when its store does not answer within CHECK_TIMEOUT_MS (the probes and the status page). */
export function withTimeout(check: ReadinessCheck): Promise<unknown> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS);
  });
  return Promise.race([check(), timeout]).finally(() => clearTimeout(timer));
}

/**
 * GET /readyz: 200 when every check passes, else 503. The body names each store 'ok' or 'failed' and
 * nothing more (it is public); the reason goes to the log.
 */
export function registerReadiness(app: HttpServer, checks: Record<string, ReadinessCheck>, logger: Logger): void {
  app.get('/readyz', async (_request, reply) => {
    const names = Object.keys(checks);
    const outcomes = await Promise.allSettled(names.map((name) => withTimeout(checks[name]!)));
    const result: Record<string, 'ok' | 'failed'> = {};
    outcomes.forEach((outcome, i) => {
      result[names[i]!] = outcome.status === 'fulfilled' ? 'ok' : 'failed';
      if (outcome.status === 'rejected') logger.warn({ store: names[i], err: outcome.reason }, 'readiness check failed');
    });
    const ready = outcomes.every((o) => o.status === 'fulfilled');
    return reply.status(ready ? 200 : 503).send({ ready, checks: result });
  });
}

export type MetricsAccess =
  /** A listener of its own (METRICS_PORT): whoever reaches the port may scrape. */
  | { kind: 'open' }
  /** METRICS_TOKEN: `Authorization: Bearer <token>`. */
  | { kind: 'token'; token: string }
  /** Neither set: only this machine (the socket's peer address, never a forwarded header). */
  | { kind: 'loopback' };

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export function registerMetricsRoute(app: HttpServer, metrics: Metrics, access: MetricsAccess): void {
  app.get('/metrics', async (request, reply) => {
    if (access.kind === 'token') {
      const header = request.headers.authorization ?? '';
      const given = header.startsWith('Bearer ') ? header.slice('Bearer '.length).trim() : '';
      if (!sameToken(given, access.token)) {
        return reply
          .status(401)
          .header('www-authenticate', 'Bearer realm="metrics"')
          .send({ message: 'Metrics need Authorization: Bearer <METRICS_TOKEN>.' });
      }
    } else if (access.kind === 'loopback' && !LOOPBACK.has(request.socket.remoteAddress ?? '')) {
      return reply
        .status(403)
        .send({ message: 'Metrics are served to this machine only: set METRICS_TOKEN or METRICS_PORT to scrape remotely.' });
    }
    const { contentType, body } = await metrics.render();
    return reply.header('content-type', contentType).header('cache-control', 'no-store').send(body);
  });
}
