// Builds the API on a fresh in-memory PGlite for route tests, with sign-in cookies for each role:
// anonymous, a user without the feature, a user with it, an admin.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { createHttpServer, createLogger, schema } from '@tracker/core';
import { openEntities, type Entities } from '@tracker/core/src/db/entities';
import type { Feature } from '@tracker/schemas';
import { registerApi, type ApiDeps } from '../api-plugin';
import { hashPassword } from '../auth/password';

export interface ApiHarness {
  app: FastifyInstance;
  entities: Entities;
  /** Creates a user of that role with those features, signs in, and returns its cookie header. */
  signIn(role: 'admin' | 'user', features?: Feature[]): Promise<string>;
  /** `app.inject` with an optional cookie. */
  call(options: InjectOptions & { cookie?: string }): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

const PASSWORD = 'harness-password';

export async function createApiHarness(overrides: Partial<ApiDeps> = {}): Promise<ApiHarness> {
  const entities = await openEntities({ pgliteDir: 'memory://' });
  const logger = createLogger('silent');
  const app = createHttpServer({ logger, trustProxy: false });
  await registerApi(app, {
    db: entities.db,
    changes: entities.changes,
    sessionSecret: 's'.repeat(32),
    secretsKey: Buffer.alloc(32, 7),
    tiktokApiUrl: 'http://127.0.0.1:9',
    logger,
    webDist: '/nonexistent',
    ...overrides,
  });
  await app.ready();
  const hash = await hashPassword(PASSWORD);

  return {
    app,
    entities,
    async signIn(role, features = []) {
      const username = `${role}-${randomUUID().slice(0, 8)}`;
      const [user] = await entities.db.insert(schema.users).values({ username, password: hash, role }).returning();
      if (features.length > 0) {
        await entities.db.insert(schema.userPermissions).values(features.map((feature) => ({ userId: user!.id, feature })));
      }
      const res = await app.inject({ method: 'POST', url: '/api/login', payload: { username, password: PASSWORD } });
      if (res.statusCode !== 200) throw new Error(`harness sign-in failed: ${res.body}`);
      return String(res.headers['set-cookie']).split(';')[0]!;
    },
    call({ cookie, headers, ...options }) {
      return app.inject({ ...options, headers: { ...headers, ...(cookie ? { cookie } : {}) } });
    },
    async close() {
      await app.close();
      await entities.close();
    },
  };
}
