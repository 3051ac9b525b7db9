// A throwaway PostgreSQL database per test file on the server behind DATABASE_URL, so suites on a
// real server start empty and never see each other's rows.
import crypto from 'node:crypto';
import pg from 'pg';

export async function createTemporaryDatabase(url: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `tracker_test_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const target = new URL(url);
  target.pathname = `/${name}`;
  return {
    url: target.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        for (let attempt = 1; ; attempt++) {
          try {
            await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
            return;
          } catch (error) {
            // FORCE may end only sessions of roles we belong to: an autovacuum worker in the database (no role)
            // refuses it unless the role is in pg_signal_backend (scripts/services.sh grants it). The worker
            // is done within moments on a test's small database.
            if ((error as { code?: string }).code !== '42501' || attempt === 20) throw error;
            await new Promise((resolve) => setTimeout(resolve, 250));
          }
        }
      } finally {
        await client.end();
      }
    },
  };
}
