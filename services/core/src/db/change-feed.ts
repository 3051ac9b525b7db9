// Tells every process that entities changed, so in-memory caches (the ingest's tracking catalog)
// reload. In one process an event emitter suffices; on PostgreSQL, LISTEN/NOTIFY reaches the others.
import { EventEmitter } from 'node:events';
import pg from 'pg';
import type { Logger } from '../logger';

export type ChangeListener = () => void;

export interface ChangeFeed {
  /** Announces a change on `channel` to this process and, on PostgreSQL, to every other one. */
  notify(channel: string): Promise<void>;
  /** Calls `listener` on every change of `channel`; returns the unsubscribe function. */
  on(channel: string, listener: ChangeListener): Promise<() => void>;
  close(): Promise<void>;
}

const CHANNEL_PREFIX = 'tracker_';

export function inProcessChangeFeed(): ChangeFeed {
  const emitter = new EventEmitter().setMaxListeners(0);
  return {
    async notify(channel) {
      emitter.emit(channel);
    },
    async on(channel, listener) {
      emitter.on(channel, listener);
      return () => void emitter.off(channel, listener);
    },
    async close() {
      emitter.removeAllListeners();
    },
  };
}

/** The first reconnect waits this long, each further one twice as long, up to RECONNECT_MAX_MS. */
const RECONNECT_MIN_MS = 100;
const RECONNECT_MAX_MS = 5000;

const sqlChannel = (channel: string) => `${CHANNEL_PREFIX}${channel.replace(/\W/g, '_')}`;

/**
 * LISTEN needs one dedicated connection. When it is lost (a server restart, a failover, a terminated
 * backend) it is reopened with backoff and LISTENs again; notifications sent meanwhile are lost, so
 * every channel then fires once and caches reload instead of waiting for their timer.
 */
export function postgresChangeFeed(pool: pg.Pool, connectionString: string, logger: Logger): ChangeFeed {
  const local = new EventEmitter().setMaxListeners(0);
  const channels = new Set<string>();
  /** The connection that is LISTENing; undefined before the first `on` and while reconnecting. */
  let client: pg.Client | undefined;
  let starting: Promise<void> | undefined;
  let retry: NodeJS.Timeout | undefined;
  let failures = 0;
  let closed = false;

  async function open(): Promise<void> {
    const next = new pg.Client({ connectionString });
    // Until it is listening, a failure surfaces as the rejection of connect or LISTEN below.
    let listening = false;
    next.on('notification', (message) => {
      if (message.channel.startsWith(CHANNEL_PREFIX)) local.emit(message.channel.slice(CHANNEL_PREFIX.length));
    });
    next.on('error', (error) => listening && lost(next, error));
    next.on('end', () => listening && lost(next));
    try {
      await next.connect();
      for (const channel of channels) await next.query(`LISTEN ${sqlChannel(channel)}`);
      if (closed) throw new Error('The change feed is closed');
    } catch (error) {
      await next.end().catch(() => {}); // Already failed; the error that matters is rethrown.
      throw error;
    }
    listening = true;
    client = next;
  }

  function lost(which: pg.Client, error?: Error) {
    if (closed || which !== client) return; // 'error' and 'end' both report one loss.
    client = undefined;
    void which.end().catch(() => {}); // The connection is gone either way.
    logger.warn({ err: error }, 'change feed: the LISTEN connection was lost; reconnecting');
    scheduleReconnect();
  }

  function scheduleReconnect() {
    const delay = Math.min(RECONNECT_MIN_MS * 2 ** failures, RECONNECT_MAX_MS);
    retry = setTimeout(() => {
      retry = undefined;
      void reconnect();
    }, delay);
    retry.unref();
  }

  async function reconnect() {
    try {
      await open();
    } catch (error) {
      if (closed) return;
      failures++;
      // Once per outage: the backoff keeps trying quietly until the server answers.
      if (failures === 1) logger.warn({ err: error }, 'change feed: cannot reconnect yet; retrying with backoff');
      scheduleReconnect();
      return;
    }
    failures = 0;
    logger.info({ channels: [...channels] }, 'change feed: listening again');
    for (const channel of channels) local.emit(channel);
  }

  return {
    async notify(channel) {
      await pool.query('SELECT pg_notify($1, $2)', [sqlChannel(channel), '']);
    },
    async on(channel, fn) {
      if (closed) throw new Error('change feed is closed');
      local.on(channel, fn);
      if (!channels.has(channel)) {
        channels.add(channel);
        if (!client && !retry) await (starting ??= open().finally(() => (starting = undefined)));
        // While reconnecting, the reconnect LISTENs every channel, this one included.
        if (client) await client.query(`LISTEN ${sqlChannel(channel)}`);
      }
      return () => void local.off(channel, fn);
    },
    async close() {
      closed = true;
      clearTimeout(retry);
      local.removeAllListeners();
      await starting?.catch(() => {}); // Its failure was the caller's of `on`.
      await client?.end().catch((error: unknown) => logger.warn({ err: error }, 'change feed: closing failed'));
    },
  };
}

/** Entities the ingest caches changed: campaigns, landers, offers, sparks, domains or settings. */
export const CATALOG_CHANNEL = 'catalog';
