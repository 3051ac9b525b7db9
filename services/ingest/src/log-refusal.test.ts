// When neither the event log nor its spill takes an event (Kafka down and the spill's
// disk full), a postback answers 503 with Retry-After so the network sends it again, while /r and exits
// still send the visitor on and count the loss. The refusal is real: the harness's log is closed.
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { schema } from '@tracker/core';
import { startIngestHarness, type IngestHarness } from './testing/ingest-harness';

let h: IngestHarness;
let campaignId = '';
let clickId = '';

beforeAll(async () => {
  h = await startIngestHarness();
  const db = h.entities.db;
  const [lander] = await db.insert(schema.landers).values({ name: 'L', url: 'https://lander.example/' }).returning();
  const [offer] = await db.insert(schema.offers).values({ name: 'O', url: 'https://offer.example/', utmTemplate: '' }).returning();
  campaignId = 'cmp-refusal';
  await db.insert(schema.campaigns).values({ id: campaignId, name: campaignId, landerId: lander!.id, offerId: offer!.id });
  await h.ingest.catalog.reload();
  // A click recorded while the log still worked, so its exit can be tried once the log refuses.
  const recorded = await h.call({ method: 'GET', url: `/r/${campaignId}` });
  clickId = new URL(String(recorded.headers.location)).searchParams.get('clickId')!;
  await h.eventLog.close();
});
afterAll(async () => {
  await h?.close();
});

describe('the event log refuses every record', () => {
  test('a postback answers 503 with Retry-After and a message, so the network retries it', async () => {
    const key = h.ingest.catalog.current.postbackKey;
    const res = await h.call({
      method: 'GET',
      url: '/postback',
      query: { key, transaction_id: 'tx-refused', click_id: '0193a1b2-c3d4-7e5f-8a9b-000000000001', payout: '3.00' },
    });
    expect(res.statusCode).toBe(503);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(res.json()).toEqual({ message: expect.stringMatching(/could not be recorded/) });
    expect(h.ingest.stats).toMatchObject({ conversions: 0, refusedPostbacks: 1 });
  });

  test('/r still redirects to the lander and counts the lost click', async () => {
    const res = await h.call({ method: 'GET', url: `/r/${campaignId}` });
    expect(res.statusCode).toBe(302);
    expect(String(res.headers.location)).toMatch(/^https:\/\/lander\.example\/\?clickId=/);
    expect(h.ingest.stats).toMatchObject({ clicks: 1, unrecordedClicks: 1 });
  });

  test('an exit still goes on to the offer and counts the lost exit', async () => {
    const res = await h.call({ method: 'GET', url: '/click', query: { clickId } });
    expect(res.statusCode).toBe(302);
    expect(String(res.headers.location)).toMatch(/^https:\/\/offer\.example\//);
    expect(h.ingest.stats).toMatchObject({ exits: 0, unrecordedExits: 1 });
  });
});
