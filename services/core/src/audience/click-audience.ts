// A click's audience: its country from the IP (MaxMind GeoLite2 country data shipped inside geoip-country,
// nothing fetched at run time) and its device type, OS and browser from the user agent (ua-parser-js v1, MIT).
import { LRUCache } from 'lru-cache';
import UAParser from 'ua-parser-js';
import { lookupCountry } from './country-lookup';

export interface ClickAudience {
  /** ISO 3166-1 alpha-2 ('US'), '' when the IP is private, malformed or unknown to the database. */
  country: string;
  /** 'Mobile', 'Tablet', 'Desktop', 'Smart TV', 'Console', 'Wearable', 'Embedded'; '' without a user agent. */
  device: string;
  /** 'iOS', 'Android', 'Windows', ...; '' when not recognised. */
  os: string;
  /** 'TikTok', 'Mobile Safari', 'Chrome', ...; '' when not recognised. */
  browser: string;
}

/** An unknown click's audience (an unattributed conversion). */
export const EMPTY_AUDIENCE: ClickAudience = { country: '', device: '', os: '', browser: '' };

const DEVICE_LABELS: Record<string, string> = {
  mobile: 'Mobile',
  tablet: 'Tablet',
  smarttv: 'Smart TV',
  console: 'Console',
  wearable: 'Wearable',
  embedded: 'Embedded',
};

// TikTok's in-app browser: ua-parser-js names only some iOS builds; Android's says 'Chrome WebView' (a
// WebView of the app, `wv`), which hides the browser a TikTok buyer groups by most. The app's own tokens:
// musical_ly_<version> and trill_<version> (the global and the Asian app), AppName/musical_ly|trill,
// BytedanceWebview/<hash>, and a plain TikTok token in some builds.
const TIKTOK_APP = /(?:^|[\s/;(])(?:musical_ly|trill)(?:_[\d.]+|[\s;)]|$)|BytedanceWebview|\bTikTok\b/i;

/** ua-parser-js's names where the trackers (and Apple) say otherwise. */
const OS_LABELS: Record<string, string> = { 'Mac OS': 'macOS' };

// A campaign's visitors share a few hundred user agents: parsing each once keeps the decoder thread's cost
// per click to a map lookup and a binary search in the country table.
const agents = new LRUCache<string, Omit<ClickAudience, 'country'>>({ max: 10_000 });

function describeAgent(userAgent: string): Omit<ClickAudience, 'country'> {
  const known = agents.get(userAgent);
  if (known) return known;
  const parsed = new UAParser(userAgent).getResult();
  const osName = parsed.os.name ?? '';
  const os = OS_LABELS[osName] ?? osName;
  const browser = TIKTOK_APP.test(userAgent) ? 'TikTok' : (parsed.browser.name ?? '');
  // ua-parser-js names no type for desktops: a recognised agent without one is a desktop, as the trackers show it.
  const device = parsed.device.type
    ? (DEVICE_LABELS[parsed.device.type] ?? '')
    : os || browser ? 'Desktop' : '';
  const described = { device, os, browser };
  agents.set(userAgent, described);
  return described;
}

export function deriveClickAudience(ip: string, userAgent: string): ClickAudience {
  const country = ip ? lookupCountry(ip) : '';
  return { ...EMPTY_AUDIENCE, ...(userAgent ? describeAgent(userAgent) : {}), country };
}
