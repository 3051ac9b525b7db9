import { describe, expect, test } from '@jest/globals';
import { makeEvent } from '@tracker/core';
import { CLICK_ROW, chTime, clickFactOf, dimensionColumns } from './analytics-rows';
import { deriveClickAudience } from '@tracker/core/click-audience';

describe('chTime', () => {
  test("is ClickHouse's DateTime64(3) text of the instant, across seconds, days and every width of milliseconds", () => {
    const start = Date.UTC(2026, 10, 30, 23, 59, 58, 0);
    const instants = [0, 5, 50, 999, 1000, 1001, 1999, 2000, 2007, 61_042, 86_400_123, 3, 999].map((ms) => start + ms);
    for (const at of instants) expect(chTime(at)).toBe(new Date(at).toISOString().replace('T', ' ').replace('Z', ''));
  });
});

describe('CLICK_ROW', () => {
  const click = makeEvent('click', {
    campaignId: 'camp', landerId: null, offerId: 7, sparkId: 'spk', tiktokCampaignId: 'tc', tiktokAdGroupId: 'tag',
    tiktokCreativeId: 'tcr', placement: 'feed', campaignName: 'Spring', adGroupName: 'Group', creativeName: 'Video', rule: 'iPhones',
    ttclid: 'ttc', ip: '8.8.8.8', userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148',
    referrer: 'https://ref', bot: '',
  }, { at: Date.UTC(2026, 3, 1, 10, 20, 30, 45) });
  const values = CLICK_ROW.values(click, { partition: 2, offset: 9 });

  test('values stand in the order of its columns: the dimensions, then the audience derived from IP and user agent', () => {
    const audience = deriveClickAudience(click.data.ip, click.data.userAgent);
    expect(Object.fromEntries(CLICK_ROW.columns.map((c, i) => [c, values[i]]))).toEqual({
      click_id: click.id, clicked_at: '2026-04-01 10:20:30.045', ...dimensionColumns(click.data), ...audience,
      ttclid: 'ttc', ip: '8.8.8.8', user_agent: click.data.userAgent, referrer: 'https://ref', bot: '', log_partition: 2, log_offset: 9,
    });
    expect(audience.os).toBe('iOS');
    expect(values[CLICK_ROW.columns.indexOf('rule')]).toBe('iPhones');
  });

  test('clickFactOf reads the rollup columns from their positions', () => {
    const row = Object.fromEntries(CLICK_ROW.columns.map((c, i) => [c, values[i]]));
    const fact = clickFactOf(values);
    for (const [column, value] of Object.entries(fact)) expect([column, value]).toEqual([column, row[column]]);
    expect(Object.keys(fact)).toHaveLength(18);
    expect(fact.rule).toBe('iPhones');
  });
});
