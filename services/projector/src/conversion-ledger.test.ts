// The ledger decides a whole batch in a few statements: what it returns and stores must be exactly what
// deciding the same events one at a time gives, also when a batch creates a transaction and revises it.
import { afterAll, afterEach, beforeAll, describe, expect, test } from '@jest/globals';
import { sql } from 'drizzle-orm';
import { makeEvent, newEventId, saveEcbRates, schema, type Entities } from '@tracker/core';
import { createTemporaryDatabase, describeWithRealEngine, openEntities } from '@tracker/core/testing';
import type { PostbackStatus } from '@tracker/schemas';
import { ROWS_PER_STATEMENT } from './bounded-statements';
import { reviseConversions, type PendingConversion } from './conversion-ledger';

const click = {
  clickedAt: Date.UTC(2026, 0, 5, 10), campaignId: 'cmpLedger', landerId: 3, offerId: 4, sparkId: '', tiktokCampaignId: 'tt-1',
  tiktokAdGroupId: 'ag', tiktokCreativeId: 'cr', placement: 'feed', campaignName: 'C', adGroupName: 'A', creativeName: 'R',
  rule: 'Feed in DE', ttclid: '', ip: '1.2.3.4', userAgent: 'UA',
};

let offset = 0;
function conversion(
  transactionId: string,
  status: PostbackStatus,
  payout: string,
  options: { at?: number; clickId?: string; offerId?: number | null } = {},
): PendingConversion {
  const event = makeEvent('conversion', {
    transactionId, clickId: options.clickId ?? newEventId(), payout, offerId: 'o', offerName: 'Offer', status, source: 'postback', ip: '1.2.3.4',
  });
  return {
    event: options.at === undefined ? event : { ...event, at: options.at },
    at: { partition: 0, offset: offset++ },
    click: options.offerId === undefined ? click : { ...click, offerId: options.offerId },
  };
}

/** What a caller sees of a batch: each event's rows (without its own id), and the ledger afterwards. */
async function outcome(entities: Entities, batches: PendingConversion[][]) {
  const revisions = [];
  for (const batch of batches) revisions.push(...(await reviseConversions(entities.db, batch)).revisions);
  const ledger = await entities.db
    .select({ transactionId: schema.postbackConversions.transactionId, status: schema.postbackConversions.status,
      payout: schema.postbackConversions.payout, clickId: schema.postbackConversions.clickId, metadata: schema.postbackConversions.metadata })
    .from(schema.postbackConversions)
    .orderBy(schema.postbackConversions.transactionId);
  return {
    revisions: revisions.map((r) => ({ event: r.event.id, rows: r.rows, becameApproved: r.becameApproved, campaignId: r.campaignId })),
    ledger,
  };
}

function ledgerContract(open: () => Promise<Entities>) {
  const opened: Entities[] = [];
  const fresh = async () => {
    const entities = await open();
    opened.push(entities);
    return entities;
  };
  afterEach(async () => {
    for (const entities of opened.splice(0)) await entities.close();
  });

  test('a batch that creates transactions and revises them gives what one event at a time gives', async () => {
    const events = [
      conversion('tx-a', 'pending', '1.00'),
      conversion('tx-a', 'approved', '1.00'),
      conversion('tx-a', 'approved', '1.00'),
      conversion('tx-b', 'approved', '2.00'),
      conversion('tx-b', 'approved', '3.50'),
      conversion('tx-a', 'rejected', '1.00'),
    ];
    const whole = await outcome(await fresh(), [events]);
    const oneByOne = await outcome(await fresh(), events.map((e) => [e]));
    expect(whole).toEqual(oneByOne);
    expect(whole.revisions.map((r) => r.rows.map((row) => `${row.sign > 0 ? '+' : '-'}${row.status} ${row.payout}`))).toEqual([
      ['+pending 1.00'],
      ['-pending 1.00', '+approved 1.00'],
      [],
      ['+approved 2.00'],
      ['-approved 2.00', '+approved 3.50'],
      ['-approved 1.00', '+rejected 1.00'],
    ]);
    expect(whole.revisions.map((r) => r.becameApproved)).toEqual([false, true, false, true, false, false]);
    // Every row, the undoing ones included, carries the click's flow rule.
    expect(new Set(whole.revisions.flatMap((r) => r.rows.map((row) => row.rule)))).toEqual(new Set(['Feed in DE']));
    expect(whole.ledger.map((l) => [l.transactionId, l.status, l.payout])).toEqual([
      ['tx-a', 'rejected', '1.00'],
      ['tx-b', 'approved', '3.50'],
    ]);
  }, 180_000); // two fresh entity stores, each migrated: slow on a loaded 2-core machine

  test('a transaction stored before conversions carried their rule is revised as the default path', async () => {
    const entities = await fresh();
    await reviseConversions(entities.db, [conversion('tx-old', 'pending', '5.00')]);
    await entities.db.update(schema.postbackConversions).set({ metadata: sql`${schema.postbackConversions.metadata} #- '{lastRow,rule}'` });
    const [revision] = (await reviseConversions(entities.db, [conversion('tx-old', 'approved', '5.00')])).revisions;
    // The -1 row repeats the stored one (its column left out is stored as ''); the +1 row says '' itself.
    expect(revision!.rows.map((r) => [r.sign, r.rule])).toEqual([[-1, undefined], [1, '']]);
  }, 180_000);

  test('a batch larger than a statement revises stored transactions, and a re-sent batch writes nothing new', async () => {
    const entities = await fresh();
    const count = ROWS_PER_STATEMENT * 2 + 7;
    const ids = Array.from({ length: count }, (_, i) => `tx-${String(i).padStart(4, '0')}`);
    const pending = ids.map((id) => conversion(id, 'pending', '4.20'));
    const approved = ids.map((id) => conversion(id, 'approved', '4.20'));
    await reviseConversions(entities.db, pending);
    const { revisions: revised } = await reviseConversions(entities.db, approved);
    expect(revised.every((r) => r.becameApproved && r.rows.length === 2 && r.campaignId === 'cmpLedger')).toBe(true);

    const again = await outcome(entities, [approved]);
    expect(again.revisions.map((r) => r.rows)).toEqual(revised.map((r) => r.rows));
    expect(new Set(again.ledger.map((l) => l.status))).toEqual(new Set(['approved']));
    expect(again.ledger).toHaveLength(count);
    // The same events at other log positions are second copies: already counted, so no rows at all.
    const copies = approved.map((p) => ({ ...p, at: { partition: 0, offset: p.at.offset + 100_000 } }));
    expect(await reviseConversions(entities.db, copies)).toEqual({ revisions: [], waiting: [] });
  }, 180_000);

  test("an offer paying in EUR: converted at its first postback's UTC day rate, revised at that same rate, waiting while the day's rate is unknown", async () => {
    const entities = await fresh();
    const db = entities.db;
    const [eurOffer] = await db.insert(schema.offers).values({ name: 'Paid in euros', url: 'https://offer.example/', payoutCurrency: 'EUR' }).returning();
    // Monday and Tuesday published: 1 EUR = 1.10 USD, then 1.20.
    await saveEcbRates(db, [
      { day: '2026-01-05', rates: { USD: '1.10', JPY: '160' } },
      { day: '2026-01-06', rates: { USD: '1.20', JPY: '170' } },
    ]);
    const monday = Date.UTC(2026, 0, 5, 23, 59);
    const tuesday = Date.UTC(2026, 0, 6, 9);
    const wednesday = Date.UTC(2026, 0, 7, 9);
    const inEuros = { offerId: eurOffer!.id };

    const first = await reviseConversions(db, [
      conversion('tx-eur', 'pending', '10.00', { ...inEuros, at: monday }),
      // A click of an offer without a payout currency: its payout is in the workspace currency, as before.
      conversion('tx-usd', 'approved', '7.00', { at: monday }),
    ]);
    expect(first.waiting).toEqual([]);
    expect(first.revisions.map((r) => r.rows.map((row) => `${row.sign} ${row.payout}`))).toEqual([['1 11.00'], ['1 7.00']]);

    // Revised on Tuesday (rate 1.20): still Monday's rate, so 20 EUR is 22.00, not 24.00.
    const revised = await reviseConversions(db, [conversion('tx-eur', 'approved', '20.00', { ...inEuros, at: tuesday })]);
    expect(revised.revisions[0]!.rows.map((row) => `${row.sign} ${row.status} ${row.payout}`)).toEqual(['-1 pending 11.00', '1 approved 22.00']);
    expect(revised.revisions[0]!.becameApproved).toBe(true);

    // Wednesday is not published yet: the conversion waits, and the click's later event waits behind it.
    const clickId = newEventId();
    const wednesdays = [
      conversion('tx-wed', 'pending', '5.00', { ...inEuros, at: wednesday, clickId }),
      conversion('tx-wed', 'approved', '5.00', { ...inEuros, at: wednesday + 1000, clickId }),
      conversion('tx-wed-usd', 'approved', '3.00', { at: wednesday }),
    ];
    const early = await reviseConversions(db, wednesdays);
    expect(early.waiting.map((w) => [w.pending.event.data.transactionId, w.currency, w.day])).toEqual([
      ['tx-wed', 'EUR', '2026-01-07'],
      ['tx-wed', 'EUR', '2026-01-07'],
    ]);
    expect(early.revisions.map((r) => r.event.data.transactionId)).toEqual(['tx-wed-usd']);
    await saveEcbRates(db, [{ day: '2026-01-07', rates: { USD: '1.25', JPY: '171' } }]);
    const late = await reviseConversions(db, wednesdays.slice(0, 2));
    expect(late.waiting).toEqual([]);
    expect(late.revisions.map((r) => r.rows.map((row) => `${row.sign} ${row.status} ${row.payout}`))).toEqual([
      ['1 pending 6.25'],
      ['-1 pending 6.25', '1 approved 6.25'],
    ]);

    const ledger = await db
      .select({
        transactionId: schema.postbackConversions.transactionId,
        payout: schema.postbackConversions.payout,
        payoutCurrency: schema.postbackConversions.payoutCurrency,
        originalPayout: schema.postbackConversions.originalPayout,
        originalCurrency: schema.postbackConversions.originalCurrency,
        fxRate: schema.postbackConversions.fxRate,
        fxRateDay: schema.postbackConversions.fxRateDay,
      })
      .from(schema.postbackConversions)
      .orderBy(schema.postbackConversions.transactionId);
    expect(ledger.map((l) => ({ ...l, fxRate: l.fxRate && Number(l.fxRate) }))).toEqual([
      { transactionId: 'tx-eur', payout: '22.00', payoutCurrency: 'USD', originalPayout: '20.00', originalCurrency: 'EUR', fxRate: 1.1, fxRateDay: '2026-01-05' },
      { transactionId: 'tx-usd', payout: '7.00', payoutCurrency: 'USD', originalPayout: null, originalCurrency: null, fxRate: null, fxRateDay: null },
      { transactionId: 'tx-wed', payout: '6.25', payoutCurrency: 'USD', originalPayout: '5.00', originalCurrency: 'EUR', fxRate: 1.25, fxRateDay: '2026-01-07' },
      { transactionId: 'tx-wed-usd', payout: '3.00', payoutCurrency: 'USD', originalPayout: null, originalCurrency: null, fxRate: null, fxRateDay: null },
    ]);
    // The conversion log names the currency a payout was received in when it is not the workspace's.
    const log = await db
      .select({ transactionId: schema.conversionRevisions.transactionId, payout: schema.conversionRevisions.payout, currency: schema.conversionRevisions.payoutCurrency })
      .from(schema.conversionRevisions)
      .where(sql`${schema.conversionRevisions.transactionId} IN ('tx-eur', 'tx-usd')`)
      .orderBy(schema.conversionRevisions.receivedAt);
    expect(log).toEqual([
      { transactionId: 'tx-eur', payout: '10.00', currency: 'EUR' },
      { transactionId: 'tx-usd', payout: '7.00', currency: null },
      { transactionId: 'tx-eur', payout: '20.00', currency: 'EUR' },
    ]);

    // A workspace in yen: a euro payout of a Tuesday converts at Tuesday's JPY per EUR, whole yen.
    await db.insert(schema.settings).values({ key: 'currency', value: 'JPY' });
    const yen = await reviseConversions(db, [conversion('tx-yen', 'approved', '12.34', { ...inEuros, at: tuesday })]);
    expect(yen.revisions[0]!.rows[0]!.payout).toBe('2098.00'); // 12.34 × 170 = 2097.8 → 2098
  }, 180_000);
}

describe('conversion ledger [embedded: PGlite]', () => {
  ledgerContract(() => openEntities({ pgliteDir: 'memory://' }));
});

describeWithRealEngine('DATABASE_URL', 'conversion ledger', (url) => {
  let database: Awaited<ReturnType<typeof createTemporaryDatabase>>;
  beforeAll(async () => {
    database = await createTemporaryDatabase(url);
  });
  afterAll(async () => {
    await database.drop();
  });
  ledgerContract(async () => {
    const entities = await openEntities({ databaseUrl: database.url });
    await entities.db.delete(schema.conversionRevisions);
    await entities.db.delete(schema.postbackConversions);
    await entities.db.delete(schema.fxRates);
    await entities.db.delete(schema.settings);
    await entities.db.delete(schema.offers);
    return entities;
  });
});
