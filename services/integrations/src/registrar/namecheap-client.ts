// The registrar client: Namecheap's XML API (GET xml.response?Command=...), called through a SOCKS5
// proxy because Namecheap serves whitelisted client IPs only. Check, price, purchase, find a bought
// domain, set custom nameservers. Every failure is a RegistrarError whose message a buyer can act on;
// calls go through the outgoing guard, and only the registrar's documented error text is ever quoted.
import { XMLParser } from 'fast-xml-parser';
import { SocksProxyAgent } from 'socks-proxy-agent';
import { describeAnswer, remoteMessage, requestOutgoing, type OutgoingPolicy, type RegistrantContact } from '@tracker/core';

export const NAMECHEAP_TIMEOUT_MS = 30_000;

export interface NamecheapOptions {
  apiUrl: string;
  apiUser: string;
  apiKey: string;
  /** The account the calls act on; defaults to apiUser. */
  username?: string;
  /** The whitelisted IP the calls come from (the proxy's), as Namecheap wants it stated. */
  clientIp: string;
  /** `socks5://[user:pass@]host:port`; unset: direct. */
  proxyUrl?: string;
  timeoutMs?: number;
  /** Which addresses apiUrl may reach; absent: public ones only (the proxy itself is the operator's). */
  outgoing?: OutgoingPolicy;
}

export class RegistrarError extends Error {
  override name = 'RegistrarError';
  constructor(
    message: string,
    /** Namecheap's error number, when it answered with one. */
    readonly code?: string,
    /** True when no answer arrived in time: the call may still have taken effect. */
    readonly timedOut = false,
  ) {
    super(message);
  }
}

export interface DomainCheck {
  domain: string;
  available: boolean;
  premium: boolean;
  /** Decimal strings as the registrar sent them; premium names only. */
  premiumPrice?: string;
  icannFee?: string;
  eapFee?: string;
}

export interface RegisterPrice {
  /** Your price for one year, plus the additional (ICANN) cost, as decimal strings. */
  price: string;
  additionalCost: string;
}

export interface DomainOrder {
  domain: string;
  registered: boolean;
  chargedAmount: string;
  domainId: string;
  orderId: string;
  transactionId: string;
}

export interface NamecheapClient {
  check(domain: string): Promise<DomainCheck>;
  registerPrice(tld: string): Promise<RegisterPrice>;
  create(input: { domain: string; years: number; contact: RegistrantContact; premium?: { price: string; eapFee?: string } }): Promise<DomainOrder>;
  /** The domain in our account, or null: how a retry learns an earlier purchase went through. */
  findOwned(domain: string): Promise<{ domainId: string } | null>;
  setCustomNameservers(domain: string, nameservers: readonly string[]): Promise<void>;
  /** A cheap authenticated call: proves the proxy connects and the IP is whitelisted. */
  balance(): Promise<{ availableBalance: string; currency: string }>;
  /** How calls leave this server: 'proxy socks5://host:port' (without credentials) or 'direct'. */
  readonly route: string;
}

// Namecheap's numbers for the failures a buyer can fix, in words that say how.
const KNOWN_ERRORS: Record<string, string> = {
  '1011150': "the registrar refused this server's IP address: whitelist the proxy's IP in Namecheap and set NAMECHEAP_CLIENT_IP to it",
  '1011102': 'the registrar refused the API key: check NAMECHEAP_API_KEY',
  '1011101': 'the registrar refused the API user: check NAMECHEAP_API_USER',
  '1010101': 'the registrar refused the API user: check NAMECHEAP_API_USER',
  '1011104': 'the registrar refused the user name: check NAMECHEAP_USERNAME',
  '2033409': 'the registrar could not authorise the order: check the account and its API access',
  '2528166': 'the registrar account has too little balance for this order',
  '3028166': 'the registrar account has too little balance for this order',
  '2030280': 'the registrar does not sell this TLD',
};

const ARRAY_TAGS = new Set(['Error', 'DomainCheckResult', 'Domain', 'ProductType', 'ProductCategory', 'Product', 'Price']);
const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  parseAttributeValue: false,
  // Attributes share names with tags here (`<DomainCheckResult Domain=...>`, `<Price Price=...>`).
  isArray: (name, _path, _leaf, isAttribute) => !isAttribute && ARRAY_TAGS.has(name),
});

type Node = Record<string, unknown>;
const asNode = (value: unknown): Node => (value && typeof value === 'object' ? (value as Node) : {});
const asList = (value: unknown): Node[] => (Array.isArray(value) ? value.map(asNode) : value ? [asNode(value)] : []);
const text = (value: unknown): string => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '');
const isTrue = (value: unknown) => text(value).toLowerCase() === 'true';

function describeProxy(proxyUrl: string): string {
  const url = new URL(proxyUrl);
  return `proxy ${url.protocol}//${url.host}`;
}

export function createNamecheapClient(options: NamecheapOptions): NamecheapClient {
  const timeoutMs = options.timeoutMs ?? NAMECHEAP_TIMEOUT_MS;
  const agent = options.proxyUrl ? new SocksProxyAgent(options.proxyUrl, { timeout: timeoutMs }) : undefined;
  const route = options.proxyUrl ? describeProxy(options.proxyUrl) : 'direct';

  async function get(url: URL): Promise<{ status: number; body: string; described: string }> {
    try {
      const response = await requestOutgoing(url, { timeoutMs, agent, policy: options.outgoing });
      return { status: response.status, body: response.text(), described: describeAnswer(response) };
    } catch (error) {
      const err = (error ?? {}) as { name?: string; message?: string };
      if (err.name === 'TimeoutError') throw new RegistrarError(`The registrar did not answer within ${timeoutMs / 1000} s (${route})`, undefined, true);
      throw new RegistrarError(`Could not reach the registrar (${route}): ${err.message || String(error)}`);
    }
  }

  async function call(command: string, params: Record<string, string>): Promise<Node> {
    const url = new URL(options.apiUrl);
    const query = {
      ApiUser: options.apiUser,
      ApiKey: options.apiKey,
      UserName: options.username ?? options.apiUser,
      ClientIp: options.clientIp,
      Command: command,
      ...params,
    };
    for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
    const answer = await get(url);
    if (answer.status !== 200) throw new RegistrarError(`The registrar answered ${answer.described} to ${command}`);
    let parsed: Node;
    try {
      parsed = asNode(asNode(parser.parse(answer.body)).ApiResponse);
    } catch {
      throw new RegistrarError(`The registrar's answer to ${command} is not XML (${answer.described})`);
    }
    if (text(parsed.Status).toUpperCase() !== 'OK') {
      const [first] = asList(asNode(parsed.Errors).Error);
      const number = remoteMessage(text(first?.Number), 20) ?? '';
      // Errors/Error is the API's documented error shape: its text is shown, cut short.
      const said = remoteMessage(text(first?.['#text'])) ?? 'no reason given';
      const known = KNOWN_ERRORS[number];
      throw new RegistrarError(`Registrar error ${number || '(no number)'}: ${known ? `${known} (${said})` : said}`, number || undefined);
    }
    return asNode(parsed.CommandResponse);
  }

  const splitDomain = (domain: string) => {
    const dot = domain.indexOf('.');
    return { SLD: domain.slice(0, dot), TLD: domain.slice(dot + 1) };
  };

  return {
    route,
    async check(domain) {
      const response = await call('namecheap.domains.check', { DomainList: domain });
      const result = asList(response.DomainCheckResult).find((r) => text(r.Domain).toLowerCase() === domain);
      if (!result) throw new RegistrarError(`The registrar's check answer does not mention ${domain}`);
      const premium = isTrue(result.IsPremiumName);
      return {
        domain,
        available: isTrue(result.Available),
        premium,
        premiumPrice: premium ? text(result.PremiumRegistrationPrice) : undefined,
        icannFee: text(result.IcannFee) || undefined,
        eapFee: text(result.EapFee) || undefined,
      };
    },

    async registerPrice(tld) {
      const response = await call('namecheap.users.getPricing', { ProductType: 'DOMAIN', ActionName: 'REGISTER', ProductName: tld });
      const result = asNode(response.UserGetPricingResult);
      const prices = asList(result.ProductType)
        .flatMap((t) => asList(t.ProductCategory))
        .flatMap((c) => asList(c.Product))
        .filter((p) => text(p.Name).toLowerCase() === tld)
        .flatMap((p) => asList(p.Price));
      const oneYear = prices.find((p) => text(p.Duration) === '1' && text(p.DurationType).toUpperCase() === 'YEAR') ?? prices[0];
      const price = text(oneYear?.YourPrice) || text(oneYear?.Price);
      if (!oneYear || !price) throw new RegistrarError(`The registrar has no register price for .${tld}`);
      return { price, additionalCost: text(oneYear.YourAdditonalCost) || text(oneYear.AdditionalCost) || '0' };
    },

    async create({ domain, years, contact, premium }) {
      const params: Record<string, string> = { DomainName: domain, Years: String(years) };
      for (const role of ['Registrant', 'Tech', 'Admin', 'AuxBilling']) {
        params[`${role}FirstName`] = contact.firstName;
        params[`${role}LastName`] = contact.lastName;
        params[`${role}Address1`] = contact.address1;
        params[`${role}City`] = contact.city;
        params[`${role}StateProvince`] = contact.stateProvince;
        params[`${role}PostalCode`] = contact.postalCode;
        params[`${role}Country`] = contact.country.toUpperCase();
        params[`${role}Phone`] = contact.phone;
        params[`${role}EmailAddress`] = contact.email;
      }
      if (premium) {
        params.IsPremiumDomain = 'true';
        params.PremiumPrice = premium.price;
        if (premium.eapFee) params.EapFee = premium.eapFee;
      }
      const response = await call('namecheap.domains.create', params);
      const [result] = asList(response.DomainCreateResult);
      if (!result || !isTrue(result.Registered)) throw new RegistrarError(`The registrar did not register ${domain}`);
      return {
        domain,
        registered: true,
        chargedAmount: text(result.ChargedAmount),
        domainId: text(result.DomainID),
        orderId: text(result.OrderID),
        transactionId: text(result.TransactionID),
      };
    },

    async findOwned(domain) {
      const response = await call('namecheap.domains.getList', { ListType: 'ALL', SearchTerm: domain, PageSize: '20' });
      const found = asList(asNode(response.DomainGetListResult).Domain).find((d) => text(d.Name).toLowerCase() === domain);
      return found ? { domainId: text(found.ID) } : null;
    },

    async setCustomNameservers(domain, nameservers) {
      const response = await call('namecheap.domains.dns.setCustom', { ...splitDomain(domain), Nameservers: nameservers.join(',') });
      const [result] = asList(response.DomainDNSSetCustomResult);
      if (!result || !isTrue(result.Updated)) throw new RegistrarError(`The registrar did not update the nameservers of ${domain}`);
    },

    async balance() {
      const response = await call('namecheap.users.getBalances', {});
      const [result] = asList(response.UserGetBalancesResult);
      return { availableBalance: text(result?.AvailableBalance) || '0', currency: text(result?.Currency) || 'USD' };
    },
  };
}
