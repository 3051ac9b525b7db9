// A postback's identifying values are taken exactly as sent or refused with a 400,
// never cut, stripped or merged; a refused postback records nothing.
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { desc, eq } from 'drizzle-orm';
import { schema } from '@tracker/core';
import { FOREIGN_CLICK_ID_MESSAGE, type ConversionEvent } from '@tracker/schemas';
import { startIngestHarness, type IngestHarness } from './testing/ingest-harness';

let h: IngestHarness;
let key = '';

const postback = (query: Record<string, string | string[]>) =>
  h.call({ method: 'GET', url: '/postback', query: { key, ...query } });

async function lastConversion(): Promise<ConversionEvent['data']> {
  const events = (await h.published()).filter((e): e is ConversionEvent => e.type === 'conversion');
  return events.at(-1)!.data;
}

const valid = { transaction_id: 'tx-1', click_id: '0193a1b2-c3d4-7e5f-8a9b-000000000001', payout: '12.50' };

beforeAll(async () => {
  h = await startIngestHarness();
  key = h.ingest.catalog.current.postbackKey;
});
afterAll(async () => {
  await h?.close();
});

describe('refused, with a message, and nothing recorded', () => {
  test.each<[string, Record<string, string | string[]>, RegExp]>([
    ['a transaction id over 200 characters', { transaction_id: 'a'.repeat(201) }, /transaction_id must be at most 200 characters/],
    ['a transaction id with a NUL', { transaction_id: 'tx\u0000a' }, /transaction_id must not contain control characters/],
    ['a transaction id with a newline', { transaction_id: 'tx\na' }, /transaction_id must not contain control characters/],
    ['two different transaction ids', { transaction_id: ['tx-a', 'tx-b'] }, /transaction_id is given more than once/],
    ['a click id over 100 characters', { click_id: 'c'.repeat(101) }, /click_id must be at most 100 characters/],
    ['a click id with a control character', { click_id: 'abc\u0007' }, /click_id must not contain control characters/],
    ['two different click ids', { click_id: ['c1', 'c2'] }, /click_id is given more than once/],
    ['a payout with a NUL inside', { payout: '1\u00002' }, /payout must be/],
    ['two different payouts', { payout: ['1', '100'] }, /payout is given more than once/],
    ['a status with a control character', { status: 'appr\u0000oved' }, /status must be one of/],
    ['an offer id over 200 characters', { offer_id: 'o'.repeat(201) }, /offer_id must be at most 200 characters/],
    ['an offer id with a tab', { offer_id: 'o\t1' }, /offer_id must not contain control characters/],
    ['an offer name over 500 characters', { offer_name: 'n'.repeat(501) }, /offer_name must be at most 500 characters/],
    ['two different offer names', { offer_name: ['A', 'B'] }, /offer_name is given more than once/],
  ])('%s', async (_name, change, message) => {
    const before = await h.recorded();
    const res = await postback({ ...valid, ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: expect.stringMatching(message) });
    expect(await h.recorded()).toBe(before);
  });

  test('two ids that share their first 200 characters are both refused, never merged', async () => {
    const before = await h.recorded();
    for (const tail of ['-first', '-second']) {
      expect((await postback({ ...valid, transaction_id: 'x'.repeat(200) + tail })).statusCode).toBe(400);
    }
    expect(await h.recorded()).toBe(before);
  });

  test('a key with a control character is not the key', async () => {
    const before = await h.recorded();
    expect((await postback({ ...valid, key: `${key}\u0000` })).statusCode).toBe(403);
    expect((await postback({ ...valid, key: [key, 'other'] })).statusCode).toBe(403);
    expect(await h.recorded()).toBe(before);
  });
});

describe('a click id that cannot be one of ours', () => {
  test.each(['abc123', 'Sub-ABC', '0193a1b2c3d47e5f8a9b000000000001', '0193a1b2-c3d4-7e5f-8a9b-00000000000g'])(
    '%s is a 400 saying the integration is wrong, kept in the conversion log as refused, never recorded as a conversion',
    async (clickId) => {
      const before = await h.recorded();
      const transactionId = `tx-foreign-${clickId}`;
      const res = await postback({ ...valid, transaction_id: transactionId, click_id: clickId, status: 'pending' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: FOREIGN_CLICK_ID_MESSAGE });
      // Never in the event log: never parked, counted or sent to a pixel.
      expect(await h.recorded()).toBe(before);
      const [logged] = await h.entities.db
        .select()
        .from(schema.conversionRevisions)
        .orderBy(desc(schema.conversionRevisions.receivedAt))
        .limit(1);
      expect(logged).toMatchObject({ transactionId, clickId, outcome: 'refused', status: 'pending', payout: '12.50', rows: [], attributed: null, campaignId: null });
    },
  );

  test('a click id of ours never seen is accepted (it waits for its click, then counts as No click)', async () => {
    const unseen = '0193a1b2-c3d4-7e5f-8a9b-0000000000ff';
    expect((await postback({ ...valid, transaction_id: 'tx-unseen', click_id: unseen })).statusCode).toBe(200);
    expect(await lastConversion()).toMatchObject({ transactionId: 'tx-unseen', clickId: unseen });
  });
});

test('a HEAD (a link checker, a preview) records no conversion', async () => {
  const before = await h.recorded();
  const res = await h.call({ method: 'HEAD', url: '/postback', query: { key, ...valid, transaction_id: 'tx-head' } });
  expect(res.statusCode).toBe(405);
  expect(res.headers.allow).toBe('GET');
  expect(await h.recorded()).toBe(before);
});

describe('accepted values are recorded exactly as sent', () => {
  test('a 200-character transaction id, non-ASCII and inner spaces included, is kept whole', async () => {
    const id = `${'ü'.repeat(190)} tx  end`;
    expect((await postback({ ...valid, transaction_id: id })).statusCode).toBe(200);
    expect((await lastConversion()).transactionId).toBe(id);
  });

  test('ids differing only in case or surrounding spaces stay different', async () => {
    expect((await postback({ ...valid, transaction_id: 'TX-Case' })).statusCode).toBe(200);
    expect(await lastConversion()).toMatchObject({ transactionId: 'TX-Case', clickId: valid.click_id });
    expect((await postback({ ...valid, transaction_id: ' tx-case ' })).statusCode).toBe(200);
    expect((await lastConversion()).transactionId).toBe(' tx-case ');
  });

  test("a tracker click id in upper case is the same click (UUIDs ignore case)", async () => {
    expect((await postback({ ...valid, transaction_id: 'tx-upper', click_id: valid.click_id.toUpperCase() })).statusCode).toBe(200);
    expect((await lastConversion()).clickId).toBe(valid.click_id);
  });

  test('a parameter repeated with the same value is that value; offer fields are kept whole', async () => {
    const res = await postback({
      ...valid,
      transaction_id: ['tx-twice', 'tx-twice'],
      offer_id: 'o'.repeat(200),
      offer_name: 'Ñame '.repeat(100),
      status: 'Pending',
    });
    expect(res.statusCode).toBe(200);
    expect(await lastConversion()).toMatchObject({
      transactionId: 'tx-twice',
      offerId: 'o'.repeat(200),
      offerName: 'Ñame '.repeat(100),
      status: 'pending',
      payout: '12.50',
    });
  });
});

describe("a postback without a payout pays its click's offer's default payout", () => {
  let paidClick = '';
  let unpaidClick = '';
  let noOfferClick = '';

  beforeAll(async () => {
    const db = h.entities.db;
    const [lander] = await db.insert(schema.landers).values({ name: 'L', url: 'https://l.example/' }).returning();
    const [paid] = await db.insert(schema.offers).values({ name: 'Paid', url: 'https://paid.example/', defaultPayout: '4.25' }).returning();
    const [unpaid] = await db.insert(schema.offers).values({ name: 'Unpaid', url: 'https://unpaid.example/' }).returning();
    await db.insert(schema.campaigns).values([
      { id: 'paidOffer001', name: 'Paid', landerId: lander!.id, offerId: paid!.id },
      { id: 'unpaidOffer1', name: 'Unpaid', landerId: lander!.id, offerId: unpaid!.id },
      { id: 'noOffer00001', name: 'None', landerId: lander!.id },
    ]);
    await h.ingest.catalog.reload();
    const clickOn = async (campaign: string) =>
      new URL(String((await h.call({ method: 'GET', url: `/r/${campaign}` })).headers.location)).searchParams.get('clickId')!;
    [paidClick, unpaidClick, noOfferClick] = [await clickOn('paidOffer001'), await clickOn('unpaidOffer1'), await clickOn('noOffer00001')];
  });

  test('the default payout is recorded, as its exact text', async () => {
    for (const payout of [undefined, '', '{payout}']) {
      const transaction_id = `tx-default-${payout ?? 'none'}`;
      const res = await postback({ transaction_id, click_id: paidClick, ...(payout === undefined ? {} : { payout }) });
      expect(res.statusCode).toBe(200);
      expect(await lastConversion()).toMatchObject({ transactionId: transaction_id, clickId: paidClick, payout: '4.25' });
    }
  });

  test('a payout that is sent wins over the default', async () => {
    expect((await postback({ transaction_id: 'tx-sent', click_id: paidClick, payout: '9' })).statusCode).toBe(200);
    expect(await lastConversion()).toMatchObject({ transactionId: 'tx-sent', payout: '9.00' });
  });

  test("a changed default is what later postbacks pay (the catalog reloads it)", async () => {
    await h.entities.db.update(schema.offers).set({ defaultPayout: '5.00' }).where(eq(schema.offers.name, 'Paid'));
    await h.ingest.catalog.reload();
    expect((await postback({ transaction_id: 'tx-changed', click_id: paidClick })).statusCode).toBe(200);
    expect(await lastConversion()).toMatchObject({ transactionId: 'tx-changed', payout: '5.00' });
  });

  test.each([
    ['an offer without a default payout', () => unpaidClick],
    ['a campaign without an offer', () => noOfferClick],
    ['an unknown click', () => '0190a5c4-0000-7000-8000-00000000dead'],
  ])('still refused as before for %s, nothing recorded', async (_name, clickId) => {
    const before = await h.recorded();
    const res = await postback({ transaction_id: 'tx-refused', click_id: clickId() });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Missing required parameter: payout' });
    expect(await h.recorded()).toBe(before);
  });

  test('no click id and no payout: both named, as before', async () => {
    const res = await postback({ transaction_id: 'tx-none' });
    expect(res.json()).toEqual({ message: 'Missing required parameters: click_id, payout' });
  });
});
