// The two Location headers of the pipeline. The lander keeps its own query string and fragment
// byte for byte (URLSearchParams would re-encode it); the offer gets its UTM template with every
// token URL-encoded from the click. Both start from a URL the catalog made Location-safe (location-url.ts).
import type { ClickDimensions } from '@tracker/schemas';
import { encodeComponent, toLocationText } from './location-url';

/** Adds an already-encoded query to a URL before its fragment, leaving the rest byte for byte. */
export function joinQuery(url: string, query: string): string {
  if (!query) return url;
  const hashAt = url.indexOf('#');
  const base = hashAt === -1 ? url : url.slice(0, hashAt);
  const fragment = hashAt === -1 ? '' : url.slice(hashAt);
  const separator = !base.includes('?') ? '?' : base.endsWith('?') || base.endsWith('&') ? '' : '&';
  return `${base}${separator}${query}${fragment}`;
}

export function appendQuery(url: string, pairs: Array<[string, string]>): string {
  return joinQuery(url, pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&'));
}

export function landerLocation(landerUrl: string, clickId: string, exitUrl: string | null): string {
  const pairs: Array<[string, string]> = [['clickId', clickId]];
  if (exitUrl) pairs.push(['exitUrl', exitUrl]);
  return appendQuery(landerUrl, pairs);
}

/** The offer template tokens (spec §2 Offer Configuration) and the click field each stands for. */
export const UTM_TOKENS = {
  clickId: 'clickId',
  campaign: 'tiktokCampaignId',
  adGroup: 'tiktokAdGroupId',
  creative: 'tiktokCreativeId',
  placement: 'placement',
  campaignName: 'campaignName',
  adGroupName: 'adGroupName',
  creativeName: 'creativeName',
} as const;

export type UtmValues = { clickId: string } & Pick<
  ClickDimensions,
  'tiktokCampaignId' | 'tiktokAdGroupId' | 'tiktokCreativeId' | 'placement' | 'campaignName' | 'adGroupName' | 'creativeName'
>;

/** Fills `{token}`s with URL-encoded values; a known token without a value becomes empty, never raw. */
export function applyUtmTemplate(template: string, values: UtmValues): string {
  return template.replace(/\{(\w+)\}/g, (whole, token: string) => {
    const field = UTM_TOKENS[token as keyof typeof UTM_TOKENS];
    return field === undefined ? whole : encodeComponent(values[field] ?? '');
  });
}

/** `offerUrl` must be Location-safe already; the template's own text may hold anything an admin typed. */
export function offerLocation(offerUrl: string, utmTemplate: string, values: UtmValues): string {
  return joinQuery(offerUrl, toLocationText(applyUtmTemplate(utmTemplate.trim().replace(/^[?&]+/, ''), values)));
}
