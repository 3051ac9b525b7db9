// A click's country, device, OS and browser as the projector writes them on its row: from the bundled
// GeoLite2 country data and ua-parser-js, '' where the IP or user agent says nothing.
import { describe, expect, test } from '@jest/globals';
import type { ClickEvent } from '@tracker/schemas';
import { clickRow } from './analytics-rows';
import { deriveClickAudience } from '@tracker/core/click-audience';

const TIKTOK_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 musical_ly_34.1.0 JsSdk/2.0';
const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36';
const WINDOWS_CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';
// TikTok's Android app (global and Asian builds): a WebView ua-parser-js calls 'Chrome WebView'.
const TIKTOK_ANDROID =
  'Mozilla/5.0 (Linux; Android 13; SM-A536B Build/TP1A.220624.014; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/117.0.5938.60 Mobile Safari/537.36 musical_ly_2023105030 JsSdk/1.0 NetType/WIFI Channel/googleplay AppName/musical_ly app_version/31.5.3 ByteLocale/en ByteFullLocale/en Region/US BytedanceWebview/d8a21c6';
const TRILL_ANDROID =
  'Mozilla/5.0 (Linux; Android 12; SM-G991B Build/SP1A.210812.016; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/108.0.5359.128 Mobile Safari/537.36 trill_280203 JsSdk/1.0 NetType/WIFI Channel/googleplay AppName/trill app_version/28.2.3';
const BYTEDANCE_IOS =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 16_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 JsSdk/2.0 NetType/WIFI WKWebView/1 BytedanceWebview/d8a21c6';
const ANDROID_WEBVIEW =
  'Mozilla/5.0 (Linux; Android 13; Pixel 7 Build/TQ3A.230805.001; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/116.0.0.0 Mobile Safari/537.36';
const MAC_SAFARI =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15';
const IPAD_SAFARI =
  'Mozilla/5.0 (iPad; CPU OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';

describe('deriveClickAudience', () => {
  test.each([
    ['8.8.8.8', TIKTOK_IPHONE, { country: 'US', device: 'Mobile', os: 'iOS', browser: 'TikTok' }],
    ['::ffff:81.2.69.142', ANDROID_CHROME, { country: 'GB', device: 'Mobile', os: 'Android', browser: 'Chrome' }],
    ['2a00:1450:4001::1', WINDOWS_CHROME, { country: 'DE', device: 'Desktop', os: 'Windows', browser: 'Chrome' }],
    ['200.160.2.3', IPAD_SAFARI, { country: 'BR', device: 'Tablet', os: 'iOS', browser: 'Mobile Safari' }],
    ['8.8.8.8', TIKTOK_ANDROID, { country: 'US', device: 'Mobile', os: 'Android', browser: 'TikTok' }],
    ['8.8.8.8', TRILL_ANDROID, { country: 'US', device: 'Mobile', os: 'Android', browser: 'TikTok' }],
    ['8.8.8.8', BYTEDANCE_IOS, { country: 'US', device: 'Mobile', os: 'iOS', browser: 'TikTok' }],
    // Another app's WebView stays what it is; a word that merely contains 'trill' is no TikTok.
    ['8.8.8.8', ANDROID_WEBVIEW, { country: 'US', device: 'Mobile', os: 'Android', browser: 'Chrome WebView' }],
    ['8.8.8.8', `${WINDOWS_CHROME} Thrilled/1.0 trillion`, { country: 'US', device: 'Desktop', os: 'Windows', browser: 'Chrome' }],
    ['8.8.8.8', MAC_SAFARI, { country: 'US', device: 'Desktop', os: 'macOS', browser: 'Safari' }],
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
      tiktokCreativeId: '', placement: '', campaignName: '', adGroupName: '', creativeName: '', rule: '',
      ttclid: '', ip: '8.8.8.8', userAgent: TIKTOK_IPHONE, referrer: '', bot: '',
    },
  };
  expect(clickRow(event, { partition: 0, offset: 7 })).toMatchObject({
    ip: '8.8.8.8', country: 'US', device: 'Mobile', os: 'iOS', browser: 'TikTok',
  });
});
