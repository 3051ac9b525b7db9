// The invoicing API on both entity engines: §5 messages, admin-only access, exact server-side totals and
// due dates, 50 parallel creates getting 50 consecutive numbers, the New Year restart, delete, settings
// round trip, saved companies and due-date recalculation.
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { eq } from 'drizzle-orm';
import { schema, type Entities } from '@tracker/core';
import { createTemporaryDatabase, describeWithRealEngine, openEntities } from '@tracker/core/testing';
import { createApiHarness, type ApiHarness } from '../testing/api-harness';

const publisher = {
  mediaBuyer: 'Jamie Rivera', description: 'Weekly payout', period: 'November 2026', amountPaid: '1000.10',
  revenueSharePercent: '25.5', profit: '-12.3', invoiceDate: '2026-11-25', notes: '',
};
const advertiser = {
  companyName: 'Acme Offers Ltd', billingAddress: '9 Harbour Rd', invoiceDate: '2026-11-25', dueDate: '2099-01-01',
  payTerms: 'Weekly Net 7', period: '2026-11-16 to 2026-11-22', notes: 'Thanks',
  lineItems: JSON.stringify([{ description: 'Traffic', amount: '0.10' }, { description: 'Bonus', amount: '0.20' }, { description: 'Adjustment', amount: 'tbd' }]),
  totalAmount: '999999.99',
};

function invoicingContract(open: () => Promise<{ entities: Entities; close: () => Promise<void> }>) {
  let opened: { entities: Entities; close: () => Promise<void> };
  let h: ApiHarness;
  let admin: string;
  let clock = new Date('2026-11-25T12:00:00Z');

  beforeAll(async () => {
    opened = await open();
    h = await createApiHarness({ now: () => clock }, { entities: opened.entities });
    admin = await h.signIn('admin');
  });
  afterAll(async () => {
    await h.close();
    await opened.close();
  });

  const post = (url: string, payload: unknown) => h.call({ method: 'POST', url, payload: payload as object, cookie: admin });

  test('every route is admin only, enforced on the server', async () => {
    const user = await h.signIn('user', ['dashboard', 'campaigns', 'landers', 'clicks', 'sparks']);
    for (const [method, url] of [
      ['GET', '/api/publisher-invoices'], ['POST', '/api/publisher-invoices'], ['DELETE', '/api/publisher-invoices/1'], ['POST', '/api/publisher-invoices/1/generate-pdf'],
      ['GET', '/api/advertiser-invoices'], ['POST', '/api/advertiser-invoices'], ['DELETE', '/api/advertiser-invoices/1'], ['POST', '/api/advertiser-invoices/1/generate-pdf'],
      ['POST', '/api/advertiser-invoices/recalculate-due-dates'], ['GET', '/api/invoice-settings/publisher'], ['PUT', '/api/invoice-settings/advertiser'],
      ['GET', '/api/advertiser-companies'], ['POST', '/api/advertiser-companies'], ['DELETE', '/api/advertiser-companies/1'],
    ] as const) {
      const res = await h.call({ method, url, payload: method === 'GET' || method === 'DELETE' ? undefined : {}, cookie: user });
      expect(`${method} ${url} ${res.statusCode}`).toBe(`${method} ${url} 403`);
      expect((await h.call({ method, url, payload: method === 'GET' || method === 'DELETE' ? undefined : {} })).statusCode).toBe(401);
    }
  });

  test.each([
    [{ mediaBuyer: ' ' }, 'Publisher/media buyer is required'],
    [{ invoiceDate: '' }, 'Invoice date is required'],
    [{ description: '' }, 'Description is required'],
    [{ period: '' }, 'Period is required'],
    [{ amountPaid: '-1' }, 'Amount must be positive'],
    [{ revenueSharePercent: '100.01' }, 'Must be between 0-100'],
    [{ revenueSharePercent: '-1' }, 'Must be between 0-100'],
    [{ amountPaid: '1.005' }, 'Amount must have at most 2 decimals: "1.005"'],
  ])('publisher invoice %j is refused with its message', async (change, message) => {
    const before = (await h.call({ method: 'GET', url: '/api/publisher-invoices', cookie: admin })).json();
    const res = await post('/api/publisher-invoices', { ...publisher, ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message });
    expect((await h.call({ method: 'GET', url: '/api/publisher-invoices', cookie: admin })).json()).toEqual(before);
  });

  test.each([
    [{ companyName: '' }, 'Company name is required'],
    [{ lineItems: '[]' }, 'At least one line item is required'],
    [{ lineItems: JSON.stringify([{ description: '', amount: '1' }]) }, 'Description is required'],
    [{ lineItems: JSON.stringify([{ description: 'x', amount: ' ' }]) }, 'Amount is required'],
    [{ period: '' }, 'Period is required'],
    [{ invoiceDate: undefined }, 'Invoice date is required'],
  ])('advertiser invoice %j is refused with its message', async (change, message) => {
    const res = await post('/api/advertiser-invoices', { ...advertiser, ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message });
  });

  test('the server sums the lines exactly and sets the due date by the rule, whatever the client sent', async () => {
    const res = await post('/api/advertiser-invoices', advertiser);
    expect(res.statusCode).toBe(201);
    const row = res.json();
    // 0.10 + 0.20 is 0.30 exactly; 'tbd' counts 0; the client's total and due date are not trusted.
    expect(row).toMatchObject({ totalAmount: '0.30', dueDate: '2026-12-02', payTerms: 'Weekly Net 7', notes: 'Thanks', pdfGenerated: false });
    expect(JSON.parse(row.lineItems)).toEqual([{ description: 'Traffic', amount: '0.10' }, { description: 'Bonus', amount: '0.20' }, { description: 'Adjustment', amount: 'tbd' }]);
    expect(row.invoiceNumber).toMatch(/^ADV-2026-\d{4}$/);
    const pub = await post('/api/publisher-invoices', publisher);
    expect(pub.statusCode).toBe(201);
    expect(pub.json()).toMatchObject({ amountPaid: '1000.10', revenueSharePercent: '25.50', profit: '-12.30', notes: null });
  });

  test("a new invoice is in the workspace currency unless the body names one; an unknown code is a 400", async () => {
    const db = opened.entities.db;
    expect((await post('/api/advertiser-invoices', advertiser)).json()).toMatchObject({ currency: 'USD' });
    await db.insert(schema.settings).values({ key: 'currency', value: 'EUR' });
    try {
      expect((await post('/api/advertiser-invoices', advertiser)).json()).toMatchObject({ currency: 'EUR', totalAmount: '0.30' });
      expect((await post('/api/publisher-invoices', publisher)).json()).toMatchObject({ currency: 'EUR' });
      expect((await post('/api/publisher-invoices', { ...publisher, currency: 'gbp' })).json()).toMatchObject({ currency: 'GBP' });
      expect((await post('/api/advertiser-invoices', { ...advertiser, currency: '' })).json()).toMatchObject({ currency: 'EUR' });
      const bad = await post('/api/advertiser-invoices', { ...advertiser, currency: 'EUX' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toEqual({ message: 'Currency must be an ISO 4217 code such as USD, EUR or JPY, not "EUX"' });
      const listed = (await h.call({ method: 'GET', url: '/api/publisher-invoices', cookie: admin })).json() as Array<{ currency: string }>;
      expect(listed.slice(0, 2).map((r) => r.currency)).toEqual(['GBP', 'EUR']);
    } finally {
      await db.delete(schema.settings).where(eq(schema.settings.key, 'currency'));
    }
  });

  test('50 invoices created in parallel get 50 consecutive numbers, then the New Year restarts at 0001', async () => {
    // A clean start for PUB: the numbers below are then exactly 0001..0050.
    await opened.entities.db.delete(schema.publisherInvoices);
    await opened.entities.db.delete(schema.invoiceSequences).where(eq(schema.invoiceSequences.prefix, 'PUB'));
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => post('/api/publisher-invoices', { ...publisher, mediaBuyer: `Buyer ${i}` })));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(50).fill(201));
    const numbers = answers.map((a) => a.json().invoiceNumber as string).sort();
    expect(numbers).toEqual(Array.from({ length: 50 }, (_, i) => `PUB-2026-${String(i + 1).padStart(4, '0')}`));

    // A refused create takes no number: the next one is 0051.
    expect((await post('/api/publisher-invoices', { ...publisher, amountPaid: '-5' })).statusCode).toBe(400);
    expect((await post('/api/publisher-invoices', publisher)).json().invoiceNumber).toBe('PUB-2026-0051');

    clock = new Date('2027-01-01T00:00:05Z');
    expect((await post('/api/publisher-invoices', publisher)).json().invoiceNumber).toBe('PUB-2027-0001');
    expect((await post('/api/publisher-invoices', publisher)).json().invoiceNumber).toBe('PUB-2027-0002');
    // ADV counts on its own.
    expect((await post('/api/advertiser-invoices', advertiser)).json().invoiceNumber).toBe('ADV-2027-0001');
    clock = new Date('2026-11-25T12:00:00Z');
  });

  test('delete removes the invoice; an unknown one is a 404', async () => {
    const created = (await post('/api/advertiser-invoices', advertiser)).json();
    expect((await h.call({ method: 'DELETE', url: `/api/advertiser-invoices/${created.id}`, cookie: admin })).statusCode).toBe(204);
    const list = (await h.call({ method: 'GET', url: '/api/advertiser-invoices', cookie: admin })).json() as Array<{ id: number }>;
    expect(list.some((i) => i.id === created.id)).toBe(false);
    const again = await h.call({ method: 'DELETE', url: `/api/advertiser-invoices/${created.id}`, cookie: admin });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ message: 'Advertiser invoice not found' });
    expect((await h.call({ method: 'DELETE', url: '/api/publisher-invoices/999999', cookie: admin })).statusCode).toBe(404);
  });

  test('settings: the advertiser defaults, then a round trip that clears blanks', async () => {
    const defaults = (await h.call({ method: 'GET', url: '/api/invoice-settings/advertiser', cookie: admin })).json();
    expect(defaults).toMatchObject({ terms: 'Weekly Net 7', fromCompanyName: null, bankName: null });
    expect(defaults.accountManager).toMatch(/^admin-/);
    const body = { fromCompanyName: ' Northwind Media LLC ', fromAddress: '1 Main St\nAustin', bankName: 'First Bank', iban: '', swiftCode: 'FBNKUS33' };
    const put = await h.call({ method: 'PUT', url: '/api/invoice-settings/publisher', payload: body, cookie: admin });
    expect(put.statusCode).toBe(200);
    const read = (await h.call({ method: 'GET', url: '/api/invoice-settings/publisher', cookie: admin })).json();
    expect(read).toMatchObject({ fromCompanyName: 'Northwind Media LLC', fromAddress: '1 Main St\nAustin', bankName: 'First Bank', iban: null, swiftCode: 'FBNKUS33', terms: null });
    expect(Object.keys(read)).toHaveLength(17);
    const bad = await h.call({ method: 'PUT', url: '/api/invoice-settings/other', payload: body, cookie: admin });
    expect(bad.statusCode).toBe(400);
  });

  test('saved companies: unique names, listed by name, deleted', async () => {
    const created = await post('/api/advertiser-companies', { companyName: ' Zeta Ads ', billingAddress: '' });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ companyName: 'Zeta Ads', billingAddress: null });
    await post('/api/advertiser-companies', { companyName: 'Alpha Ads', billingAddress: '2 Road' });
    const dup = await post('/api/advertiser-companies', { companyName: 'Zeta Ads' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toEqual({ message: 'A company with this name is already saved' });
    // The same name in other letters' case is the same company.
    const shouted = await post('/api/advertiser-companies', { companyName: 'ZETA ADS' });
    expect([shouted.statusCode, shouted.json()]).toEqual([409, { message: 'A company with this name is already saved' }]);
    expect((await post('/api/advertiser-companies', { companyName: '  ' })).json()).toEqual({ message: 'Company name is required' });
    const names = ((await h.call({ method: 'GET', url: '/api/advertiser-companies', cookie: admin })).json() as Array<{ companyName: string }>).map((c) => c.companyName);
    expect(names).toEqual(['Alpha Ads', 'Zeta Ads']);
    expect((await h.call({ method: 'DELETE', url: `/api/advertiser-companies/${created.json().id}`, cookie: admin })).statusCode).toBe(204);
  });

  test('recalculate due dates fixes stale rows and answers how many changed', async () => {
    const created = (await post('/api/advertiser-invoices', { ...advertiser, payTerms: 'Net 30' })).json();
    expect(created.dueDate).toBe('2026-12-23');
    await opened.entities.db.update(schema.advertiserInvoices).set({ dueDate: '2026-01-01' }).where(eq(schema.advertiserInvoices.id, created.id));
    const res = await post('/api/advertiser-invoices/recalculate-due-dates', undefined);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ updatedCount: 1 });
    const list = (await h.call({ method: 'GET', url: '/api/advertiser-invoices', cookie: admin })).json() as Array<{ id: number; dueDate: string }>;
    expect(list.find((i) => i.id === created.id)!.dueDate).toBe('2026-12-23');
    expect((await post('/api/advertiser-invoices/recalculate-due-dates', undefined)).json()).toEqual({ updatedCount: 0 });
  });
}

describe('invoicing API [PGlite]', () => {
  invoicingContract(async () => {
    const entities = await openEntities({ pgliteDir: 'memory://' });
    return { entities, close: () => entities.close() };
  });
});

describeWithRealEngine('DATABASE_URL', 'invoicing API', (url) => {
  invoicingContract(async () => {
    const database = await createTemporaryDatabase(url);
    const entities = await openEntities({ databaseUrl: database.url, maxConnections: 20 });
    return { entities, close: async () => { await entities.close(); await database.drop(); } };
  });
});
