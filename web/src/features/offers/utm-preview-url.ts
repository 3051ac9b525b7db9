// The final offer URL for a sample click, as the Offer dialog previews it: the template saved as the
// server saves it (percent-encoded), its tokens filled and joined to the offer URL as the redirect does.
import type { UTM_TEMPLATE_TOKENS } from '@tracker/schemas';
import { encodeUtmTemplate, findUtmTemplateProblem, normaliseHttpUrl } from '@tracker/schemas';

/** What a TikTok click might carry: ids as TikTok sends them, names with spaces to show their encoding. */
export const SAMPLE_CLICK: Record<(typeof UTM_TEMPLATE_TOKENS)[number], string> = {
  '{clickId}': '01936f5e-8a2b-7c3d-9e4f-5a6b7c8d9e0f',
  '{campaign}': '1801234567890123',
  '{adGroup}': '1801234567890456',
  '{creative}': '1801234567890789',
  '{placement}': 'PLACEMENT_TIKTOK',
  '{campaignName}': 'Summer Sale US',
  '{adGroupName}': 'Women 25-34',
  '{creativeName}': 'UGC video #3',
};

export type OfferUrlPreview = { kind: 'url'; url: string } | { kind: 'problem'; message: string } | { kind: 'incomplete'; message: string };

/**
 * Mirrors the ingest's offer redirect (services/ingest redirect-urls.ts), which the web may not import:
 * leading '?' or '&' dropped, every token URL-encoded, the query added before the URL's fragment.
 */
export function previewOfferUrl(offerUrl: string, template: string): OfferUrlPreview {
  const trimmed = template.trim();
  const problem = findUtmTemplateProblem(trimmed);
  if (problem) return { kind: 'problem', message: problem };
  const url = normaliseHttpUrl(offerUrl.trim());
  if (url === null) return { kind: 'incomplete', message: 'Enter an Offer URL starting with http:// or https:// to preview the final link.' };
  const query = encodeUtmTemplate(trimmed)
    .replace(/^[?&]+/, '')
    .replace(/\{\w+\}/g, (token) => encodeURIComponent(SAMPLE_CLICK[token as keyof typeof SAMPLE_CLICK]));
  return { kind: 'url', url: joinQuery(url, query) };
}

function joinQuery(url: string, query: string): string {
  if (!query) return url;
  const hashAt = url.indexOf('#');
  const base = hashAt === -1 ? url : url.slice(0, hashAt);
  const fragment = hashAt === -1 ? '' : url.slice(hashAt);
  const separator = !base.includes('?') ? '?' : base.endsWith('?') || base.endsWith('&') ? '' : '&';
  return `${base}${separator}${query}${fragment}`;
}
