// A click's country, device, OS and browser as the projector writes them on its row: from the bundled
// GeoLite2 country data and ua-parser-js, '' where the IP or user agent says nothing.
import { describe, expect, test } from '@jest/globals';
import type { ClickEvent } from '@tracker/schemas';
import { clickRow } from './analytics-rows';
import { deriveClickAudience } from './click-audience';

const TIKTOK_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 musical_ly_34.1.0 JsSdk/2.0';
const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36';
const WINDOWS_CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';
const IPAD_SAFARI =
  'Mozilla/5.0 (iPad; CPU OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';

describe('deriveClickAudience', () => {
  test.each([
    ['8.8.8.8', TIKTOK_IPHONE, { country: 'US', device: 'Mobile', os: 'iOS', browser: 'TikTok' }],
    ['::ffff:81.2.69.142', ANDROID_CHROME, { country: 'GB', device: 'Mobile', os: 'Android', browser: 'Chrome' }],
    ['2a00:1450:4001::1', WINDOWS_CHROME, { country: 'DE', device: 'Desktop', os: 'Windows', browser: 'Chrome' }],
    ['200.160.2.3', IPAD_SAFARI, { country: 'BR', device: 'Tablet', os: 'iOS', browser: 'Mobile Safari' }],
  ])('%s with a known agent', (ip, ua, audience) => {
    expect(deriveClickAudience(ip, ua)).toEqual(audience);
  });

  test('private, malformed or missing addresses and agents are unknown, never an error', () => {
    expect(deriveClickAudience('10.0.0.1', '')).toEqual({ country: '', device: '', os: '', browser: '' });
    expect(deriveClickAudience('not an ip', 'curl/8.5.0')).toEqual({ country: '', device: '', os: '', browser: '' });
    expect(deriveClickAudience('', 'x'.repeat(5000))).toMatchObject({ country: '' });
  });
});

test('the click row carries the audience beside the IP and user agent it came from', () => {
  const event: ClickEvent = {
    id: '0190b4a0-0000-7000-8000-000000000001', type: 'click', v: 1, at: Date.UTC(2026, 3, 1),
    data: {
      campaignId: 'cmpA', landerId: null, offerId: null, sparkId: '', tiktokCampaignId: '', tiktokAdGroupId: '',
      tiktokCreativeId: '', placement: '', campaignName: '', adGroupName: '', creativeName: '',
      ttclid: '', ip: '8.8.8.8', userAgent: TIKTOK_IPHONE, referrer: '', bot: '',
    },
  };
  expect(clickRow(event, { partition: 0, offset: 7 })).toMatchObject({
    ip: '8.8.8.8', country: 'US', device: 'Mobile', os: 'iOS', browser: 'TikTok',
  });
});
