import { describe, expect, test } from '@jest/globals';
import { detectBot } from './bot-detection';
import { parsePayout } from './payout';
import { appendQuery, applyUtmTemplate, landerLocation, offerLocation } from './redirect-urls';
import { originOf } from './tracking-catalog';
import { cleanValue, readTrackingFields } from './tracking-params';

const values = {
  clickId: '0192-abc',
  tiktokCampaignId: '17',
  tiktokAdGroupId: '',
  tiktokCreativeId: 'c/3',
  placement: 'TikTok Feed',
  campaignName: 'Spring & Summer',
  adGroupName: 'ä ö',
  creativeName: '100%',
};

describe('lander Location', () => {
  test.each([
    ['https://l.example', 'https://l.example?clickId=id1'],
    ['https://l.example/', 'https://l.example/?clickId=id1'],
    ['https://l.example/p?a=1', 'https://l.example/p?a=1&clickId=id1'],
    ['https://l.example/p?', 'https://l.example/p?clickId=id1'],
    ['https://l.example/p?a=%20b&', 'https://l.example/p?a=%20b&clickId=id1'],
    ['https://l.example/p?q=a+b#frag', 'https://l.example/p?q=a+b&clickId=id1#frag'],
    ['https://l.example/#/spa?x=1', 'https://l.example/?clickId=id1#/spa?x=1'],
  ])('%s', (lander, expected) => {
    expect(landerLocation(lander, 'id1', null)).toBe(expected);
  });

  test('exitUrl is encoded', () => {
    expect(landerLocation('https://l.example', 'id1', 'https://x.example/click')).toBe(
      'https://l.example?clickId=id1&exitUrl=https%3A%2F%2Fx.example%2Fclick',
    );
  });

  test('appendQuery with nothing leaves the URL alone', () => {
    expect(appendQuery('https://l.example/?a=1', [])).toBe('https://l.example/?a=1');
  });
});

describe('offer Location and UTM template', () => {
  test('every token is filled and URL-encoded; a known token without a value is empty, never raw', () => {
    expect(
      applyUtmTemplate('a={clickId}&b={campaign}&c={adGroup}&d={creative}&e={placement}&f={campaignName}&g={adGroupName}&h={creativeName}', values),
    ).toBe('a=0192-abc&b=17&c=&d=c%2F3&e=TikTok%20Feed&f=Spring%20%26%20Summer&g=%C3%A4%20%C3%B6&h=100%25');
  });

  test('a value no UTF-8 can carry (a lone surrogate) is encoded as U+FFFD instead of throwing', () => {
    expect(applyUtmTemplate('f={campaignName}', { ...values, campaignName: 'a\uD800b' })).toBe('f=a%EF%BF%BDb');
  });

  test('the template text an admin typed is made Location-safe, tokens and all', () => {
    expect(offerLocation('https://o.example/go', 'note=prix ü\t&s={clickId}', values)).toBe(
      'https://o.example/go?note=prix%20%C3%BC%09&s=0192-abc',
    );
  });

  test('unknown tokens are the network own macros and stay', () => {
    expect(applyUtmTemplate('s1={clickId}&aff={affiliate_id}', values)).toBe('s1=0192-abc&aff={affiliate_id}');
  });

  test.each([
    ['https://o.example/go', 'sub1={clickId}', 'https://o.example/go?sub1=0192-abc'],
    ['https://o.example/go?aff=1', 'sub1={clickId}', 'https://o.example/go?aff=1&sub1=0192-abc'],
    ['https://o.example/go?aff=1', '?sub1={clickId}', 'https://o.example/go?aff=1&sub1=0192-abc'],
    ['https://o.example/go#x', '&sub1={clickId}', 'https://o.example/go?sub1=0192-abc#x'],
    ['https://o.example/go', '', 'https://o.example/go'],
  ])('%s + %s', (offer, template, expected) => {
    expect(offerLocation(offer, template, values)).toBe(expected);
  });
});

describe('tracking parameters', () => {
  test.each([
    ['__CAMPAIGN_ID__', ''],
    ['{{campaign.id}}', ''],
    ['{campaign}', ''],
    ['[CID]', ''],
    ['${cid}', ''],
    ['  12345 ', '12345'],
    ['a\u0000b\nc', 'abc'],
    [['first', 'second'], 'first'],
    [undefined, ''],
    [42, ''],
  ] as const)('%j → %j', (raw, expected) => {
    expect(cleanValue(raw)).toBe(expected);
  });

  test('long values are cut, not refused', () => {
    expect(cleanValue('x'.repeat(10_000))).toHaveLength(500);
  });

  test('the seven ad parameters map to click fields', () => {
    expect(readTrackingFields({ cid: '1', ad: '2', cr: '3', plc: 'p', cname: 'c', aname: 'a', crname: 'r', other: 'x' })).toEqual({
      tiktokCampaignId: '1',
      tiktokAdGroupId: '2',
      tiktokCreativeId: '3',
      placement: 'p',
      campaignName: 'c',
      adGroupName: 'a',
      creativeName: 'r',
    });
  });
});

describe('payouts are exact cents', () => {
  test.each([
    ['12', '12.00'],
    ['12.5', '12.50'],
    ['0.005', '0.01'],
    ['0.004', '0.00'],
    ['3.456', '3.46'],
    ['99999999.99', '99999999.99'],
    ['0.1', '0.10'],
    ['.5', '0.50'],
    ['0.333', '0.33'],
    [' 7 ', '7.00'],
  ])('%s → %s', (raw, expected) => expect(parsePayout(raw)).toBe(expected));

  test.each(['', 'ten', '-1', '-0', '1e3', '1,5', '$5', '5.', '100000000', '99999999.995'])('%j is refused', (raw) => {
    expect(parsePayout(raw)).toBeNull();
  });
});

describe('bot flags', () => {
  const iphone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 musical_ly_34.1';
  test.each([
    [iphone, {}, ''],
    ['facebookexternalhit/1.1', {}, 'link-preview'],
    ['Mozilla/5.0 (compatible; Bytespider; spider-feedback@bytedance.com)', {}, 'tiktok-crawler'],
    ['curl/8.0', {}, 'http-library'],
    ['Mozilla/5.0 HeadlessChrome/120', {}, 'headless-browser'],
    ['', {}, 'no-user-agent'],
    [iphone, { 'sec-purpose': 'prefetch;prerender' }, 'prefetch'],
  ])('%s', (ua, headers, reason) => expect(detectBot(ua, headers)).toBe(reason));
});

describe('exit domain setting', () => {
  test.each([
    ['exit.example.com', 'https://exit.example.com'],
    ['https://exit.example.com/', 'https://exit.example.com'],
    ['http://exit.example.com/path', 'http://exit.example.com'],
    ['', null],
    ['not a host', null],
  ])('%j → %j', (value, origin) => expect(originOf(value)).toBe(origin));
});
