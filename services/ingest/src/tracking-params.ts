// The query parameters of a tracking link, made safe to store: bounded length, no control characters,
// and an ad platform macro that arrived unreplaced (an ad preview, a copied template) counts as empty.

/** Query parameter -> click field, as the generated tracking URL names them (spec §2). */
export const TRACKING_PARAMETERS = {
  cid: 'tiktokCampaignId',
  ad: 'tiktokAdGroupId',
  cr: 'tiktokCreativeId',
  plc: 'placement',
  cname: 'campaignName',
  aname: 'adGroupName',
  crname: 'creativeName',
} as const;

export type TrackingField = (typeof TRACKING_PARAMETERS)[keyof typeof TRACKING_PARAMETERS];

export const MAX_PARAMETER_LENGTH = 500;
export const MAX_USER_AGENT_LENGTH = 1000;

const UNREPLACED_MACRO = /^(__[A-Z0-9_]+__|\{\{?[\w.]+\}?\}|\[[A-Z0-9_]+\]|\$\{?[\w.]+\}?)$/;
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/g;

/** An ad platform or network macro that arrived as its own placeholder: `__CID__`, `{click_id}`, ... */
export function isUnreplacedMacro(value: string): boolean {
  return UNREPLACED_MACRO.test(value);
}

/** One value, whatever arrived: repeated parameters keep the first; bounded; macros dropped. */
export function cleanValue(raw: unknown, maxLength = MAX_PARAMETER_LENGTH): string {
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (typeof value !== 'string') return '';
  const trimmed = value.replace(CONTROL_CHARACTERS, '').trim();
  if (UNREPLACED_MACRO.test(trimmed)) return '';
  return trimmed.length > maxLength ? trimmed.slice(0, maxLength) : trimmed;
}

// Listed once, not per click: Object.entries made eight arrays on every redirect.
const PARAMETER_FIELDS = Object.entries(TRACKING_PARAMETERS);

export function readTrackingFields(query: Record<string, unknown>): Record<TrackingField, string> {
  const fields = {} as Record<TrackingField, string>;
  for (const [parameter, field] of PARAMETER_FIELDS) fields[field] = cleanValue(query[parameter]);
  return fields;
}
