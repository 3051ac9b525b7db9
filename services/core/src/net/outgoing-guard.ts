// Which addresses this server may call when a URL comes from settings (CAKE, TikTok, the registrar,
// Cloudflare, webhooks): http(s) only, and public unicast addresses only unless OUTGOING_ALLOW_PRIVATE.
import dns from 'node:dns';
import net from 'node:net';

export interface OutgoingPolicy {
  /** Private, loopback, link-local and unspecified addresses may be called too (local fakes in tests,
   *  services on the operator's own network). */
  allowPrivate: boolean;
  /** The setting that allows them, as refusals name it (default OUTGOING_ALLOW_PRIVATE; notification
   *  channels have their own, NOTIFY_ALLOW_PRIVATE). */
  allowedBy?: string;
}

/** The default: public addresses only. */
export const PUBLIC_ONLY: OutgoingPolicy = { allowPrivate: false };

export class OutgoingRefusedError extends Error {
  override name = 'OutgoingRefusedError';
}

// Everything that is not a public unicast address. IPv4-mapped IPv6 forms (::ffff:127.0.0.1) match
// their IPv4 rule: net.BlockList checks them against both families.
const NOT_PUBLIC = new net.BlockList();
for (const [address, prefix] of [
  ['0.0.0.0', 8], // this network, 0.0.0.0 included
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, cloud metadata at 169.254.169.254
  ['172.16.0.0', 12],
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.168.0.0', 16],
  ['198.18.0.0', 15], // benchmarking
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const) {
  NOT_PUBLIC.addSubnet(address, prefix, 'ipv4');
}
for (const [address, prefix] of [
  ['::', 96], // unspecified, loopback and the deprecated IPv4-compatible forms
  ['64:ff9b:1::', 48], // local-use NAT64
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
] as const) {
  NOT_PUBLIC.addSubnet(address, prefix, 'ipv6');
}

/** True for a public unicast IPv4 or IPv6 address; false for anything else, a host name included. */
export function isPublicAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 0) return false;
  return !NOT_PUBLIC.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

const refusedAddress = (policy: OutgoingPolicy, host: string, resolved?: boolean) =>
  `${host} ${resolved ? 'resolves to' : 'is'} a private, loopback or link-local address, which this server does not call ` +
  `(${policy.allowedBy ?? 'OUTGOING_ALLOW_PRIVATE'}=true allows it)`;

/**
 * Why this URL may not be called, or null when it may. Host names are resolved: one private address
 * among the answers refuses the URL. A name that does not resolve is not refused here (the call fails
 * on its own); the connection's lookup checks again, so a name re-pointed after this check is still caught.
 */
export async function outgoingRefusal(url: string | URL, policy: OutgoingPolicy = PUBLIC_ONLY): Promise<string | null> {
  let parsed: URL;
  try {
    parsed = typeof url === 'string' ? new URL(url) : url;
  } catch {
    return 'the URL is not valid';
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return `only http and https URLs are called, not ${parsed.protocol}`;
  if (policy.allowPrivate) return null;
  // URL parsing has already turned 127.1, 2130706433 and 0x7f.1 into 127.0.0.1.
  const host = parsed.hostname.replace(/^\[(.*)\]$/, '$1');
  if (net.isIP(host)) return isPublicAddress(host) ? null : refusedAddress(policy, host);
  let addresses: dns.LookupAddress[];
  try {
    addresses = await dns.promises.lookup(host, { all: true, verbatim: true });
  } catch {
    return null;
  }
  return addresses.every((a) => isPublicAddress(a.address)) ? null : refusedAddress(policy, host, true);
}

/** The URL parsed, or an OutgoingRefusedError saying why it may not be called. */
export async function assertOutgoingUrl(url: string | URL, policy: OutgoingPolicy = PUBLIC_ONLY): Promise<URL> {
  const refusal = await outgoingRefusal(url, policy);
  if (refusal) throw new OutgoingRefusedError(`Refused to call this URL: ${refusal}`);
  return typeof url === 'string' ? new URL(url) : url;
}

/**
 * A `lookup` for net/http/https connections that refuses private answers, so the socket connects only
 * to an address that was checked (no second resolution an attacker's DNS could answer differently).
 * Node skips `lookup` for an IP literal: assertOutgoingUrl covers those.
 */
export function guardedLookup(policy: OutgoingPolicy = PUBLIC_ONLY): net.LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '', 0);
      if (!policy.allowPrivate && !addresses.every((a) => isPublicAddress(a.address))) {
        return callback(new OutgoingRefusedError(`Refused to call this URL: ${refusedAddress(policy, hostname, true)}`), '', 0);
      }
      if (options.all) return callback(null, addresses);
      const [first] = addresses;
      if (!first) return callback(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }), '', 0);
      return callback(null, first.address, first.family);
    });
  };
}
