// Lost PostgreSQL connections are logged through the logger and recovered from: the pool replaces an
// idle connection that died, and the change feed's LISTEN connection reconnects and listens again.
import { afterAll, beforeAll, expect, test } from '@jest/globals';
import pg from 'pg';
import { captureLogger, LEVEL } from '../testing/captured-logger';
import { describeWithRealEngine } from '../testing/real-engines';
import { createTemporaryDatabase } from '../testing/temporary-database';
import { openEntities } from './entities';
import { sql } from 'drizzle-orm';

describeWithRealEngine('DATABASE_URL', 'lost PostgreSQL connections', (serverUrl) => {
  let database: Awaited<ReturnType<typeof createTemporaryDatabase>>;
  let admin: pg.Client;
  beforeAll(async () => {
    database = await createTemporaryDatabase(serverUrl);
    admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
  });
  afterAll(async () => {
    await admin.end();
    await database.drop();
  });

  /** Ends every connection to the test database, as a server restart or a failover would. */
  async function terminateConnections(): Promise<number> {
    const name = new URL(database.url).pathname.slice(1);
    const { rows } = await admin.query<{ pid: number }>(
      'SELECT pg_terminate_backend(pid), pid FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
      [name],
    );
    return rows.length;
  }

  test('an idle pool connection that dies is logged, and the next query gets a new one', async () => {
    const { logger, waitFor } = captureLogger();
    const entities = await openEntities({ databaseUrl: database.url, logger });
    try {
      await entities.db.execute(sql`SELECT 1`);
      expect(await terminateConnections()).toBeGreaterThan(0);
      const line = await waitFor((l) => l.level >= LEVEL.warn && /PostgreSQL/.test(l.msg));
      expect(line.err?.message).toMatch(/terminat/);
      expect(JSON.stringify(line)).not.toContain('connectionParameters');
      const [row] = await entities.db
        .select({ answer: sql<number>`41 + 1` })
        .from(sql`(SELECT 1) AS one`);
      expect(row).toEqual({ answer: 42 });
    } finally {
      await entities.close();
    }
  });

  test('the change feed reconnects after its LISTEN connection is terminated and hears changes again', async () => {
    const { logger, lines, waitFor } = captureLogger();
    const reader = await openEntities({ databaseUrl: database.url, logger });
    const writer = await openEntities({ databaseUrl: database.url, logger: captureLogger().logger });
    try {
      let heard = 0;
      await reader.changes.on('catalog', () => heard++);
      await terminateConnections();
      await waitFor((l) => l.level >= LEVEL.warn && /LISTEN connection was lost/.test(l.msg));
      await waitFor((l) => /listening again/.test(l.msg));
      const before = heard;
      // Every writer connection was terminated too; its pool reconnects on this notify.
      await writer.changes.notify('catalog');
      const deadline = Date.now() + 5000;
      while (heard === before && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      expect(heard).toBe(before + 1);
      expect(lines.filter((l) => /LISTEN connection was lost/.test(l.msg))).toHaveLength(1);
    } finally {
      await reader.close();
      await writer.close();
    }
  });
});
