// The http(s) URLs people save (lander and offer URLs, a pixel's website): normalised once, on save,
// by the WHATWG URL parser, so what is stored is plain ASCII a Location header can always carry:
// an IDNA (punycode) host, and a percent-encoded path, query and fragment.
import { z } from 'zod';
import { singleLine } from './text-fields';

export const HTTP_URL_MESSAGE = 'URL must start with http:// or https://';

/** `https://Bücher.example/pür` → `https://xn--bcher-kva.example/p%C3%BCr`; null when it is not an
 *  absolute http(s) URL with a host. Control characters are refused before (the parser would drop tabs
 *  and line breaks silently, and store a URL other than the one typed). */
export function normaliseHttpUrl(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '' ? url.href : null;
}

/** An absolute http(s) URL with a host. */
export const isHttpUrl = (value: string): boolean => normaliseHttpUrl(value) !== null;

export interface HttpUrlOptions {
  /** The message when the value is not a string (the form's 'required' message). */
  error: string;
  /** Longest accepted, as typed and once encoded. */
  max: number;
  /** The message when it is not an http(s) URL. */
  invalid?: string;
}

/** A URL field: '' stays '' (the form says it is required), anything else is normalised or refused. */
export function httpUrl(label: string, options: HttpUrlOptions) {
  const tooLong = `${label} must be at most ${options.max} characters`;
  return singleLine(label, { error: options.error })
    .max(options.max, tooLong)
    .transform((value, ctx) => {
      if (value === '') return value;
      const href = normaliseHttpUrl(value);
      if (href === null) ctx.addIssue({ code: 'custom', message: options.invalid ?? HTTP_URL_MESSAGE });
      else if (href.length > options.max) ctx.addIssue({ code: 'custom', message: `${tooLong} once encoded` });
      else return href;
      return z.NEVER;
    });
}
