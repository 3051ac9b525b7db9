// The state machine's guard on both entity engines: of many workers racing to move one domain from
// pending to purchasing exactly one wins (so exactly one may call the registrar), each change keeps its
// history row with time and error, and a transition from the wrong status changes nothing.
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { eq } from 'drizzle-orm';
import { describeWithRealEngine } from '../testing/real-engines';
import { createTemporaryDatabase } from '../testing/temporary-database';
import type { Entities } from '../db/entities';
// The store starts from the migrated template: what these tests check begins after a store's first opening.
import { openEntities } from '../testing/open-test-entities';
import { domains, domainTransitions } from '../db/schema';
import { findDomain, listDomainTransitions, recordDomainProgress, transitionDomain } from './domain-state';

function domainStateContract(open: () => Promise<{ entities: Entities; close: () => Promise<void> }>) {
  let entities: Entities;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ entities, close } = await open());
  }, 60_000);
  afterAll(() => close());

  test('of ten racing claims on a pending domain exactly one wins, and one transition is recorded', async () => {
    const db = entities.db;
    const [row] = await db.insert(domains).values({ domain: 'race.xyz' }).returning();
    const claims = await Promise.all(Array.from({ length: 10 }, () => transitionDomain(db, row!.id, { from: ['pending'], to: 'purchasing' })));
    expect(claims.filter(Boolean)).toHaveLength(1);
    expect((await findDomain(db, row!.id))?.status).toBe('purchasing');
    const history = await listDomainTransitions(db, [row!.id]);
    expect(history.map((t) => [t.fromStatus, t.toStatus])).toEqual([['pending', 'purchasing']]);
  });

  test('a failure keeps its error on the domain and in the history; the next success clears it', async () => {
    const db = entities.db;
    const [row] = await db.insert(domains).values({ domain: 'errors.xyz', status: 'configuring_dns' }).returning();
    const failed = await transitionDomain(db, row!.id, { from: ['configuring_dns'], to: 'dns_failed', error: 'Cloudflare: DNS Validation Error (1004)' });
    expect(failed).toMatchObject({ status: 'dns_failed', errorMessage: 'Cloudflare: DNS Validation Error (1004)' });
    await transitionDomain(db, row!.id, { from: ['dns_failed'], to: 'configuring_dns' });
    const active = await transitionDomain(db, row!.id, { from: ['configuring_dns'], to: 'active', set: { configuredAt: new Date() } });
    expect(active).toMatchObject({ status: 'active', errorMessage: null });
    const history = await listDomainTransitions(db, [row!.id]);
    expect(history.map((t) => [t.toStatus, t.error])).toEqual([
      ['dns_failed', 'Cloudflare: DNS Validation Error (1004)'],
      ['configuring_dns', null],
      ['active', null],
    ]);
    expect(history.every((t) => t.at instanceof Date && Date.now() - t.at.getTime() < 60_000)).toBe(true);
  });

  test('a transition from a status the domain is not in changes and records nothing', async () => {
    const db = entities.db;
    const [row] = await db.insert(domains).values({ domain: 'wrong.xyz', status: 'active' }).returning();
    expect(await transitionDomain(db, row!.id, { from: ['pending'], to: 'purchasing' })).toBeNull();
    expect(await transitionDomain(db, 987_654, { from: ['pending'], to: 'purchasing' })).toBeNull();
    await recordDomainProgress(db, row!.id, { cloudflareZoneId: 'zone-1' });
    expect(await findDomain(db, row!.id)).toMatchObject({ status: 'active', cloudflareZoneId: 'zone-1' });
    expect(await db.select().from(domainTransitions).where(eq(domainTransitions.domainId, row!.id))).toEqual([]);
  });
}

describe('domain state on PGlite', () => {
  domainStateContract(async () => {
    const entities = await openEntities({ pgliteDir: 'memory://' });
    return { entities, close: () => entities.close() };
  });
});

describeWithRealEngine('DATABASE_URL', 'domain state on PostgreSQL', (serverUrl) => {
  domainStateContract(async () => {
    const temporary = await createTemporaryDatabase(serverUrl);
    const entities = await openEntities({ databaseUrl: temporary.url });
    return {
      entities,
      close: async () => {
        await entities.close();
        await temporary.drop();
      },
    };
  });
});
