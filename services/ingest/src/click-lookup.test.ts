// Well-formed click ids nobody made cost the analytics store one lookup burst, not
// one per request; a click projected later is still found once its miss expires, and a click this
// process redirected is found at once whatever misses were cached.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { encodeEvent, makeEvent, migrateAnalytics, newEventId, type Analytics } from '@tracker/core';
import { openChdbAnalytics } from '@tracker/core/testing';
import { ClickLookup } from './click-lookup';

let dir: string;
let store: Analytics;
let lookups = 0;
/** The real store, counting the queries that reach it. */
let counted: Analytics;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const dimensions = {
  campaignId: 'cmp1',
  landerId: 1,
  offerId: 2,
  sparkId: '',
  tiktokCampaignId: '17',
  tiktokAdGroupId: '',
  tiktokCreativeId: '',
  placement: '',
  campaignName: '',
  adGroupName: '',
  creativeName: '',
  rule: 'Germany',
};

async function project(clickId: string) {
  await store.insert('click_index', [
    {
      click_id: clickId,
      clicked_at: Date.now(),
      campaign_id: 'cmp1',
      lander_id: 1,
      offer_id: 2,
      spark_id: '',
      tiktok_campaign_id: '17',
      tiktok_ad_group_id: '',
      tiktok_creative_id: '',
      placement: '',
      campaign_name: '',
      ad_group_name: '',
      creative_name: '',
      ttclid: '',
      ip: '',
      user_agent: '',
      rule: 'Germany',
    },
  ]);
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tracker-lookup-'));
  store = await openChdbAnalytics(path.join(dir, 'ch'));
  await migrateAnalytics(store);
  counted = {
    kind: store.kind,
    exec: (sql, params) => store.exec(sql, params),
    query: (sql, params) => {
      lookups++;
      return store.query(sql, params);
    },
    insert: (table, rows, options) => store.insert(table, rows, options),
    insertJsonLines: (table, lines, options) => store.insertJsonLines(table, lines, options),
    close: () => store.close(),
  };
});
afterAll(async () => {
  await store?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('ClickLookup', () => {
  test('an unknown id is looked up once (with its retries), then answered from memory while the miss lasts', async () => {
    const clicks = new ClickLookup(counted, { retries: 3, retryDelayMs: 1, missTtlMs: 60_000, cacheBytes: 1 << 20 });
    const id = newEventId();
    lookups = 0;
    expect(await clicks.find(id)).toBeNull();
    expect(lookups).toBe(4);
    for (let i = 0; i < 20; i++) expect(await clicks.find(id)).toBeNull();
    expect(lookups).toBe(4);
  });

  test('concurrent exits of one unknown id share one lookup', async () => {
    const clicks = new ClickLookup(counted, { retries: 3, retryDelayMs: 5, cacheBytes: 1 << 20 });
    const id = newEventId();
    lookups = 0;
    const answers = await Promise.all(Array.from({ length: 25 }, () => clicks.find(id)));
    expect(answers.every((a) => a === null)).toBe(true);
    expect(lookups).toBe(4);
  });

  test('a click projected after its miss was cached is found once the miss expires', async () => {
    const clicks = new ClickLookup(counted, { retries: 0, missTtlMs: 100, cacheBytes: 1 << 20 });
    const id = newEventId();
    expect(await clicks.find(id)).toBeNull();
    await project(id);
    await sleep(150);
    // With the rule that routed it, which its exit copies.
    expect(await clicks.find(id)).toMatchObject({ campaignId: 'cmp1', tiktokCampaignId: '17', rule: 'Germany' });
  });

  test('a click redirected here is found at once, even with a miss cached for its id', async () => {
    const clicks = new ClickLookup(counted, { retries: 0, missTtlMs: 60_000, cacheBytes: 1 << 20 });
    const id = newEventId();
    expect(await clicks.find(id)).toBeNull();
    const event = makeEvent('click', { ...dimensions, ttclid: '', ip: '', userAgent: '', referrer: '', bot: '' }, { id });
    clicks.remember(id, encodeEvent(event).value);
    lookups = 0;
    expect(await clicks.find(id)).toMatchObject({ campaignId: 'cmp1', rule: 'Germany' });
    expect(lookups).toBe(0);
  });

  test('misses are bounded: past the cap the oldest is forgotten and looked up again', async () => {
    const clicks = new ClickLookup(counted, { retries: 0, missTtlMs: 60_000, maxMisses: 2, cacheBytes: 1 << 20 });
    const ids = [newEventId(), newEventId(), newEventId()];
    for (const id of ids) await clicks.find(id);
    lookups = 0;
    await clicks.find(ids[2]!);
    expect(lookups).toBe(0);
    await clicks.find(ids[0]!);
    expect(lookups).toBe(1);
  });
});
