// A drill-down and the same filter give the same clicks the same cents of split spend: the drill-down
// splits every row's spend as the flat report does for those clicks (one rounding path), so a campaign
// opened to US and then iOS shows what country=US&os=iOS shows for that campaign.
import { afterAll, beforeAll, expect, test } from '@jest/globals';
import { insertClicks, recordSpend, schema } from '@tracker/core';
import type { ReportResponse } from '@tracker/schemas';
import { createApiHarness, type ApiHarness } from '../testing/api-harness';
import { clickRow } from '../testing/fact-rows';

let h: ApiHarness;
let admin: string;
const RANGE = 'startDate=2026-07-01&endDate=2026-07-01';

async function report(query: string): Promise<ReportResponse> {
  const res = await h.call({ method: 'GET', url: `/api/reports?${RANGE}&${query}`, cookie: admin });
  expect(res.statusCode).toBe(200);
  return res.json() as ReportResponse;
}

beforeAll(async () => {
  h = await createApiHarness();
  admin = await h.signIn('admin');
  await h.entities.db.insert(schema.campaigns).values([{ id: 'cmpA', name: 'Campaign A' }, { id: 'cmpB', name: 'Campaign B' }]);
  const tt = { tiktok_campaign_id: 'tt-1' };
  // 0.50 over 4 visits: cmpA has one US iOS, one US Android and one DE click; cmpB one click.
  await insertClicks(h.analytics, [
    clickRow('a1', '2026-07-01 10:00:00.000', { ...tt, country: 'US', os: 'iOS' }),
    clickRow('a2', '2026-07-01 10:01:00.000', { ...tt, country: 'US', os: 'Android' }),
    clickRow('a3', '2026-07-01 10:02:00.000', { ...tt, country: 'DE', os: 'Windows' }),
    clickRow('b1', '2026-07-01 11:00:00.000', { ...tt, campaign_id: 'cmpB' }),
  ]);
  await recordSpend(h.entities.db, h.analytics, [{ date: '2026-07-01', tiktokCampaignId: 'tt-1', spend: '0.50' }]);
});
afterAll(() => h.close());

test('campaign → US → iOS and the filter country=US&os=iOS give cmpA the same spend', async () => {
  // Split level by level, the drill-down gave 0.12: cmpA 37.5 → 38 (tie to the smaller key), US 25.33 → 25,
  // iOS 12.5 → 12 (the tie to 'Android').
  const drilled = await report('groupBy=campaign&then=country&then2=os&parent=cmpA&parent2=US');
  // Filter: (cmpA, passes) 12.5 and (cmpB, fails) 12.5 tie for the odd cent, which goes to cmpA: 13.
  const filtered = await report('groupBy=campaign&country=US&os=iOS');
  expect(filtered.rows.find((r) => r.key === 'cmpA')!.spend).toBe('0.13');
  expect(drilled.rows.find((r) => r.key === 'iOS')!.spend).toBe('0.13');
  // And every level agrees with its filter: campaign → US is country=US, the opened rows are the totals.
  const us = await report('groupBy=campaign&then=country&parent=cmpA');
  const usFiltered = await report('groupBy=campaign&country=US');
  expect(us.rows.find((r) => r.key === 'US')!.spend).toBe(usFiltered.rows.find((r) => r.key === 'cmpA')!.spend);
  expect(drilled.totals.spend).toBe(us.rows.find((r) => r.key === 'US')!.spend);
});
