// The ledger decides a whole batch in a few statements: what it returns and stores must be exactly what
// deciding the same events one at a time gives, also when a batch creates a transaction and revises it.
import { afterAll, afterEach, beforeAll, describe, expect, test } from '@jest/globals';
import { sql } from 'drizzle-orm';
import { makeEvent, newEventId, schema, type Entities } from '@tracker/core';
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
function conversion(transactionId: string, status: PostbackStatus, payout: string): PendingConversion {
  const event = makeEvent('conversion', {
    transactionId, clickId: newEventId(), payout, offerId: 'o', offerName: 'Offer', status, source: 'postback', ip: '1.2.3.4',
  });
  return { event, at: { partition: 0, offset: offset++ }, click };
}

/** What a caller sees of a batch: each event's rows (without its own id), and the ledger afterwards. */
async function outcome(entities: Entities, batches: PendingConversion[][]) {
  const revisions = [];
  for (const batch of batches) revisions.push(...(await reviseConversions(entities.db, batch)));
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
    const [revision] = await reviseConversions(entities.db, [conversion('tx-old', 'approved', '5.00')]);
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
    const revised = await reviseConversions(entities.db, approved);
    expect(revised.every((r) => r.becameApproved && r.rows.length === 2 && r.campaignId === 'cmpLedger')).toBe(true);

    const again = await outcome(entities, [approved]);
    expect(again.revisions.map((r) => r.rows)).toEqual(revised.map((r) => r.rows));
    expect(new Set(again.ledger.map((l) => l.status))).toEqual(new Set(['approved']));
    expect(again.ledger).toHaveLength(count);
    // The same events at other log positions are second copies: already counted, so no rows at all.
    const copies = approved.map((p) => ({ ...p, at: { partition: 0, offset: p.at.offset + 100_000 } }));
    expect(await reviseConversions(entities.db, copies)).toEqual([]);
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
    return entities;
  });
});
