// The text the View Code dialog hands out: the TikTok tracking URL of a campaign (spec §2: /r/{id}
// with the ad platform's macros and the optional spark) and the exit code a lander includes.

/** TikTok fills these macros in when the ad is served (spec §9 "Standard macro placeholders"). */
export const TIKTOK_MACRO_QUERY =
  'cid=__CAMPAIGN_ID__&ad=__AID__&cr=__CID__&plc=__PLACEMENT__&cname=__CAMPAIGN_NAME__&aname=__AID_NAME__&crname=__CID_NAME__';

export function trackingUrl(origin: string, campaignId: string, sparkId: string | null | undefined): string {
  const spark = sparkId ? `&spark=${encodeURIComponent(sparkId)}` : '';
  return `${origin}/r/${encodeURIComponent(campaignId)}?${TIKTOK_MACRO_QUERY}${spark}`;
}

export function exitScriptTag(origin: string): string {
  return `<script src="${origin}/exit-tracker.js"></script>`;
}

/** The script rewrites every `data-exit` link to carry the visitor's clickId. */
export function exitLinkExample(origin: string): string {
  return `<a href="${origin}/click" data-exit>Continue to offer</a>`;
}
