// An offer's UTM template: a query-string fragment with {token}s (spec §2 Offer Configuration). Saved
// percent-encoded, as the WHATWG URL parser encodes a query, so that the offer redirect can append it
// as it is: non-ASCII, spaces, quotes, < > and # are escaped; & = % + and the {token} braces are kept.
// Only the spec's tokens are accepted: an unknown one would reach the offer as literal '{text}'.
import { singleLine } from './text-fields';

/** The tokens an offer's UTM template may use (the help text of Offer Configuration). */
export const UTM_TEMPLATE_TOKENS = [
  '{clickId}',
  '{campaign}',
  '{adGroup}',
  '{creative}',
  '{placement}',
  '{campaignName}',
  '{adGroupName}',
  '{creativeName}',
] as const;

const VALID_TOKENS_TEXT = `Valid tokens: ${UTM_TEMPLATE_TOKENS.join(', ')}`;

/**
 * Why a template cannot be saved, or null. Tokens are case-sensitive, as the redirect fills them:
 * `{clickid}` is unknown. A lone brace is refused too, since `{clickId` would reach the offer unfilled.
 */
export function findUtmTemplateProblem(template: string): string | null {
  const known = new Set<string>(UTM_TEMPLATE_TOKENS);
  const unknown = [...new Set(template.match(/\{[^{}]*\}/g) ?? [])].filter((token) => !known.has(token));
  if (unknown.length > 0) {
    const list = unknown.join(', ');
    return `Unknown token${unknown.length > 1 ? 's' : ''} ${list} in the UTM template. ${VALID_TOKENS_TEXT}`;
  }
  if (/[{}]/.test(template.replace(/\{[^{}]*\}/g, ''))) {
    return `The UTM template has a '{' or '}' that does not enclose a token. ${VALID_TOKENS_TEXT}`;
  }
  return null;
}

/** `sub1={clickId}&name=pür tür` → `sub1={clickId}&name=p%C3%BCr%20t%C3%BCr`. */
export function encodeUtmTemplate(template: string): string {
  const url = new URL('http://template.invalid/');
  // The search setter strips one leading '?': give it one, so the template's own '?' survives.
  url.search = `?${template}`;
  return url.search.slice(1);
}

export interface UtmTemplateOptions {
  error: string;
  max: number;
}

export function utmTemplate(label: string, options: UtmTemplateOptions) {
  return singleLine(label, { error: options.error })
    .max(options.max, `${label} must be at most ${options.max} characters`)
    .superRefine((value, ctx) => {
      const problem = findUtmTemplateProblem(value);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    })
    .transform(encodeUtmTemplate)
    .refine((v) => v.length <= options.max, `${label} must be at most ${options.max} characters once encoded`);
}
