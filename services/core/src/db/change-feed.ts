// Tells every process that entities changed, so in-memory caches (the ingest's tracking catalog)
// reload. In one process an event emitter suffices; on PostgreSQL, LISTEN/NOTIFY reaches the others.
import { EventEmitter } from 'node:events';
import pg from 'pg';

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

export function postgresChangeFeed(pool: pg.Pool, connectionString: string): ChangeFeed {
  const local = new EventEmitter().setMaxListeners(0);
  let listener: pg.Client | undefined;
  const listening = new Set<string>();
  let closed = false;

  async function listen(channel: string) {
    if (!listener) {
      listener = new pg.Client({ connectionString });
      listener.on('notification', (message) => {
        if (message.channel.startsWith(CHANNEL_PREFIX)) local.emit(message.channel.slice(CHANNEL_PREFIX.length));
      });
      // A dropped LISTEN connection loses notifications; callers also reload on a timer for that.
      listener.on('error', () => {});
      await listener.connect();
    }
    if (!listening.has(channel)) {
      listening.add(channel);
      await listener.query(`LISTEN ${CHANNEL_PREFIX}${channel.replace(/\W/g, '_')}`);
    }
  }

  return {
    async notify(channel) {
      await pool.query('SELECT pg_notify($1, $2)', [`${CHANNEL_PREFIX}${channel.replace(/\W/g, '_')}`, '']);
    },
    async on(channel, fn) {
      if (closed) throw new Error('change feed is closed');
      local.on(channel, fn);
      await listen(channel);
      return () => void local.off(channel, fn);
    },
    async close() {
      closed = true;
      local.removeAllListeners();
      await listener?.end().catch(() => {});
    },
  };
}

/** Entities the ingest caches changed: campaigns, landers, offers, sparks, domains or settings. */
export const CATALOG_CHANNEL = 'catalog';
