// The country of an IP address, from the GeoLite2 ranges the geoip-country package ships, read by us.
// The package's own lookup answers a record with the country's name, capital, currency and languages copied
// in, and parses the address with regular expressions: about 2 µs a click, most of a traffic rule's budget on
// the redirect. Here the ranges are loaded once into typed arrays and the address is parsed by hand, so a
// lookup is a parse and a binary search that allocates nothing but the answer (an interned two-letter code).
//
// File layout (the package's, checked against its lookup by country-lookup.test.ts): IPv4 records of 10 bytes
// (first address u32 BE, last address u32 BE, country 2 ASCII bytes); IPv6 records of 18 bytes (the first and
// the last address's upper 64 bits, u64 BE each, then the country). Ranges are sorted and do not overlap.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

interface Ranges4 {
  /** For each upper 16 bits k (0..65536), how many ranges start below k << 16: a search starts in its bucket. */
  buckets: Uint32Array;
  first: Uint32Array;
  last: Uint32Array;
  country: Uint16Array;
}

/** IPv6 ranges by the upper 64 bits, split into two 32-bit halves so no BigInt is needed per lookup. */
interface Ranges6 {
  /** As Ranges4's, by the address's first group. */
  buckets: Uint32Array;
  firstHi: Uint32Array;
  firstLo: Uint32Array;
  lastHi: Uint32Array;
  lastLo: Uint32Array;
  country: Uint16Array;
}

interface Tables {
  v4: Ranges4;
  v6: Ranges6;
  /** Two-letter codes by their index in the country columns. */
  codes: string[];
}

let tables: Tables | undefined;

function load(): Tables {
  const dataDir = path.join(path.dirname(createRequire(import.meta.url).resolve('geoip-country/package.json')), 'data');
  const codes: string[] = [];
  const indexOf = new Map<number, number>();
  const intern = (buffer: Buffer, offset: number) => {
    const key = buffer.readUInt16BE(offset);
    let index = indexOf.get(key);
    if (index === undefined) {
      index = codes.length;
      indexOf.set(key, index);
      codes.push(buffer.toString('latin1', offset, offset + 2));
    }
    return index;
  };

  const b4 = fs.readFileSync(path.join(dataDir, 'geoip-country.dat'));
  const n4 = b4.length / 10;
  const v4: Ranges4 = { buckets: new Uint32Array(65537), first: new Uint32Array(n4), last: new Uint32Array(n4), country: new Uint16Array(n4) };
  for (let i = 0, o = 0; i < n4; i++, o += 10) {
    v4.first[i] = b4.readUInt32BE(o);
    v4.last[i] = b4.readUInt32BE(o + 4);
    v4.country[i] = intern(b4, o + 8);
  }

  const b6 = fs.readFileSync(path.join(dataDir, 'geoip-country6.dat'));
  const n6 = b6.length / 18;
  const v6: Ranges6 = {
    buckets: new Uint32Array(65537),
    firstHi: new Uint32Array(n6),
    firstLo: new Uint32Array(n6),
    lastHi: new Uint32Array(n6),
    lastLo: new Uint32Array(n6),
    country: new Uint16Array(n6),
  };
  for (let i = 0, o = 0; i < n6; i++, o += 18) {
    v6.firstHi[i] = b6.readUInt32BE(o);
    v6.firstLo[i] = b6.readUInt32BE(o + 4);
    v6.lastHi[i] = b6.readUInt32BE(o + 8);
    v6.lastLo[i] = b6.readUInt32BE(o + 12);
    v6.country[i] = intern(b6, o + 16);
  }
  fillBuckets(v4.buckets, v4.first);
  fillBuckets(v6.buckets, v6.firstHi);
  return { v4, v6, codes };
}

/** buckets[k] = how many of the sorted `starts` (32-bit) lie below k << 16. */
function fillBuckets(buckets: Uint32Array, starts: Uint32Array) {
  let i = 0;
  for (let k = 0; k <= 65536; k++) {
    while (i < starts.length && starts[i]! < k * 65536) i++;
    buckets[k] = i;
  }
}

/** An IPv4 address as an unsigned 32-bit number, or -1 when `ip` (from `from`) is not a dotted quad. */
function parseIPv4(ip: string, from: number): number {
  let value = 0;
  let octet = 0;
  let digits = 0;
  let dots = 0;
  for (let i = from; i < ip.length; i++) {
    const c = ip.charCodeAt(i);
    if (c >= 48 && c <= 57) {
      if (digits === 1 && octet === 0) return -1; // '01': net.isIP and the browsers refuse leading zeros
      octet = octet * 10 + (c - 48);
      if (++digits > 3 || octet > 255) return -1;
    } else if (c === 46 && digits > 0 && dots < 3) {
      value = value * 256 + octet;
      octet = 0;
      digits = 0;
      dots++;
    } else {
      return -1;
    }
  }
  if (dots !== 3 || digits === 0) return -1;
  return value * 256 + octet;
}

const groups = new Uint16Array(8);

/**
 * Fills `groups` with the eight 16-bit groups of an IPv6 address ('::' expanded; an embedded IPv4 tail and a
 * zone index accepted). False when it is not one.
 */
function parseIPv6(ip: string): boolean {
  let end = ip.indexOf('%');
  if (end === -1) end = ip.length;
  const head: number[] = [];
  const tail: number[] = [];
  let target = head;
  let i = 0;
  if (ip.startsWith('::')) {
    target = tail;
    i = 2;
    if (i === end) {
      groups.fill(0);
      return true;
    }
  }
  let compressed = target === tail;
  while (i < end) {
    let value = 0;
    let digits = 0;
    const start = i;
    for (; i < end; i++) {
      const c = ip.charCodeAt(i);
      const hex = c >= 48 && c <= 57 ? c - 48 : c >= 97 && c <= 102 ? c - 87 : c >= 65 && c <= 70 ? c - 55 : -1;
      if (hex === -1) break;
      value = value * 16 + hex;
      if (++digits > 4) return false;
    }
    if (i < end && ip.charCodeAt(i) === 46) {
      // An IPv4 tail (::ffff:1.2.3.4, 64:ff9b::1.2.3.4): the last two groups.
      const v4 = parseIPv4(ip.slice(start, end), 0);
      if (v4 < 0) return false;
      target.push(Math.floor(v4 / 65536), v4 % 65536);
      break;
    }
    if (digits === 0) return false;
    target.push(value);
    if (i === end) break;
    if (ip.charCodeAt(i) !== 58) return false;
    i++;
    if (i < end && ip.charCodeAt(i) === 58) {
      if (compressed) return false;
      compressed = true;
      target = tail;
      i++;
      if (i === end) break;
    } else if (i === end) {
      return false;
    }
  }
  const count = head.length + tail.length;
  if (compressed ? count > 7 : count !== 8) return false;
  groups.fill(0);
  for (let g = 0; g < head.length; g++) groups[g] = head[g]!;
  for (let g = 0; g < tail.length; g++) groups[8 - tail.length + g] = tail[g]!;
  return true;
}

function find4(v4: Ranges4, ip: number): number {
  const k = ip >>> 16;
  // Ranges before the bucket start below ip and ranges after it above: only the bucket is searched, and the
  // answer may be the range just before it (one that starts in an earlier bucket and reaches into this one).
  let low = v4.buckets[k]!;
  let high = v4.buckets[k + 1]! - 1;
  // The last range that starts at or before ip.
  while (low <= high) {
    const mid = (low + high) >>> 1;
    if (v4.first[mid]! <= ip) low = mid + 1;
    else high = mid - 1;
  }
  return high >= 0 && ip <= v4.last[high]! ? v4.country[high]! : -1;
}

function find6(v6: Ranges6, hi: number, lo: number): number {
  const k = hi >>> 16;
  let low = v6.buckets[k]!;
  let high = v6.buckets[k + 1]! - 1;
  while (low <= high) {
    const mid = (low + high) >>> 1;
    const h = v6.firstHi[mid]!;
    if (h < hi || (h === hi && v6.firstLo[mid]! <= lo)) low = mid + 1;
    else high = mid - 1;
  }
  if (high < 0) return -1;
  const lastHi = v6.lastHi[high]!;
  return hi < lastHi || (hi === lastHi && lo <= v6.lastLo[high]!) ? v6.country[high]! : -1;
}

/** ISO 3166-1 alpha-2 of the address ('US'), '' when it is private, malformed or in no known range. */
export function lookupCountry(ip: string): string {
  const t = (tables ??= load());
  const v4 = parseIPv4(ip, 0);
  if (v4 >= 0) {
    const index = find4(t.v4, v4);
    return index < 0 ? '' : t.codes[index]!;
  }
  if (ip.indexOf(':') === -1 || !parseIPv6(ip)) return '';
  // An IPv4-mapped address (::ffff:a.b.c.d) is looked up as the IPv4 address it carries.
  if (groups[0] === 0 && groups[1] === 0 && groups[2] === 0 && groups[3] === 0 && groups[4] === 0 && groups[5] === 0xffff) {
    const index = find4(t.v4, groups[6]! * 65536 + groups[7]!);
    return index < 0 ? '' : t.codes[index]!;
  }
  const index = find6(t.v6, groups[0]! * 65536 + groups[1]!, groups[2]! * 65536 + groups[3]!);
  return index < 0 ? '' : t.codes[index]!;
}
