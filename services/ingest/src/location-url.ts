// Makes what the entity store holds usable in a Location header, whatever it is (old rows, non-ASCII,
// control characters): Node refuses a header with characters outside printable ASCII with a 500, and
// sends 0x80-0xFF as raw bytes. Done once per catalog load, so a redirect pays nothing for it.

/** Printable ASCII without the space: a value made only of these needs no encoding in a Location. */
const LOCATION_SAFE = /^[\x21-\x7e]*$/;
const NEEDS_ENCODING = /[^\x21-\x7e]/gu;

/**
 * The absolute http(s) URL a browser would follow for `stored`, in printable ASCII: the host in IDNA
 * (punycode), everything else percent-encoded as UTF-8. A value that is clean already is kept byte for
 * byte (a lander's own query string stays as its owner wrote it). Null for anything that is not an
 * http(s) URL (a relative path, `javascript:`, a host with control characters): it must not be a
 * redirect target at all.
 */
export function toLocationUrl(stored: string): string | null {
  let url: URL;
  try {
    url = new URL(stored);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  return LOCATION_SAFE.test(stored) ? stored : url.href;
}

/** Percent-encodes (as UTF-8) every character of a query template that a Location may not carry raw. */
export function toLocationText(text: string): string {
  return LOCATION_SAFE.test(text) ? text : text.replace(NEEDS_ENCODING, encodeComponent);
}

/** encodeURIComponent that never throws: a lone surrogate (never valid UTF-8) becomes U+FFFD. */
export function encodeComponent(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return encodeURIComponent(value.replace(/\p{Surrogate}/gu, '\ufffd'));
  }
}
