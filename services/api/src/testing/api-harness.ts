// Builds the API on a fresh entity store (a temporary PostgreSQL database when DATABASE_URL is set, as in CI;
// an in-memory PGlite otherwise: openScratchEntities) for route tests, with sign-in cookies for each role:
// anonymous, a user without the feature, a user with it, an admin. The analytics store is chDB in a
// temporary folder, opened (and migrated) on first use, so tests that never read it do not pay for it.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { createHttpServer, createLogger, schema, type Analytics, type Entities } from '@tracker/core';
import { openMigratedChdbAnalytics, openScratchEntities } from '@tracker/core/testing';
import type { Feature } from '@tracker/schemas';
import { registerApi, type ApiDeps } from '../api-plugin';
import { hashPassword } from '../auth/password';

export interface ApiHarness {
  app: FastifyInstance;
  entities: Entities;
  /** The analytics store the API reads (the one passed in, or the harness's own chDB). */
  analytics: Analytics;
  /** Creates a user of that role with those features, signs in, and returns its cookie header. */
  signIn(role: 'admin' | 'user', features?: Feature[]): Promise<string>;
  /** `app.inject` with an optional cookie. */
  call(options: InjectOptions & { cookie?: string }): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

const PASSWORD = 'harness-password';
/** The users the harness signs in carry a hash of scrypt's lowest sensible cost, and the API it builds hashes at that
 *  cost too (`passwordCost`: sign-up, new users, password changes, the check spent on unknown usernames): every
 *  sign-in still runs the real password check (the stored hash names its cost), in a few milliseconds instead of
 *  ~100 ms of CPU, and route tests sign in, and guess wrong, dozens of times per file. PASSWORD_COST, what `tracker`
 *  hashes at, is pinned by password.test.ts. */
export const FIXTURE_PASSWORD_COST = { N: 1024, r: 8, p: 1 };

/** chDB in a temporary folder, opened and migrated on the first call. chDB allows one open folder per
 *  process: a test file holds at most one harness store at a time and closes it in afterAll. */
export function lazyChdbAnalytics(): Analytics {
  let dir: string | undefined;
  let opening: Promise<Analytics> | undefined;
  const store = () =>
    (opening ??= (async () => {
      dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tracker-api-ch-'));
      return openMigratedChdbAnalytics(dir);
    })());
  return {
    kind: 'chdb',
    exec: async (sql, params) => (await store()).exec(sql, params),
    query: async (sql, params) => (await store()).query(sql, params),
    insert: async (table, rows, options) => (await store()).insert(table, rows, options),
    insertJsonLines: async (table, lines, options) => (await store()).insertJsonLines(table, lines, options),
    async close() {
      if (!opening) return;
      await (await opening).close();
      if (dir) fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** `entities`: run on this store (a real PostgreSQL suite) instead of a fresh one; the caller closes it. */
export async function createApiHarness(overrides: Partial<ApiDeps> = {}, options: { entities?: Entities } = {}): Promise<ApiHarness> {
  const entities = options.entities ?? (await openScratchEntities());
  const logger = createLogger('silent');
  const app = createHttpServer({ logger, trustProxy: false });
  const ownAnalytics = overrides.analytics ? undefined : lazyChdbAnalytics();
  const analytics = overrides.analytics ?? ownAnalytics!;
  await registerApi(app, {
    db: entities.db,
    analytics,
    changes: entities.changes,
    sessionSecret: 's'.repeat(32),
    secretsKey: Buffer.alloc(32, 7),
    tiktokApiUrl: 'http://127.0.0.1:9',
    logger,
    webDist: '/nonexistent',
    passwordCost: FIXTURE_PASSWORD_COST,
    ...overrides,
  });
  await app.ready();
  const hash = await hashPassword(PASSWORD, FIXTURE_PASSWORD_COST);

  return {
    app,
    entities,
    analytics,
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
      if (!options.entities) await entities.close();
      await ownAnalytics?.close();
    },
  };
}

/**
 * Counts the announcements on `channel` from now on. On PostgreSQL they come by LISTEN/NOTIFY, after the answer
 * that caused them (in PGlite, before it): `settle(n)` waits up to 5 s for n of them, and on PostgreSQL 200 ms
 * more for any beyond n, then stops listening and answers the count.
 */
export async function watchChanges(entities: Entities, channel: string): Promise<{ settle: (expected: number) => Promise<number> }> {
  let count = 0;
  const off = await entities.changes.on(channel, () => count++);
  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  return {
    async settle(expected) {
      const deadline = Date.now() + 5_000;
      while (count < expected && Date.now() < deadline) await pause(20);
      if (entities.kind === 'postgres') await pause(200);
      off();
      return count;
    },
  };
}
