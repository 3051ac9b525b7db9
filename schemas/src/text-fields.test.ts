// The shared string schemas: what they refuse, with which message, and how URLs and UTM templates are
// normalised on save.
import { describe, expect, test } from '@jest/globals';
import { encodeUtmTemplate, normaliseHost, normaliseHttpUrl, pixelCreateSchema, singleLine, text, tiktokAccountCreateSchema } from './index';

const messageOf = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) => result.error?.issues[0]?.message;

describe('singleLine', () => {
  const name = singleLine('Lander name');
  test.each(['a\u0000b', 'tab\there', 'line\nbreak', 'esc\u001b[31m', 'del\u007f', 'c1\u0085', 'a\u2028b'])('refuses control characters in %j', (value) => {
    expect(messageOf(name.safeParse(value))).toBe('Lander name must not contain control characters such as tabs, line breaks or NUL');
  });
  test('refuses an unpaired surrogate, keeps a pair', () => {
    expect(messageOf(name.safeParse('x\ud800y'))).toBe('Lander name contains an invalid character (an unpaired surrogate)');
    expect(name.parse(' ü中😀 ')).toBe('ü中😀');
  });
  test('trims surrounding white space (a pasted line break included) before looking', () => {
    expect(name.parse('\n Name \r\n')).toBe('Name');
  });
});

describe('access tokens (sent in an Access-Token header)', () => {
  // A header carries printable ASCII only: such a token could never reach TikTok (fetch throws before
  // sending), so it is refused on entry instead of failing every later sync or pixel event.
  test.each(['tök', '𐫢', 'two words'])('refuses %j with a message the form shows', (token) => {
    const message = 'Access token may only contain letters, digits and symbols (no spaces or accented letters)';
    expect(messageOf(tiktokAccountCreateSchema.safeParse({ advertiserId: '7000123', accessToken: token }))).toBe(message);
    expect(messageOf(pixelCreateSchema.safeParse({ name: 'P', pixelId: 'PX', accessToken: token }))).toBe(message);
  });
  test('keeps a real token, and an empty one is still "required"', () => {
    expect(tiktokAccountCreateSchema.parse({ advertiserId: '1', accessToken: ' 7d0c8f3e2b1a_-.~+/= ' }).accessToken).toBe('7d0c8f3e2b1a_-.~+/=');
    expect(messageOf(tiktokAccountCreateSchema.safeParse({ advertiserId: '1', accessToken: '' }))).toBe('Access token is required');
  });
});

describe('text', () => {
  test('allows line breaks and tabs, refuses NUL and unpaired surrogates', () => {
    const code = text('Code');
    expect(code.parse('<script>\n\tgo()\n</script>')).toBe('<script>\n\tgo()\n</script>');
    expect(messageOf(code.safeParse('a\u0000b'))).toBe('Code must not contain NUL characters');
    expect(messageOf(code.safeParse('\udc00'))).toBe('Code contains an invalid character (an unpaired surrogate)');
  });
  test('keeps white space when asked (passwords)', () => {
    expect(text('Password', { trim: false }).parse(' secret ')).toBe(' secret ');
  });
});

describe('normaliseHttpUrl', () => {
  test.each([
    ['https://a.example/pür中', 'https://a.example/p%C3%BCr%E4%B8%AD'],
    ['https://Bücher.EXAMPLE/path?q=ü ü#frag ü', 'https://xn--bcher-kva.example/path?q=%C3%BC%20%C3%BC#frag%20%C3%BC'],
    ['http://l.example', 'http://l.example/'],
    ['https://new.example/p?q=1', 'https://new.example/p?q=1'],
  ])('%s → %s', (input, href) => {
    expect(normaliseHttpUrl(input)).toBe(href);
  });
  test.each(['javascript:alert(1)', 'ftp://files.example/', 'mailto:a@b.example', 'lander.example', 'https://exa mple.com/', 'http://[::1', 'file:///etc/passwd'])(
    'refuses %s',
    (input) => {
      expect(normaliseHttpUrl(input)).toBeNull();
    },
  );
});

test('a UTM template is percent-encoded as a query, keeping its tokens, & = % + and a leading ?', () => {
  expect(encodeUtmTemplate('sub1={clickId}&sub2={campaign}')).toBe('sub1={clickId}&sub2={campaign}');
  expect(encodeUtmTemplate('name=pür tür&x="<>"#h')).toBe('name=p%C3%BCr%20t%C3%BCr&x=%22%3C%3E%22%23h');
  expect(encodeUtmTemplate('?a=%20b+c')).toBe('?a=%20b+c');
});

test('a host name setting is converted to punycode, and refuses what is not a bare host', () => {
  expect(normaliseHost('HTTPS://Trk.Bücher.example/')).toBe('trk.xn--bcher-kva.example');
  expect(normaliseHost('ｔｒｋ。example.com')).toBe('trk.example.com');
  for (const bad of ['trk.example.com\u0000', 'trk.exa\tmple.com', 'user@trk.example.com', 'trk.example.com:8443', 'trk.example.com/p', 'trk.example.com?x', 'a%2eexample.com']) {
    expect(normaliseHost(bad)).toBeNull();
  }
});
