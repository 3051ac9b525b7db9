// Which DNS record the DNS Setup card asks for: a CNAME to the host name this app is reached at, an A
// record for a bare public IP, and none for a local address, which no one on the internet can reach.
export type DnsTarget =
  | { kind: 'cname'; host: string }
  | { kind: 'a-record'; ip: string }
  | { kind: 'already'; host: string }
  | { kind: 'local'; host: string };

const IPV4 = /^\d{1,3}(?:\.\d{1,3}){3}$/;

/** Loopback, private (RFC 1918), link-local, CGNAT and unspecified IPv4 addresses. */
function isPrivateIpv4(ip: string): boolean {
  const [a = 0, b = 0] = ip.split('.').map(Number);
  return a === 127 || a === 10 || a === 0 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || (a === 169 && b === 254) || (a === 100 && b >= 64 && b <= 127);
}

function isLocalHostName(host: string): boolean {
  return host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.local') || host.endsWith('.internal') || !host.includes('.');
}

/**
 * `browserHost` is window.location.hostname (IPv6 in brackets); `redirectDomain` the saved setting. A
 * CNAME may only name a host name, never an IP, and one pointing at a local address strands every click.
 */
export function dnsTarget(browserHost: string, redirectDomain: string | null): DnsTarget {
  const host = browserHost.trim().toLowerCase().replace(/\.$/, '');
  if (redirectDomain && host === redirectDomain.trim().toLowerCase()) return { kind: 'already', host };
  if (host.startsWith('[')) {
    const ip = host.slice(1, -1);
    const local = ip === '::1' || ip === '::' || /^f[cd]/.test(ip) || /^fe[89ab]/.test(ip);
    return local ? { kind: 'local', host } : { kind: 'a-record', ip };
  }
  if (IPV4.test(host)) return isPrivateIpv4(host) ? { kind: 'local', host } : { kind: 'a-record', ip: host };
  return isLocalHostName(host) ? { kind: 'local', host } : { kind: 'cname', host };
}
