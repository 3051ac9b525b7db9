// An offer's UTM template: a query-string fragment with {token}s (spec §2 Offer Configuration). Saved
// percent-encoded, as the WHATWG URL parser encodes a query, so that the offer redirect can append it
// as it is: non-ASCII, spaces, quotes, < > and # are escaped; & = % + and the {token} braces are kept.
import { singleLine } from './text-fields';

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
    .transform(encodeUtmTemplate)
    .refine((v) => v.length <= options.max, `${label} must be at most ${options.max} characters once encoded`);
}
