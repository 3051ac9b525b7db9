// The registrar client against the local Namecheap fake: the XML answers read right, the registrar's
// errors become messages a buyer can act on, a stalled call times out, and the calls go through a
// real SOCKS5 proxy (microsocks, from scripts/services.sh) to a registrar that serves only the
// proxy's egress address, the way Namecheap serves only whitelisted IPs.
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { LOCAL_FAKES_OUTGOING, startFakeNamecheapServer, type FakeNamecheapServer } from '@tracker/testing';
import { createNamecheapClient, RegistrarError, type NamecheapOptions } from './namecheap-client';

const CONTACT = {
  firstName: 'Dana',
  lastName: 'Buyer',
  address1: '1 Main St',
  city: 'Austin',
  stateProvince: 'TX',
  postalCode: '78701',
  country: 'US',
  phone: '+1.5125550100',
  email: 'dana@example.com',
};

let fake: FakeNamecheapServer;
const options = (extra: Partial<NamecheapOptions> = {}): NamecheapOptions => ({
  apiUrl: fake.url,
  apiUser: 'tracker',
  apiKey: 'namecheap-key',
  clientIp: '203.0.113.7',
  outgoing: LOCAL_FAKES_OUTGOING,
  ...extra,
});

beforeAll(async () => {
  fake = await startFakeNamecheapServer({ taken: ['taken.xyz'], premium: { 'gold.xyz': '25.00' } });
});
afterAll(() => fake.close());

describe('the Namecheap client', () => {
  test('checks availability and the premium flag and price, and reads the register price', async () => {
    const client = createNamecheapClient(options());
    await expect(client.check('fresh-name.xyz')).resolves.toMatchObject({ available: true, premium: false });
    await expect(client.check('taken.xyz')).resolves.toMatchObject({ available: false });
    await expect(client.check('gold.xyz')).resolves.toMatchObject({ available: true, premium: true, premiumPrice: '25.00', icannFee: '0.18' });
    await expect(client.registerPrice('xyz')).resolves.toEqual({ price: '1.98', additionalCost: '0.18' });
    expect(fake.requests.at(-1)?.params).toMatchObject({ ApiUser: 'tracker', UserName: 'tracker', ClientIp: '203.0.113.7', ProductName: 'xyz' });
  });

  test('buys with the contact in all four roles, finds the bought domain, and sets its nameservers', async () => {
    const client = createNamecheapClient(options());
    const order = await client.create({ domain: 'bought.xyz', years: 1, contact: CONTACT });
    expect(order).toMatchObject({ domain: 'bought.xyz', registered: true, chargedAmount: '2.16' });
    expect(order.orderId).toMatch(/^\d+$/);
    expect(fake.orders.at(-1)?.params).toMatchObject({ RegistrantEmailAddress: 'dana@example.com', AuxBillingPhone: '+1.5125550100', TechCountry: 'US' });
    await expect(client.findOwned('bought.xyz')).resolves.toEqual({ domainId: order.domainId });
    await expect(client.findOwned('never-bought.xyz')).resolves.toBeNull();
    await client.setCustomNameservers('bought.xyz', ['ada.ns.cloudflare.com', 'bob.ns.cloudflare.com']);
    expect(fake.nameservers.get('bought.xyz')).toEqual(['ada.ns.cloudflare.com', 'bob.ns.cloudflare.com']);
  });

  test('a premium name is bought only with its premium price stated', async () => {
    const client = createNamecheapClient(options());
    await expect(client.create({ domain: 'gold.xyz', years: 1, contact: CONTACT })).rejects.toThrow(/Registrar error 2011280: gold\.xyz is a premium domain/);
    await expect(client.create({ domain: 'gold.xyz', years: 1, contact: CONTACT, premium: { price: '25.00' } })).resolves.toMatchObject({ chargedAmount: '25.18' });
  });

  test("the registrar's XML errors become clear messages", async () => {
    await expect(createNamecheapClient(options({ apiKey: 'wrong' })).check('a.xyz')).rejects.toThrow(
      'Registrar error 1011102: the registrar refused the API key: check NAMECHEAP_API_KEY (Parameter APIKey is invalid)',
    );
    fake.answerNext('namecheap.domains.check', { error: { number: '5050900', text: 'Unhandled exception' } });
    const error = await createNamecheapClient(options()).check('a.xyz').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RegistrarError);
    expect((error as RegistrarError).message).toBe('Registrar error 5050900: Unhandled exception');
    expect((error as RegistrarError).code).toBe('5050900');
  });

  test('a call that gets no answer in time fails as timed out, and an unreachable registrar says so', async () => {
    fake.answerNext('namecheap.domains.check', { delayMs: 3_000 });
    const error = await createNamecheapClient(options({ timeoutMs: 300 })).check('slow.xyz').catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'RegistrarError', timedOut: true, message: 'The registrar did not answer within 0.3 s (direct)' });
    await expect(createNamecheapClient(options({ apiUrl: 'http://127.0.0.1:9/xml.response' })).check('a.xyz')).rejects.toThrow(
      /^Could not reach the registrar \(direct\): .*ECONNREFUSED/,
    );
  });

  test('without the allowance a loopback registrar URL is refused before anything is sent', async () => {
    const before = fake.requests.length;
    await expect(createNamecheapClient(options({ outgoing: undefined })).check('a.xyz')).rejects.toThrow(
      /^Could not reach the registrar \(direct\): Refused to call this URL: 127\.0\.0\.1 is a private, loopback or link-local address/,
    );
    expect(fake.requests.length).toBe(before);
  });
});

const proxy = process.env.TEST_SOCKS_PROXY;
const egress = process.env.TEST_SOCKS_EGRESS_IP ?? '127.0.0.2';
// CI always runs it (services.sh starts microsocks); a developer without the proxy skips it.
const describeWithProxy = proxy || process.env.CI ? describe : describe.skip;

describeWithProxy('through a real SOCKS5 proxy (microsocks)', () => {
  let whitelisted: FakeNamecheapServer;
  beforeAll(async () => {
    whitelisted = await startFakeNamecheapServer({ allowedAddresses: [egress] });
  });
  afterAll(() => whitelisted?.close());

  test('the registrar serves the call only through the proxy, which it sees as the whitelisted address', async () => {
    if (!proxy) throw new Error('TEST_SOCKS_PROXY is not set: start the proxy with `bash scripts/services.sh up socks`');
    const base = { apiUrl: whitelisted.url, apiUser: 'tracker', apiKey: 'namecheap-key', clientIp: egress, outgoing: LOCAL_FAKES_OUTGOING };
    await expect(createNamecheapClient(base).balance()).rejects.toThrow(/^Registrar error 1011150: the registrar refused this server's IP address/);
    const viaProxy = createNamecheapClient({ ...base, proxyUrl: proxy });
    expect(viaProxy.route).toBe(`proxy ${proxy}`);
    await expect(viaProxy.balance()).resolves.toEqual({ availableBalance: '100.00', currency: 'USD' });
    expect(whitelisted.requests.map((r) => r.remoteAddress)).toEqual(['127.0.0.1', egress]);
  });

  test('a proxy that is not there is a clear failure', async () => {
    const client = createNamecheapClient({ apiUrl: whitelisted.url, apiUser: 'tracker', apiKey: 'namecheap-key', clientIp: egress, proxyUrl: 'socks5://127.0.0.1:9', outgoing: LOCAL_FAKES_OUTGOING });
    await expect(client.balance()).rejects.toThrow(/^Could not reach the registrar \(proxy socks5:\/\/127\.0\.0\.1:9\): .*ECONNREFUSED/);
  });
});
