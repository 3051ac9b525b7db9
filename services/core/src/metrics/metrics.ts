// The process's Prometheus metrics: one registry per process, the HTTP and event-log instruments that
// feed it, and gauges read from the stores when scraped. Names and meanings are listed in deploy/ops.md.
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { EventLog } from '../eventlog/event-log';
import type { HttpServer } from '../http/create-http-server';

/** Routes that answer a visitor's click: their latency is what a paid ad waits for. */
const REDIRECT_ROUTES = new Set(['/r/:campaignId', '/click']);

// Redirects take about a millisecond; the buckets resolve that range and still show a stall.
const REDIRECT_BUCKETS = [0.0005, 0.001, 0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5];
// A durable publish is one group-committed fsync or one Kafka acknowledgement.
const PUBLISH_BUCKETS = [0.0005, 0.001, 0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export interface Metrics {
  readonly registry: Registry;
  readonly httpRequests: Counter<'method' | 'route' | 'status'>;
  readonly redirectSeconds: Histogram<'route'>;
  readonly publishSeconds: Histogram<'outcome'>;
  /** A gauge whose value is read from a store each time the metrics are scraped. */
  addGauge<L extends string>(definition: ScrapedGauge<L>): void;
  /** A counter whose running total is kept elsewhere (since the process started) and read at scrape time. */
  addCounter<L extends string>(definition: ScrapedCounter<L>): void;
  /** The text exposition: what GET /metrics answers. */
  render(): Promise<{ contentType: string; body: string }>;
}

export interface ScrapedGauge<L extends string> {
  name: string;
  help: string;
  labelNames?: readonly L[];
  /**
   * Samples at scrape time. A failing read does not fail the scrape: a labelled gauge is left without
   * series, an unlabelled one reads NaN (unknown; never a reassuring 0 while its store is down).
   */
  read: () => Promise<Array<{ labels?: Partial<Record<L, string>>; value: number }>>;
}

/** Like a scraped gauge, but the values only grow (and restart from 0 with the process): a Prometheus counter. */
export interface ScrapedCounter<L extends string> {
  /** Ends in `_total`, as Prometheus names counters. */
  name: `${string}_total`;
  help: string;
  labelNames?: readonly L[];
  read: () => Array<{ labels?: Partial<Record<L, string>>; value: number }>;
}

export function createMetrics(): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'tracker_' });
  // prom-client's sums of the per-type active handles, requests and resources are gauges named like
  // counters, which Prometheus' linter flags; the per-type gauges (nodejs_active_handles{type}) remain.
  for (const name of ['handles', 'requests', 'resources']) registry.removeSingleMetric(`tracker_nodejs_active_${name}_total`);

  const httpRequests = new Counter({
    name: 'tracker_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status code.',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const redirectSeconds = new Histogram({
    name: 'tracker_redirect_duration_seconds',
    help: 'Time from request to answer of the click routes (/r/:campaignId, /click), in seconds.',
    labelNames: ['route'] as const,
    buckets: REDIRECT_BUCKETS,
    registers: [registry],
  });
  const publishSeconds = new Histogram({
    name: 'tracker_log_publish_duration_seconds',
    help: 'Time until the event log confirmed a publish durable (or refused it), in seconds.',
    labelNames: ['outcome'] as const,
    buckets: PUBLISH_BUCKETS,
    registers: [registry],
  });

  return {
    registry,
    httpRequests,
    redirectSeconds,
    publishSeconds,
    addGauge<L extends string>(definition: ScrapedGauge<L>) {
      new Gauge<L>({
        name: definition.name,
        help: definition.help,
        labelNames: definition.labelNames ?? [],
        registers: [registry],
        async collect() {
          this.reset();
          let samples: Awaited<ReturnType<typeof definition.read>>;
          try {
            samples = await definition.read();
          } catch {
            if ((definition.labelNames ?? []).length === 0) this.set(Number.NaN);
            return; // the store is down: /readyz says so; the scrape still returns the rest
          }
          for (const { labels, value } of samples) {
            if (labels) this.set(labels as Partial<Record<L, string | number>>, value);
            else this.set(value);
          }
        },
      });
    },
    addCounter<L extends string>(definition: ScrapedCounter<L>) {
      new Counter<L>({
        name: definition.name,
        help: definition.help,
        labelNames: definition.labelNames ?? [],
        registers: [registry],
        collect() {
          this.reset();
          for (const { labels, value } of definition.read()) {
            if (labels) this.inc(labels as Partial<Record<L, string | number>>, value);
            else this.inc(value);
          }
        },
      });
    },
    async render() {
      return { contentType: registry.contentType, body: await registry.metrics() };
    },
  };
}

/**
 * Counts every answered request by route pattern (never the raw URL: click ids would explode the
 * series) and times the click routes. Label children are cached: the redirect is the hot path.
 */
export function instrumentHttp(app: HttpServer, metrics: Metrics): void {
  const counters = new Map<string, { inc(): void }>();
  const timers = new Map<string, { observe(value: number): void }>();
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? 'unmatched';
    const key = `${request.method} ${route} ${reply.statusCode}`;
    let counter = counters.get(key);
    if (!counter) {
      counter = metrics.httpRequests.labels(request.method, route, String(reply.statusCode));
      counters.set(key, counter);
    }
    counter.inc();
    if (REDIRECT_ROUTES.has(route)) {
      let timer = timers.get(route);
      if (!timer) {
        timer = metrics.redirectSeconds.labels(route);
        timers.set(route, timer);
      }
      timer.observe(reply.elapsedTime / 1000);
    }
    done();
  });
}

/** The same log, its publishes timed. Everything else passes through untouched. */
export function observePublishes(log: EventLog, metrics: Metrics): EventLog {
  const ok = metrics.publishSeconds.labels('ok');
  const failed = metrics.publishSeconds.labels('failed');
  const publish: EventLog['publish'] = async (records) => {
    const started = performance.now();
    try {
      await log.publish(records);
      ok.observe((performance.now() - started) / 1000);
    } catch (error) {
      failed.observe((performance.now() - started) / 1000);
      throw error;
    }
  };
  return new Proxy(log, {
    get(target, property) {
      if (property === 'publish') return publish;
      // The target as receiver: its getters read private fields, which a proxy does not have.
      const value: unknown = Reflect.get(target, property);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}
