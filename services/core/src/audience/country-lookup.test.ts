// Our lookup must answer what the geoip-country package answers for every address it handles, over the same
// data: random IPv4 and IPv6 addresses (the range boundaries included), mapped addresses and malformed input.
import { describe, expect, it } from '@jest/globals';
import geoip from 'geoip-country';
import { lookupCountry } from './country-lookup';

/** A deterministic generator, so a failure names an address that fails again. */
function generator(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state;
  };
}

const theirs = (ip: string) => geoip.lookup(ip)?.country ?? '';

describe('lookupCountry', () => {
  it('answers as geoip-country for 50,000 random IPv4 addresses and their neighbours', () => {
    const next = generator(42);
    const differences: string[] = [];
    for (let i = 0; i < 50_000; i++) {
      const n = next();
      for (const value of [n, Math.max(0, n - 1), Math.min(0xffffffff, n + 1)]) {
        const ip = `${value >>> 24}.${(value >>> 16) & 255}.${(value >>> 8) & 255}.${value & 255}`;
        if (lookupCountry(ip) !== theirs(ip)) differences.push(ip);
      }
    }
    expect(differences.slice(0, 10)).toEqual([]);
  });

  it('answers as geoip-country for 50,000 random IPv6 addresses in the allocated space', () => {
    const next = generator(7);
    const differences: string[] = [];
    for (let i = 0; i < 50_000; i++) {
      // 2000::/3 is where the ranges are; vary the first four groups (the 64 bits the ranges key on).
      const g = [0x2000 | (next() & 0x1fff), next() & 0xffff, next() & 0xffff, next() & 0xffff];
      const full = `${g.map((x) => x.toString(16)).join(':')}:0:0:0:1`;
      const compressed = `${g.map((x) => x.toString(16)).join(':')}::1`;
      for (const ip of [full, compressed]) if (lookupCountry(ip) !== theirs(ip)) differences.push(ip);
    }
    expect(differences.slice(0, 10)).toEqual([]);
  });

  it('knows the test addresses the flow rules use, mapped addresses, and refuses what is not an address', () => {
    expect(lookupCountry('81.2.69.142')).toBe('GB');
    expect(lookupCountry('::ffff:81.2.69.142')).toBe('GB');
    expect(lookupCountry('2a02:2770::21a:4aff:fe00:1')).toBe(theirs('2a02:2770::21a:4aff:fe00:1'));
    expect(lookupCountry('2001:4860:4860::8888')).toBe(theirs('2001:4860:4860::8888'));
    for (const bad of ['', '10.0.0.1', '127.0.0.1', '::1', '1.2.3', '1.2.3.4.5', '256.1.1.1', '01.2.3.4', 'a.b.c.d', '1:2:3', 'gggg::1', '1::2::3', ':1', 'not an ip']) {
      expect([bad, lookupCountry(bad)]).toEqual([bad, theirs(bad)]);
    }
  });
});
