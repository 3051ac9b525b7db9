// An open-loop load generator: GET requests sent at a constant rate whatever the server's answers do, each
// latency measured from the moment the request was due (not from when it left), as wrk2 does. Prints one JSON
// object (ConstantRateResult; times in milliseconds).
//
//   node --import tsx bench/constant-rate.ts --rate 5000 --seconds 60 [--connections 50] [--max-connections 2000] URL
//
// Why not `autocannon -R`: its rate is a per-connection budget per second, spent as fast as the server answers
// and then idle until the next second, so the server sees a saturating burst at the start of every second; and
// its coordinated-omission correction assumes one request due every millisecond on each connection (it computes
// ceil(1 / rate) where 1000 / rate was meant), so every answer slower than 1 ms also adds made-up samples.
//
// Here the requests are due every 1 / rate seconds from the start. A 1 ms timer sends the ones due since its last
// tick, each on a free keep-alive connection (one request in flight per connection). Clicks come from many
// visitors, not from a fixed pool of clients, so when every connection is busy a new one is opened (up to
// --max-connections; past that a request waits for a free one): a pause of the server then delays the clicks
// that arrive during it, and does not also hold back the ones due after it behind a client's own queue. A
// request's latency ends when its answer's last byte is read.
import net from 'node:net';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';

export interface Percentiles {
  p50: number;
  p90: number;
  p99: number;
  p999: number;
  max: number;
}

export interface ConstantRateResult {
  rate: number;
  seconds: number;
  sent: number;
  answered: number;
  /** Answers by status code. */
  statuses: Record<string, number>;
  /** Requests unanswered 10 s after the last was due, or lost with their connection. */
  errors: number;
  /** Connections open at the end (the pre-opened ones and those opened when all were busy). */
  connections: number;
  /** From the moment each request was due to its answer's last byte. */
  latency: Percentiles;
  /** From the moment each request was due to when it was written: this generator's own delay (its timer, its CPU,
   *  a connection being opened), which `latency` includes. */
  lateness: Percentiles;
  /** This process's event-loop delay over the run: large values mean the generator, not the server, was late. */
  loopDelay: { p99: number; max: number };
  /** This process's CPU over the whole run, milliseconds. */
  cpuMs: number;
}

interface Connection {
  socket: net.Socket;
  /** When the request in flight was due (performance.now()), or undefined when the connection is free. */
  dueAt?: number;
  buffered: Buffer;
}

export async function constantRate(
  target: string,
  rate: number,
  seconds: number,
  options: { connections?: number; maxConnections?: number } = {},
): Promise<ConstantRateResult> {
  const url = new URL(target);
  if (url.protocol !== 'http:') throw new Error(`constant-rate: only http:// URLs (${target})`);
  const port = Number(url.port || 80);
  const maxConnections = options.maxConnections ?? 2000;
  const request = Buffer.from(`GET ${url.pathname}${url.search} HTTP/1.1\r\nHost: ${url.host}\r\nConnection: keep-alive\r\n\r\n`);
  const total = Math.round(rate * seconds);
  const latencies = new Float64Array(total);
  const lateness = new Float64Array(total);
  const statuses: Record<string, number> = {};
  let sent = 0;
  let written = 0;
  let answered = 0;
  let lostWithConnection = 0;
  let opened = 0;
  const free: Connection[] = [];
  /** Due times of requests waiting for a connection, oldest first. */
  const waiting: number[] = [];
  let waitingHead = 0;

  const send = (connection: Connection, dueAt: number) => {
    lateness[written++] = performance.now() - dueAt;
    connection.dueAt = dueAt;
    connection.socket.write(request);
  };
  const release = (connection: Connection) => {
    connection.dueAt = undefined;
    if (waitingHead < waiting.length) send(connection, waiting[waitingHead++]!);
    else free.push(connection);
  };

  /** Reads whole answers off the connection's buffer: the status line, the headers, a Content-Length body. */
  const onData = (connection: Connection, chunk: Buffer) => {
    connection.buffered = connection.buffered.length ? Buffer.concat([connection.buffered, chunk]) : chunk;
    for (;;) {
      const headEnd = connection.buffered.indexOf('\r\n\r\n');
      if (headEnd === -1) return;
      const head = connection.buffered.subarray(0, headEnd).toString('latin1');
      if (/\r\ntransfer-encoding:/i.test(head)) throw new Error('constant-rate: chunked answers are not read');
      const length = Number(/\r\ncontent-length:\s*(\d+)/i.exec(head)?.[1] ?? 0);
      const end = headEnd + 4 + length;
      if (connection.buffered.length < end) return;
      connection.buffered = connection.buffered.subarray(end);
      const status = head.slice(9, 12);
      statuses[status] = (statuses[status] ?? 0) + 1;
      if (connection.dueAt !== undefined) latencies[answered++] = performance.now() - connection.dueAt;
      release(connection);
    }
  };

  /** Opens a connection; once connected it takes the oldest waiting request, or joins the free ones. */
  const open = () =>
    new Promise<void>((resolve, reject) => {
      opened++;
      const connection: Connection = { socket: net.connect({ host: url.hostname, port, noDelay: true }), buffered: Buffer.alloc(0) };
      connection.socket.once('connect', () => {
        release(connection);
        resolve();
      });
      connection.socket.on('data', (chunk) => onData(connection, chunk));
      connection.socket.on('error', reject);
      connection.socket.on('close', () => {
        opened--;
        if (connection.dueAt !== undefined) lostWithConnection++;
        const at = free.indexOf(connection);
        if (at !== -1) free.splice(at, 1);
      });
    });
  await Promise.all(Array.from({ length: options.connections ?? 50 }, open));

  const loopDelay = monitorEventLoopDelay({ resolution: 1 });
  loopDelay.enable();
  const cpuAtStart = process.cpuUsage();
  const interval = 1000 / rate;
  const start = performance.now();
  await new Promise<void>((resolve) => {
    const timer = setInterval(() => {
      const now = performance.now();
      while (sent < total && start + sent * interval <= now) {
        const dueAt = start + sent * interval;
        sent++;
        const connection = free.pop();
        if (connection) {
          send(connection, dueAt);
          continue;
        }
        waiting.push(dueAt);
        // More requests waiting than connections being opened: open one more, as another visitor would.
        if (opened < maxConnections) void open().catch(() => {});
      }
      if (sent === total) {
        clearInterval(timer);
        resolve();
      }
    }, 1);
  });
  const deadline = performance.now() + 10_000;
  while (answered < total && performance.now() < deadline) await new Promise((r) => setTimeout(r, 5));
  loopDelay.disable();
  const cpu = process.cpuUsage(cpuAtStart);
  const connections = opened;
  for (const connection of [...free]) connection.socket.destroy();

  const percentiles = (values: Float64Array): Percentiles => {
    const sorted = values.sort();
    const at = (p: number) =>
      sorted.length ? Math.round(sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! * 100) / 100 : 0;
    return { p50: at(50), p90: at(90), p99: at(99), p999: at(99.9), max: at(100) };
  };
  return {
    rate,
    seconds,
    sent,
    answered,
    statuses,
    errors: Math.max(total - answered, lostWithConnection),
    connections,
    latency: percentiles(latencies.subarray(0, answered)),
    lateness: percentiles(lateness.subarray(0, written)),
    loopDelay: { p99: loopDelay.percentile(99) / 1e6, max: loopDelay.max / 1e6 },
    cpuMs: Math.round((cpu.user + cpu.system) / 1000),
  };
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop()!)) {
  const args = process.argv.slice(2);
  const option = (name: string, fallback: string) => {
    const at = args.indexOf(`--${name}`);
    return at === -1 ? fallback : args[at + 1]!;
  };
  const result = await constantRate(args.at(-1)!, Number(option('rate', '1000')), Number(option('seconds', '10')), {
    connections: Number(option('connections', '50')),
    maxConnections: Number(option('max-connections', '2000')),
  });
  process.stdout.write(`${JSON.stringify(result)}\n`);
  process.exit(0);
}
