// The process's Prometheus metrics: one registry per process, the HTTP and event-log instruments that
// feed it, and gauges read from the stores when scraped. Names and meanings are listed in deploy/ops.md.
import type { onResponseHookHandler } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Registry, type Metric } from 'prom-client';
import type { EventLog } from '../eventlog/event-log';
import type { HttpServer } from '../http/create-http-server';

/** Routes that answer a visitor's click: their latency is what a paid ad waits for. */
const REDIRECT_ROUTES = new Set(['/r/:campaignId', '/click']);

// Redirects take about a millisecond; the buckets resolve that range and still show a stall.
const REDIRECT_BUCKETS = [0.0005, 0.001, 0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5];
// A durable publish is one group-committed fsync or one Kafka acknowledgement.
const PUBLISH_BUCKETS = [0.0005, 0.001, 0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * A histogram counted in plain numbers and read by prom-client only when scraped. prom-client's own observe checks
 * and hashes the label values on every call (its histogram code alone was ~3 % of the redirect's main-thread samples).
 * One series per value of its one label; `series(value)` is looked up once and kept by the caller.
 */
export class HotHistogram {
  readonly #series = new Map<string, HistogramSeries>();

  readonly name: string;
  readonly help: string;
  readonly labelName: string;
  readonly bounds: readonly number[];

  /** Registered in `registry` as a histogram; prom-client renders it like its own. */
  constructor(definition: { name: string; help: string; labelName: string; bounds: readonly number[] }, registry: Registry) {
    ({ name: this.name, help: this.help, labelName: this.labelName, bounds: this.bounds } = definition);
    registry.registerMetric(this.#asMetric());
  }

  series(labelValue: string): HistogramSeries {
    let series = this.#series.get(labelValue);
    if (!series) {
      series = new HistogramSeries(this.bounds);
      this.#series.set(labelValue, series);
    }
    return series;
  }

  /** What prom-client's registry renders: a histogram's cumulative buckets, sum and count per series. */
  #asMetric(): Metric {
    const { name, help, labelName, bounds } = this;
    const seriesOf = this.#series;
    const metric = {
      name,
      help,
      type: 'histogram',
      aggregator: 'sum',
      async get() {
        const values: Array<{ labels: Record<string, string | number>; sharedLabels: Record<string, string>; value: number; metricName: string }> = [];
        for (const [labelValue, series] of seriesOf) {
          const shared = { [labelName]: labelValue };
          let cumulative = 0;
          for (let i = 0; i < bounds.length; i++) {
            cumulative += series.counts[i]!;
            values.push({ labels: { le: bounds[i]! }, sharedLabels: shared, value: cumulative, metricName: `${name}_bucket` });
          }
          values.push({ labels: { le: '+Inf' }, sharedLabels: shared, value: series.count, metricName: `${name}_bucket` });
          values.push({ labels: {}, sharedLabels: shared, value: series.sum, metricName: `${name}_sum` });
          values.push({ labels: {}, sharedLabels: shared, value: series.count, metricName: `${name}_count` });
        }
        return { name, help, type: 'histogram', aggregator: 'sum', values };
      },
      reset() {
        seriesOf.clear();
      },
    };
    return metric as unknown as Metric;
  }
}

export class HistogramSeries {
  /** Observations per bucket (not cumulative); the last slot holds those above every bound. */
  readonly counts: Float64Array;
  sum = 0;
  count = 0;

  constructor(private readonly bounds: readonly number[]) {
    this.counts = new Float64Array(bounds.length + 1);
  }

  observe(value: number): void {
    const { bounds } = this;
    let i = 0;
    while (i < bounds.length && value > bounds[i]!) i++;
    this.counts[i]! += 1;
    this.sum += value;
    this.count += 1;
  }
}

export interface Metrics {
  readonly registry: Registry;
  /** Counts answers of one route pattern into tracker_http_requests_total: look it up once, call it per answer. */
  countRequests(route: string): (method: string, status: number) => void;
  readonly redirectSeconds: HotHistogram;
  readonly publishSeconds: HotHistogram;
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

  /** Per route pattern, method and status: answers not yet taken in by the counter (it takes them when scraped). */
  const answered = new Map<string, Map<string, Map<number, { count: number }>>>();
  new Counter({
    name: 'tracker_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status code.',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
    collect() {
      for (const [route, byMethod] of answered) {
        for (const [method, byStatus] of byMethod) {
          for (const [status, entry] of byStatus) {
            if (entry.count === 0) continue;
            this.inc({ method, route, status: String(status) }, entry.count);
            entry.count = 0;
          }
        }
      }
    },
  });
  const redirectSeconds = new HotHistogram(
    {
      name: 'tracker_redirect_duration_seconds',
      help: 'Time from request to answer of the click routes (/r/:campaignId, /click), in seconds.',
      labelName: 'route',
      bounds: REDIRECT_BUCKETS,
    },
    registry,
  );
  const publishSeconds = new HotHistogram(
    {
      name: 'tracker_log_publish_duration_seconds',
      help: 'Time until the event log confirmed a publish durable (or refused it), in seconds.',
      labelName: 'outcome',
      bounds: PUBLISH_BUCKETS,
    },
    registry,
  );

  return {
    registry,
    countRequests(route) {
      let byMethod = answered.get(route);
      if (!byMethod) answered.set(route, (byMethod = new Map()));
      const methods = byMethod;
      return (method, status) => {
        let byStatus = methods.get(method);
        if (!byStatus) methods.set(method, (byStatus = new Map()));
        let entry = byStatus.get(status);
        if (!entry) byStatus.set(status, (entry = { count: 0 }));
        entry.count += 1;
      };
    },
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
 * Counts every answered request by route pattern (never the raw URL: click ids would explode the series) and times
 * the click routes. Each route gets its own onResponse hook that knows its pattern (reading it per request from
 * `request.routeOptions` builds an object each time), and counts in plain numbers that the counter takes in when
 * scraped; requests no route matched are counted by one global hook that looks at those alone (`request.is404`).
 * Call it before the routes are registered: the per-route hooks are added as each route is.
 */
export function instrumentHttp(app: HttpServer, metrics: Metrics): void {
  const ours = new WeakSet<onResponseHookHandler>();
  app.addHook('onRoute', (route) => {
    const count = metrics.countRequests(route.url);
    const timer = REDIRECT_ROUTES.has(route.url) ? metrics.redirectSeconds.series(route.url) : undefined;
    const hook: onResponseHookHandler = (request, reply, done) => {
      count(request.method, reply.statusCode);
      timer?.observe(reply.elapsedTime / 1000);
      done();
    };
    ours.add(hook);
    // A HEAD route Fastify adds for a GET one comes with the GET's options, this hook included: one per route.
    const others = [route.onResponse ?? []].flat().filter((h) => !ours.has(h));
    route.onResponse = [...others, hook];
  });
  const countUnmatched = metrics.countRequests('unmatched');
  app.addHook('onResponse', (request, reply, done) => {
    if (request.is404) countUnmatched(request.method, reply.statusCode);
    done();
  });
}

/** The same log, its publishes timed. Everything else passes through untouched. */
export function observePublishes(log: EventLog, metrics: Metrics): EventLog {
  const ok = metrics.publishSeconds.series('ok');
  const failed = metrics.publishSeconds.series('failed');
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
