// Flags automated traffic: crawlers, link previews, HTTP libraries, headless browsers and prefetches.
// Flagged clicks are still recorded and redirected (a false positive must never break a buyer's
// traffic); reports can leave them out.

const KNOWN_AGENTS: Array<[RegExp, string]> = [
  [/bytespider|tiktokspider|tiktok.*(bot|crawler)/i, 'tiktok-crawler'],
  [/facebookexternalhit|facebot|meta-externalagent/i, 'link-preview'],
  [/twitterbot|slackbot|discordbot|telegrambot|whatsapp|linkedinbot|skypeuripreview|embedly/i, 'link-preview'],
  [/googlebot|bingbot|yandex|baiduspider|duckduckbot|applebot|petalbot|semrush|ahrefs|mj12bot/i, 'crawler'],
  [/headlesschrome|phantomjs|puppeteer|playwright|selenium|lighthouse/i, 'headless-browser'],
  [/^(curl|wget|python-requests|python-urllib|go-http-client|java\/|okhttp|axios|node-fetch|undici|libwww-perl|httpclient|postmanruntime)/i, 'http-library'],
  [/\b(bot|crawler|spider|scraper)\b/i, 'bot'],
];

export function detectBot(userAgent: string, headers: Record<string, string | string[] | undefined>): string {
  if (!userAgent) return 'no-user-agent';
  const purpose = String(headers['sec-purpose'] ?? headers['purpose'] ?? headers['x-purpose'] ?? '');
  if (/prefetch|preview/i.test(purpose)) return 'prefetch';
  if (String(headers['x-moz'] ?? '') === 'prefetch') return 'prefetch';
  for (const [pattern, reason] of KNOWN_AGENTS) if (pattern.test(userAgent)) return reason;
  return '';
}
