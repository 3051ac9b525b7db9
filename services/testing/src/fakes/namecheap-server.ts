// A local stand-in for Namecheap's XML API (`GET /xml.response?Command=...`) for tests: it checks the
// global parameters, serves only whitelisted client addresses (as the real one does, which is why
// the product goes through a SOCKS5 proxy), answers the documented XML envelope, keeps the account's
// domains and orders, and can be told to fail, stall, or charge and then stall (a lost answer).
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeNamecheapOptions {
  apiUser?: string;
  apiKey?: string;
  /** Remote addresses served; any when not given. Others get error 1011150 (IP not whitelisted). */
  allowedAddresses?: string[];
  /** Names someone else already registered. */
  taken?: string[];
  /** Premium names and their registration price ('25.00'). */
  premium?: Record<string, string>;
  /** The .xyz price for one year (default '1.98') and its ICANN fee (default '0.18'). */
  xyzPrice?: string;
  icannFee?: string;
}

export interface ScriptedNamecheapAnswer {
  /** Answer `<Errors><Error Number=...>` instead. */
  error?: { number: string; text: string };
  /** Wait this long before answering. */
  delayMs?: number;
  /** With delayMs: carry out the command first (the purchase happens, its answer comes late). */
  applyFirst?: boolean;
}

export interface FakeNamecheapOrder {
  domain: string;
  orderId: string;
  domainId: string;
  chargedAmount: string;
  params: Record<string, string>;
}

export interface FakeNamecheapServer {
  /** The API URL, `http://127.0.0.1:PORT/xml.response`. */
  url: string;
  /** Every call: its command, parameters and the client's address. */
  requests: { command: string; params: Record<string, string>; remoteAddress: string }[];
  /** Purchases the account paid for, in order. */
  orders: FakeNamecheapOrder[];
  nameservers: Map<string, string[]>;
  /** The next call of that command gets this answer; calls queue up in order. */
  answerNext(command: string, answer: ScriptedNamecheapAnswer): void;
  close(): Promise<void>;
}

const escapeXml = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function envelope(command: string, inner: string): string {
  return `<?xml version="1.0" encoding="utf-8"?>
<ApiResponse Status="OK" xmlns="http://api.namecheap.com/xml.response">
  <Errors />
  <Warnings />
  <RequestedCommand>${command}</RequestedCommand>
  <CommandResponse Type="${command}">
    ${inner}
  </CommandResponse>
  <Server>FAKE</Server>
  <GMTTimeDifference>--5:00</GMTTimeDifference>
  <ExecutionTime>0.01</ExecutionTime>
</ApiResponse>`;
}

function errorEnvelope(command: string, number: string, message: string): string {
  return `<?xml version="1.0" encoding="utf-8"?>
<ApiResponse Status="ERROR" xmlns="http://api.namecheap.com/xml.response">
  <Errors>
    <Error Number="${number}">${escapeXml(message)}</Error>
  </Errors>
  <Warnings />
  <RequestedCommand>${command}</RequestedCommand>
  <Server>FAKE</Server>
  <GMTTimeDifference>--5:00</GMTTimeDifference>
  <ExecutionTime>0.01</ExecutionTime>
</ApiResponse>`;
}

const sum = (...amounts: string[]) => (amounts.reduce((cents, a) => cents + Math.round(Number(a) * 100), 0) / 100).toFixed(2);

export async function startFakeNamecheapServer(options: FakeNamecheapOptions = {}): Promise<FakeNamecheapServer> {
  const apiUser = options.apiUser ?? 'tracker';
  const apiKey = options.apiKey ?? 'namecheap-key';
  const xyzPrice = options.xyzPrice ?? '1.98';
  const icannFee = options.icannFee ?? '0.18';
  const taken = new Set(options.taken ?? []);
  const premium = new Map(Object.entries(options.premium ?? {}));
  const requests: FakeNamecheapServer['requests'] = [];
  const orders: FakeNamecheapOrder[] = [];
  const nameservers = new Map<string, string[]>();
  const scripted = new Map<string, ScriptedNamecheapAnswer[]>();
  let nextId = 1000;

  const owned = (domain: string) => orders.find((o) => o.domain === domain);

  // Carries out a command: the XML of its answer, or [number, text] of an error.
  function run(command: string, p: Record<string, string>): string | [string, string] {
    switch (command) {
      case 'namecheap.domains.check': {
        const results = (p.DomainList ?? '').split(',').filter(Boolean).map((raw) => {
          const domain = raw.trim().toLowerCase();
          const price = premium.get(domain);
          const available = !taken.has(domain) && !owned(domain);
          return `<DomainCheckResult Domain="${escapeXml(domain)}" Available="${available}" ErrorNo="0" Description="" IsPremiumName="${Boolean(price)}" PremiumRegistrationPrice="${price ?? '0'}" PremiumRenewalPrice="${price ?? '0'}" PremiumRestorePrice="0" PremiumTransferPrice="0" IcannFee="${price ? icannFee : '0'}" EapFee="0.0" />`;
        });
        if (results.length === 0) return ['2011169', 'Parameter DomainList is missing'];
        return results.join('\n');
      }
      case 'namecheap.users.getPricing': {
        if (p.ProductType !== 'DOMAIN' || p.ActionName !== 'REGISTER') return ['2011170', 'Invalid ProductType or ActionName'];
        const tld = (p.ProductName ?? '').toLowerCase();
        if (tld !== 'xyz') return ['2011170', `No pricing for ${tld}`];
        return `<UserGetPricingResult><ProductType Name="domains"><ProductCategory Name="register"><Product Name="xyz">
          <Price Duration="1" DurationType="YEAR" Price="${xyzPrice}" PricingType="MULTIPLE" AdditionalCost="${icannFee}" RegularPrice="12.98" RegularPriceType="MULTIPLE" RegularAdditionalCost="${icannFee}" RegularAdditionalCostType="MULTIPLE" YourPrice="${xyzPrice}" YourPriceType="MULTIPLE" YourAdditonalCost="${icannFee}" YourAdditonalCostType="MULTIPLE" PromotionPrice="0.0" Currency="USD" />
          <Price Duration="2" DurationType="YEAR" Price="13.96" PricingType="MULTIPLE" AdditionalCost="0.36" YourPrice="13.96" YourAdditonalCost="0.36" Currency="USD" />
        </Product></ProductCategory></ProductType></UserGetPricingResult>`;
      }
      case 'namecheap.domains.create': {
        const domain = (p.DomainName ?? '').toLowerCase();
        for (const field of ['RegistrantFirstName', 'RegistrantLastName', 'RegistrantEmailAddress', 'TechFirstName', 'AdminFirstName', 'AuxBillingFirstName']) {
          if (!p[field]) return ['2011280', `Parameter ${field} is missing`];
        }
        if (taken.has(domain) || owned(domain)) return ['3031510', `Domain ${domain} is not available for registration`];
        const price = premium.get(domain);
        if (price && (p.IsPremiumDomain !== 'true' || p.PremiumPrice !== price)) {
          return ['2011280', `${domain} is a premium domain: IsPremiumDomain and PremiumPrice ${price} are required`];
        }
        const order: FakeNamecheapOrder = {
          domain,
          orderId: String(nextId++),
          domainId: String(nextId++),
          chargedAmount: price ? sum(price, icannFee) : sum(xyzPrice, icannFee),
          params: p,
        };
        orders.push(order);
        return `<DomainCreateResult Domain="${escapeXml(domain)}" Registered="true" ChargedAmount="${order.chargedAmount}" DomainID="${order.domainId}" OrderID="${order.orderId}" TransactionID="${nextId++}" WhoisguardEnable="false" NonRealTimeDomain="false" />`;
      }
      case 'namecheap.domains.getList': {
        const term = (p.SearchTerm ?? '').toLowerCase();
        const found = orders.filter((o) => o.domain.includes(term));
        return `<DomainGetListResult>${found
          .map((o) => `<Domain ID="${o.domainId}" Name="${o.domain}" User="${apiUser}" Created="11/25/2026" Expires="11/25/2027" IsExpired="false" IsLocked="false" AutoRenew="false" WhoisGuard="NOTPRESENT" IsPremium="${premium.has(o.domain)}" IsOurDNS="${!nameservers.has(o.domain)}" />`)
          .join('')}</DomainGetListResult><Paging><TotalItems>${found.length}</TotalItems><CurrentPage>1</CurrentPage><PageSize>20</PageSize></Paging>`;
      }
      case 'namecheap.domains.dns.setCustom': {
        const domain = `${p.SLD ?? ''}.${p.TLD ?? ''}`.toLowerCase();
        if (!owned(domain)) return ['2019166', 'The domain (huh) doesn\'t seem to be associated with your account.'.replace('(huh)', domain)];
        const list = (p.Nameservers ?? '').split(',').map((n) => n.trim()).filter(Boolean);
        if (list.length < 2) return ['2016166', 'Nameservers: at least two are required'];
        nameservers.set(domain, list);
        return `<DomainDNSSetCustomResult Domain="${escapeXml(domain)}" Updated="true" />`;
      }
      case 'namecheap.users.getBalances': {
        const spent = orders.reduce((total, o) => total + Math.round(Number(o.chargedAmount) * 100), 0);
        return `<UserGetBalancesResult Currency="USD" AvailableBalance="${((10_000 - spent) / 100).toFixed(2)}" AccountBalance="${((10_000 - spent) / 100).toFixed(2)}" EarnedAmount="0.00" WithdrawableAmount="0.00" FundsRequiredForAutoRenew="0.00" />`;
      }
      default:
        return ['1010900', `Invalid request: unknown command ${command}`];
    }
  }

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const params = Object.fromEntries(url.searchParams);
    const command = params.Command ?? '';
    const remoteAddress = (req.socket.remoteAddress ?? '').replace(/^::ffff:/, '');
    requests.push({ command, params, remoteAddress });
    const send = (xml: string) => res.writeHead(200, { 'Content-Type': 'text/xml; charset=utf-8' }).end(xml);
    const answer = (result: string | [string, string]) =>
      send(typeof result === 'string' ? envelope(command, result) : errorEnvelope(command, result[0], result[1]));

    if (url.pathname !== '/xml.response') return void res.writeHead(404).end('Not found');
    if (options.allowedAddresses && !options.allowedAddresses.includes(remoteAddress)) {
      return answer(['1011150', `Parameter RequestIP is invalid (${remoteAddress})`]);
    }
    if (params.ApiUser !== apiUser) return answer(['1011101', 'Parameter APIUser is invalid']);
    if (params.ApiKey !== apiKey) return answer(['1011102', 'Parameter APIKey is invalid']);
    if (params.UserName !== apiUser) return answer(['1011104', 'Parameter UserName is invalid']);
    if (!params.ClientIp) return answer(['1011150', 'Parameter ClientIp is missing']);

    const script = scripted.get(command)?.shift();
    if (!script) return answer(run(command, params));
    const result = script.error ? ([script.error.number, script.error.text] as [string, string]) : script.applyFirst ? run(command, params) : null;
    // Unref'd: a stalled answer never keeps a test process alive.
    setTimeout(() => {
      if (!res.writable) return;
      answer(result ?? run(command, params));
    }, script.delayMs ?? 0).unref();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/xml.response`,
    requests,
    orders,
    nameservers,
    answerNext(command, answer) {
      scripted.set(command, [...(scripted.get(command) ?? []), answer]);
    },
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
