// One rule for a domain name everywhere it is typed (Settings' redirect and exit domains, the Domains
// search and purchase), on the server and in the browser: trimmed, lower-cased, an internationalised name
// in punycode, and refused when it is not a bare host name.
import { hasControlCharacter } from './text-fields';

const HOST_PATTERN = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;

/**
 * `HTTPS://Trk.Example.com/` → `trk.example.com`, `MyTrack.XYZ` → `mytrack.xyz`, `bücher.example` →
 * `xn--bcher-kva.example`; null when it is not a bare host name (a path, a port, an underscore, one label).
 */
export function normaliseHost(input: string): string | null {
  const host = input.trim().toLowerCase().replace(/^https?:\/\//, '').replace(/\/+$/, '');
  // Anything that would make the URL parser read a port, a path, credentials or a query is not a bare host.
  if (host === '' || hasControlCharacter(host) || /[\s/\\?#@:%]/.test(host)) return null;
  let ascii: string;
  try {
    // The WHATWG parser applies IDNA (UTS #46) the same way in Node (node:url's domainToASCII) and every
    // browser: case folding, full-width dots, punycode.
    ascii = new URL(`http://${host}/`).hostname;
  } catch {
    return null;
  }
  return HOST_PATTERN.test(ascii) ? ascii : null;
}
