// The string schemas every body and query field is built from: no text reaches a store or a
// query holding a NUL (PostgreSQL refuses it) or an unpaired surrogate (UTF-8 cannot carry it, so it
// would be stored changed); single-line fields also refuse every other control character.
import { z } from 'zod';

// C0 controls, DEL, C1 controls (U+0080–U+009F), and the line and paragraph separators.
const CONTROL_CHARACTER = /[\p{Cc}\u2028\u2029]/u;
// With the u flag, \p{Cs} matches only a surrogate that is not half of a pair.
const UNPAIRED_SURROGATE = /\p{Cs}/u;

export const hasControlCharacter = (value: string): boolean => CONTROL_CHARACTER.test(value);

// Control characters, unpaired surrogates, and the replacement character a byte that is not UTF-8 decodes to.
const UNPRINTABLE = /[\p{Cc}\p{Cs}\u2028\u2029\ufffd]/gu;

/** Tells a text decoded from bytes that are not text (a spreadsheet or an image saved as .csv). */
export const looksBinary = (value: string): boolean => /[\p{Cc}\ufffd]/u.test(value.replace(/[\t\n\r\f\v]/g, ''));

/**
 * One line a person can read in a message: white space runs as one space, anything unprintable as '?',
 * cut to `max` characters with '…'. For texts that quote what a user sent (a file's cells, its header).
 */
export function printableLine(value: string, max = 200): string {
  const line = value.replace(/\s+/g, ' ').replace(UNPRINTABLE, '?').trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}
export const isWellFormedText = (value: string): boolean => !UNPAIRED_SURROGATE.test(value);

export interface TextOptions {
  /** The message when the value is not a string at all (a form-level message, often). */
  error?: string;
  /** Trim surrounding white space first (default true); passwords keep theirs. */
  trim?: boolean;
}

const invalidUnicode = (label: string) => `${label} contains an invalid character (an unpaired surrogate)`;

/** Free text that may span lines (a tracking-code snippet, a password): anything but NUL. */
export function text(label: string, options: TextOptions = {}) {
  const base = z.string({ error: options.error ?? `${label} must be text` });
  return (options.trim === false ? base : base.trim())
    .refine((v) => !v.includes('\u0000'), `${label} must not contain NUL characters`)
    .refine(isWellFormedText, invalidUnicode(label));
}

/** A name, a URL, an id: one line of text without control characters (tabs and line breaks included). */
export function singleLine(label: string, options: TextOptions = {}) {
  const base = z.string({ error: options.error ?? `${label} must be text` });
  return (options.trim === false ? base : base.trim())
    .refine((v) => !hasControlCharacter(v), `${label} must not contain control characters such as tabs, line breaks or NUL`)
    .refine(isWellFormedText, invalidUnicode(label));
}

/** A credential sent in an HTTP header (TikTok's Access-Token): printable ASCII without spaces, which is all a
 *  header carries. Anything else could never be sent, so it is refused when entered, not when first used. */
export function headerToken(label: string, options: TextOptions = {}) {
  return singleLine(label, options).refine(
    (v) => /^[\x21-\x7e]*$/.test(v),
    `${label} may only contain letters, digits and symbols (no spaces or accented letters)`,
  );
}
