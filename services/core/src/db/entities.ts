// Opens the entity store: PostgreSQL when DATABASE_URL is set, else PGlite in DATA_DIR/pg.
// Both get the same drizzle schema and the same migrations, applied idempotently at start-up.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { createLogger, type Logger } from '../logger';
import { inProcessChangeFeed, postgresChangeFeed, type ChangeFeed } from './change-feed';
import { migrateEntities } from './migrate-entities';
import * as schema from './schema';

export type Schema = typeof schema;
/** The drizzle database, whichever engine is behind it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Entities {
  readonly kind: 'postgres' | 'pglite';
  readonly db: Db;
  /** Announces entity changes to every process sharing this store (cache invalidation). */
  readonly changes: ChangeFeed;
  /** PGlite only: its data directory as a gzip'd tarball, taken between two statements (the backup's copy). */
  dumpDataDir?(): Promise<Blob>;
  close(): Promise<void>;
}

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export interface EntitiesOptions {
  databaseUrl?: string;
  /** PGlite folder; `memory://` keeps it in memory (tests). */
  pgliteDir?: string;
  /** A PGlite data directory to start from instead of running initdb (see `dumpMigratedPglite`). */
  pgliteTemplate?: Blob;
  /** Pool size for PostgreSQL. */
  maxConnections?: number;
  /** Where lost connections are reported; a default one at `warn` when not given. */
  logger?: Logger;
}

/** pg-pool hangs the dead client on the error: its connection parameters must not reach the log. */
function withoutClient(error: Error): Error {
  const { client: _client, ...fields } = error as Error & { client?: unknown };
  return Object.assign(new Error(error.message), fields, { name: error.name, stack: error.stack });
}

export async function openEntities(options: EntitiesOptions): Promise<Entities> {
  if (options.databaseUrl) {
    const logger = options.logger ?? createLogger('warn', 'entities');
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.maxConnections ?? 10,
      connectionTimeoutMillis: 10_000,
    });
    // An idle client's connection died (a server restart, a failover, a terminated backend). Unhandled,
    // the error would crash the process; the pool has already dropped that client, so the next query
    // opens a fresh connection and there is nothing more to do than say so.
    pool.on('error', (error) => {
      logger.warn({ err: withoutClient(error) }, 'PostgreSQL: an idle pooled connection was lost; the next query opens a new one');
    });
    const pgDb = drizzlePg(pool, { schema, casing: 'snake_case' });
    const db: Db = pgDb;
    try {
      await migrateEntities(db, migrationsFolder);
    } catch (error) {
      await pool.end();
      throw error;
    }
    const changes = postgresChangeFeed(pool, options.databaseUrl, logger);
    return {
      kind: 'postgres',
      db,
      changes,
      async close() {
        await changes.close();
        await pool.end();
      },
    };
  }
  if (!options.pgliteDir) throw new Error('openEntities needs databaseUrl or pgliteDir');
  const client = new PGlite(options.pgliteDir, options.pgliteTemplate ? { loadDataDir: options.pgliteTemplate } : {});
  const pgliteDb = drizzlePglite(client, { schema, casing: 'snake_case' });
  const db: Db = pgliteDb;
  try {
    await migrateEntities(db, migrationsFolder);
  } catch (error) {
    await client.close();
    throw error;
  }
  const changes = inProcessChangeFeed();
  return {
    kind: 'pglite',
    db,
    changes,
    async dumpDataDir() {
      // A checkpoint first: the copy then needs no WAL replay when it is opened.
      await client.exec('CHECKPOINT');
      return client.dumpDataDir('gzip');
    },
    async close() {
      await changes.close();
      await client.close();
    },
  };
}

/** An in-memory PGlite after initdb and every migration, as a tarball `pgliteTemplate` starts from. */
export async function dumpMigratedPglite(): Promise<Blob> {
  const client = new PGlite('memory://');
  try {
    await migrateEntities(drizzlePglite(client, { schema, casing: 'snake_case' }), migrationsFolder);
    return await client.dumpDataDir('none');
  } finally {
    await client.close();
  }
}

/** The entity migrations, for keys of what is built from them. */
export function entityMigrationsFolder(): string {
  return migrationsFolder;
}
