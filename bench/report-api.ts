// The real API over a bench store (bench/report.ts loads one), for timing report calls through app.inject:
// registered as the product registers it, signed in as the store's admin.
import { createHttpServer, type Analytics, type Entities, type Logger } from '@tracker/core';
import { registerApi } from '@tracker/api';

/** The admin bench/report.ts creates in every store it loads. */
export const BENCH_ADMIN = { username: 'bench-admin', password: 'bench-password' };

export async function startReportApi(entities: Entities, analytics: Analytics, logger: Logger) {
  const app = createHttpServer({ logger, trustProxy: false });
  await registerApi(app, {
    db: entities.db,
    analytics,
    changes: entities.changes,
    sessionSecret: 'b'.repeat(32),
    secretsKey: Buffer.alloc(32, 5),
    tiktokApiUrl: 'http://127.0.0.1:9',
    logger,
    webDist: '/nonexistent',
  });
  await app.ready();
  const login = await app.inject({ method: 'POST', url: '/api/login', payload: BENCH_ADMIN });
  if (login.statusCode !== 200) throw new Error(`sign-in as ${BENCH_ADMIN.username}: ${login.statusCode} ${login.body}`);
  return { app, cookie: String(login.headers['set-cookie']).split(';')[0]! };
}
