// What both entity engines must do alike: idempotent migrations, the spec's defaults and unique keys,
// set-null references, exact money, and all-or-nothing transactions.
import { afterAll, beforeAll, expect, test } from '@jest/globals';
import { eq, sql } from 'drizzle-orm';
import type { Entities } from './entities';
import * as schema from './schema';

export function entitiesContract(open: () => Promise<Entities>) {
  let entities: Entities;
  beforeAll(async () => {
    entities = await open();
  });
  afterAll(async () => {
    await entities.close();
  });

  test('migrations are idempotent: opening the same store again changes nothing', async () => {
    await entities.db.insert(schema.settings).values({ key: 'redirect_domain', value: 'trk.example.com' });
    await entities.close();
    entities = await open();
    const rows = await entities.db.select().from(schema.settings);
    expect(rows.map((r) => [r.key, r.value])).toEqual([['redirect_domain', 'trk.example.com']]);
  });

  test('defaults follow the spec', async () => {
    const db = entities.db;
    const [user] = await db.insert(schema.users).values({ username: 'buyer', password: 'x' }).returning();
    expect(user!.role).toBe('user');
    const [lander] = await db.insert(schema.landers).values({ name: 'L', url: 'https://l.example' }).returning();
    const [offer] = await db.insert(schema.offers).values({ name: 'O', url: 'https://o.example' }).returning();
    expect(offer!.utmTemplate).toBe(schema.DEFAULT_UTM_TEMPLATE);
    const [campaign] = await db
      .insert(schema.campaigns)
      .values({ id: 'cmp-defaults', name: 'C', landerId: lander!.id })
      .returning();
    expect(campaign!.defaultTiktokEvent).toBe('CompletePayment');
    expect(campaign!.bhToggle).toBe(false);
    const [conversion] = await db
      .insert(schema.postbackConversions)
      .values({ transactionId: 'tx-defaults', clickId: 'c1', payout: '1.00' })
      .returning();
    expect(conversion!.status).toBe('approved');
    const [domain] = await db.insert(schema.domains).values({ domain: 'defaults.xyz' }).returning();
    expect(domain!.status).toBe('pending');
  });

  test('unique keys refuse duplicates', async () => {
    const db = entities.db;
    await db.insert(schema.users).values({ username: 'unique-user', password: 'x' });
    await expect(db.insert(schema.users).values({ username: 'unique-user', password: 'y' })).rejects.toThrow();
    await db.insert(schema.tiktokSpend).values({ date: '2026-01-01', tiktokCampaignId: '17', spend: '1.00' });
    await expect(
      db.insert(schema.tiktokSpend).values({ date: '2026-01-01', tiktokCampaignId: '17', spend: '2.00' }),
    ).rejects.toThrow();
    const [u] = await db.select().from(schema.users).where(eq(schema.users.username, 'unique-user'));
    await db.insert(schema.userPermissions).values({ userId: u!.id, feature: 'campaigns' });
    await expect(db.insert(schema.userPermissions).values({ userId: u!.id, feature: 'campaigns' })).rejects.toThrow();
  });

  test('the ledger insert reports whether a transaction id was new', async () => {
    const db = entities.db;
    const insert = () =>
      db
        .insert(schema.postbackConversions)
        .values({ transactionId: 'tx-ledger', clickId: 'c9', payout: '12.34' })
        .onConflictDoNothing({ target: schema.postbackConversions.transactionId })
        .returning({ id: schema.postbackConversions.id });
    expect(await insert()).toHaveLength(1);
    expect(await insert()).toHaveLength(0);
  });

  test('deleting a lander, offer, domain, spark or pixel sets the campaign reference to null', async () => {
    const db = entities.db;
    const [lander] = await db.insert(schema.landers).values({ name: 'L2', url: 'https://l2.example' }).returning();
    const [offer] = await db.insert(schema.offers).values({ name: 'O2', url: 'https://o2.example' }).returning();
    const [domain] = await db.insert(schema.domains).values({ domain: 'setnull.xyz' }).returning();
    const [spark] = await db.insert(schema.sparks).values({ name: 'S', code: 'x', sparkId: 'spk-setnull' }).returning();
    const [pixel] = await db
      .insert(schema.tiktokPixels)
      .values({ name: 'P', pixelId: 'PX-SETNULL', accessToken: 'sealed' })
      .returning();
    await db.insert(schema.campaigns).values({
      id: 'cmp-setnull',
      name: 'C2',
      landerId: lander!.id,
      offerId: offer!.id,
      domainId: domain!.id,
      sparkId: spark!.id,
      tiktokPixelId: pixel!.id,
    });
    await db.delete(schema.landers).where(eq(schema.landers.id, lander!.id));
    await db.delete(schema.offers).where(eq(schema.offers.id, offer!.id));
    await db.delete(schema.domains).where(eq(schema.domains.id, domain!.id));
    await db.delete(schema.sparks).where(eq(schema.sparks.id, spark!.id));
    await db.delete(schema.tiktokPixels).where(eq(schema.tiktokPixels.id, pixel!.id));
    const [campaign] = await db.select().from(schema.campaigns).where(eq(schema.campaigns.id, 'cmp-setnull'));
    expect(campaign).toMatchObject({
      name: 'C2',
      landerId: null,
      offerId: null,
      domainId: null,
      sparkId: null,
      tiktokPixelId: null,
    });
  });

  test('money is exact numeric(10,2)', async () => {
    const db = entities.db;
    await db.insert(schema.postbackConversions).values([
      { transactionId: 'tx-m1', clickId: 'm', payout: '0.10' },
      { transactionId: 'tx-m2', clickId: 'm', payout: '0.20' },
    ]);
    const [row] = await db
      .select({ total: sql<string>`sum(${schema.postbackConversions.payout})::text` })
      .from(schema.postbackConversions)
      .where(eq(schema.postbackConversions.clickId, 'm'));
    expect(row!.total).toBe('0.30');
    await expect(
      db.insert(schema.postbackConversions).values({ transactionId: 'tx-m3', clickId: 'm', payout: '123456789.00' }),
    ).rejects.toThrow();
  });

  test('a failed transaction leaves nothing behind', async () => {
    const db = entities.db;
    await expect(
      db.transaction(async (tx) => {
        await tx.insert(schema.landers).values({ name: 'half-written', url: 'https://h.example' });
        await tx.insert(schema.users).values({ username: 'unique-user', password: 'dup' });
      }),
    ).rejects.toThrow();
    const rows = await db.select().from(schema.landers).where(eq(schema.landers.name, 'half-written'));
    expect(rows).toHaveLength(0);
  });
}

/** Change notifications reach a listener of the same store: in-process, or through PostgreSQL. */
export function changeFeedContract(open: () => Promise<Entities>) {
  test('a change notified by one store handle reaches the listeners of another', async () => {
    const writer = await open();
    const reader = await open();
    try {
      let heard = 0;
      const stop = await reader.changes.on('catalog', () => heard++);
      await reader.changes.notify('catalog');
      await writer.changes.notify('catalog');
      await writer.changes.notify('something-else');
      const deadline = Date.now() + 5000;
      const expected = writer.kind === 'postgres' ? 2 : 1;
      while (heard < expected && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      expect(heard).toBe(expected);
      stop();
      await writer.changes.notify('catalog');
      await new Promise((r) => setTimeout(r, 200));
      expect(heard).toBe(expected);
    } finally {
      await reader.close();
      await writer.close();
    }
  });
}
