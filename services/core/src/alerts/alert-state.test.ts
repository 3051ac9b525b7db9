// The alert state machine and its outbox on the entity store (PGlite, and PostgreSQL when DATABASE_URL is
// set): a key fires once and resolves once however often it is told; deliveries go to the channels taking
// the kind; a delivery is claimed by one sender only, and a sender that died gives its claim back once stale.
import { afterAll, beforeAll, beforeEach, describe, expect, test } from '@jest/globals';
import { eq } from 'drizzle-orm';
import { createTemporaryDatabase, describeWithRealEngine, openEntities } from '../testing';
import type { Entities } from '../db/entities';
import { alertDeliveries, alertEvents, alertStates, notificationChannels } from '../db/schema';
import { claimAlertDeliveries, releaseAlertDeliveries, settleAlertDelivery, STALE_CLAIM_MS } from './alert-deliveries';
import { describeDuration, recordAlertEvent, reconcileAlerts } from './alert-state';

const T0 = new Date('2026-04-01T10:00:00Z');
const at = (minutes: number) => new Date(T0.getTime() + minutes * 60_000);
const spend = (text = 'Last error: 401') => ({ state: 'firing' as const, key: 'spend-sync:1', kind: 'spend-sync', title: 'TikTok spend sync failing: Main', text });

async function addChannels(e: Entities) {
  return e.db
    .insert(notificationChannels)
    .values([
      { type: 'slack', name: 'Everything', secret: 'sealed', alertKinds: [] },
      { type: 'webhook', name: 'Spend only', url: 'https://203.0.113.1/', secret: 'sealed', alertKinds: ['spend-sync'] },
      { type: 'telegram', name: 'Domains only', chatId: '-100', secret: 'sealed', alertKinds: ['domain-inactive'] },
    ])
    .returning();
}

async function clear(e: Entities) {
  await e.db.delete(alertDeliveries);
  await e.db.delete(alertEvents);
  await e.db.delete(alertStates);
  await e.db.delete(notificationChannels);
}

function stateMachineSuite(open: () => Promise<Entities>) {
  let e: Entities;
  beforeAll(async () => {
    e = await open();
  });
  afterAll(() => e.close());
  beforeEach(() => clear(e));

  test('a key fires once, however often it is told; resolves once, saying for how long it fired; then may fire again', async () => {
    await addChannels(e);
    const first = await recordAlertEvent(e.db, spend(), at(0));
    expect(first).toMatchObject({ key: 'spend-sync:1', state: 'firing', deliveries: 2 });
    expect(await recordAlertEvent(e.db, spend(), at(5))).toBeNull();
    // Still firing with new words: kept for the firing list, not sent.
    expect(await recordAlertEvent(e.db, spend('Last error: 500'), at(10))).toBeNull();
    expect((await e.db.select().from(alertStates))[0]).toMatchObject({ state: 'firing', text: 'Last error: 500', since: at(0) });

    expect(await recordAlertEvent(e.db, { state: 'resolved', key: 'spend-sync:1' }, at(125))).toMatchObject({ state: 'resolved', deliveries: 2 });
    expect(await recordAlertEvent(e.db, { state: 'resolved', key: 'spend-sync:1' }, at(130))).toBeNull();
    expect(await recordAlertEvent(e.db, { state: 'resolved', key: 'never-fired' }, at(130))).toBeNull();
    expect(await recordAlertEvent(e.db, spend(), at(200))).toMatchObject({ state: 'firing' });

    const events = await e.db.select().from(alertEvents).orderBy(alertEvents.id);
    expect(events.map((ev) => [ev.state, ev.title, ev.text])).toEqual([
      ['firing', 'TikTok spend sync failing: Main', 'Last error: 401'],
      ['resolved', 'TikTok spend sync failing: Main', 'Back to normal after 2 h 5 min.'],
      ['firing', 'TikTok spend sync failing: Main', 'Last error: 401'],
    ]);
  });

  test('deliveries go to the channels taking every kind or this kind, one per channel per event', async () => {
    const [all, spendOnly, domainsOnly] = await addChannels(e);
    const fired = await recordAlertEvent(e.db, spend(), at(0));
    const domain = await recordAlertEvent(e.db, { state: 'firing', key: 'domain-inactive:4', kind: 'domain-inactive', title: 'd', text: 't' }, at(0));
    const rows = await e.db.select().from(alertDeliveries).orderBy(alertDeliveries.id);
    expect(rows.map((r) => [r.eventId, r.channelId, r.channelName, r.status])).toEqual([
      [fired!.eventId, all!.id, 'Everything', 'pending'],
      [fired!.eventId, spendOnly!.id, 'Spend only', 'pending'],
      [domain!.eventId, all!.id, 'Everything', 'pending'],
      [domain!.eventId, domainsOnly!.id, 'Domains only', 'pending'],
    ]);
  });

  test('reconcile: the answer fires; firing keys of the kind missing from it resolve; other kinds are left alone', async () => {
    await recordAlertEvent(e.db, { state: 'firing', key: 'domain-inactive:4', kind: 'domain-inactive', title: 'd', text: 't' }, at(0));
    const a = { key: 'spend-sync:1', kind: 'spend-sync', title: 'A', text: 'a' };
    const b = { key: 'spend-sync:2', kind: 'spend-sync', title: 'B', text: 'b' };
    expect((await reconcileAlerts(e.db, 'spend-sync', [a, b], at(1))).map((r) => [r.key, r.state])).toEqual([
      ['spend-sync:1', 'firing'],
      ['spend-sync:2', 'firing'],
    ]);
    expect(await reconcileAlerts(e.db, 'spend-sync', [a, b], at(2))).toEqual([]);
    expect((await reconcileAlerts(e.db, 'spend-sync', [b], at(3))).map((r) => [r.key, r.state])).toEqual([['spend-sync:1', 'resolved']]);
    expect((await e.db.select().from(alertStates).where(eq(alertStates.key, 'domain-inactive:4')))[0]!.state).toBe('firing');
    await expect(reconcileAlerts(e.db, 'spend-sync', [{ ...a, kind: 'projector-lag' }], at(4))).rejects.toThrow(/kind projector-lag/);
  });

  test('the outbox: one claim takes a delivery; settled sent, failed (pending again) or given up; released untried', async () => {
    await addChannels(e);
    await recordAlertEvent(e.db, spend(), at(0));
    const claimed = await claimAlertDeliveries(e.db, { now: at(1) });
    expect(claimed.map((c) => [c.channelName, c.attempts, c.event.key, c.event.state])).toEqual([
      ['Everything', 0, 'spend-sync:1', 'firing'],
      ['Spend only', 0, 'spend-sync:1', 'firing'],
    ]);
    expect(await claimAlertDeliveries(e.db, { now: at(2) })).toEqual([]);
    await settleAlertDelivery(e.db, claimed[0]!.id, { sent: true }, at(2));
    await settleAlertDelivery(e.db, claimed[1]!.id, { sent: false, error: 'Slack answered 500', final: false }, at(2));
    const again = await claimAlertDeliveries(e.db, { now: at(3) });
    expect(again.map((c) => [c.id, c.attempts])).toEqual([[claimed[1]!.id, 1]]);
    await releaseAlertDeliveries(e.db, [again[0]!.id]);
    const third = await claimAlertDeliveries(e.db, { now: at(4) });
    expect(third.map((c) => c.attempts)).toEqual([1]);
    await settleAlertDelivery(e.db, third[0]!.id, { sent: false, error: 'gone', final: true }, at(4));
    const rows = await e.db.select().from(alertDeliveries).orderBy(alertDeliveries.id);
    expect(rows.map((r) => [r.status, r.attempts, r.error, r.sentAt])).toEqual([
      ['sent', 1, null, at(2)],
      ['failed', 2, 'gone', null],
    ]);
  });

  test('a claim whose sender died is taken again once stale, not before', async () => {
    await addChannels(e);
    await recordAlertEvent(e.db, spend(), at(0));
    expect(await claimAlertDeliveries(e.db, { now: at(1) })).toHaveLength(2);
    expect(await claimAlertDeliveries(e.db, { now: new Date(at(1).getTime() + STALE_CLAIM_MS - 1000) })).toHaveLength(0);
    expect(await claimAlertDeliveries(e.db, { now: new Date(at(1).getTime() + STALE_CLAIM_MS + 1000) })).toHaveLength(2);
  });
}

describe('alert states on PGlite', () => {
  stateMachineSuite(() => openEntities({ pgliteDir: 'memory://' }));
});

test('describeDuration', () => {
  expect([30_000, 40 * 60_000, 125 * 60_000, 26 * 3_600_000 + 60_000].map(describeDuration)).toEqual(['less than a minute', '40 min', '2 h 5 min', '1 d 2 h']);
});

describeWithRealEngine('DATABASE_URL', 'alert states on PostgreSQL', (url) => {
  let database: { url: string; drop: () => Promise<void> };
  let other: Entities;
  let e: Entities;
  beforeAll(async () => {
    database = await createTemporaryDatabase(url);
    e = await openEntities({ databaseUrl: database.url });
    other = await openEntities({ databaseUrl: database.url });
  }, 60_000);
  afterAll(async () => {
    await other?.close();
    await e?.close();
    await database?.drop();
  });

  // Nested, so its store closes before the database is dropped.
  describe('the state machine', () => stateMachineSuite(() => openEntities({ databaseUrl: database.url })));

  test('two processes firing one new key at once record one event; claiming at once, they split the outbox', async () => {
    await clear(e);
    await addChannels(e);
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => recordAlertEvent((i % 2 ? other : e).db, spend(), at(0))));
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await e.db.select().from(alertEvents)).toHaveLength(1);
    for (let i = 0; i < 5; i++) await recordAlertEvent(e.db, { state: 'firing', key: `spend-sync:x${i}`, kind: 'spend-sync', title: 't', text: 't' }, at(1));
    const [mine, theirs] = await Promise.all([claimAlertDeliveries(e.db, { limit: 7, now: at(2) }), claimAlertDeliveries(other.db, { limit: 7, now: at(2) })]);
    const ids = [...mine, ...theirs].map((d) => d.id);
    expect(ids).toHaveLength(12);
    expect(new Set(ids).size).toBe(12);
  });
});
