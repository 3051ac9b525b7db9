// The invoice-pdf job run by a real queue on both entity engines, its PDF read back with pdftotext
// (poppler-utils): number, every line, total, due date and the filled bank fields; the same invoice
// renders the same bytes; the invoice is marked pdfGenerated.
import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { eq } from 'drizzle-orm';
import { schema, waitForJob, type Entities, type JobQueue } from '@tracker/core';
import { createTemporaryDatabase, describeWithRealEngine, openEntities, openJobQueue } from '@tracker/core/testing';
import { INVOICE_PDF_JOB, type InvoicePdf } from '@tracker/schemas';
import { makeInvoicePdf } from './make-invoice-pdf';

const pdfText = (pdf: Buffer) => execFileSync('pdftotext', ['-layout', '-', '-'], { input: pdf }).toString('utf8');

function pdfContract(open: () => Promise<{ entities: Entities; close: () => Promise<void> }>) {
  let opened: { entities: Entities; close: () => Promise<void> };
  let queue: JobQueue;

  beforeAll(async () => {
    opened = await open();
    queue = await openJobQueue({ db: opened.entities.db });
    queue.register(INVOICE_PDF_JOB, makeInvoicePdf({ db: opened.entities.db }));
    await queue.start();
  });
  afterAll(async () => {
    await queue.close();
    await opened.close();
  });

  const render = async (kind: 'publisher' | 'advertiser', id: number) =>
    waitForJob<InvoicePdf>(queue, await queue.enqueue(INVOICE_PDF_JOB, { kind, id }), { timeoutMs: 60_000 });

  test('an advertiser invoice prints its number, lines, total, due date and bank details', async () => {
    const db = opened.entities.db;
    await db.insert(schema.invoiceSettings).values({
      id: 'advertiser', fromCompanyName: 'Northwind Media LLC', fromAddress: '1 Main St\nAustin, TX 78701', accountManager: 'Dana Buyer',
      bankName: 'First Bank', swiftCode: 'FBNKUS33', iban: null, terms: 'Weekly Net 7',
    });
    const [invoice] = await db.insert(schema.advertiserInvoices).values({
      invoiceNumber: 'ADV-2026-0007', companyName: 'Acme Offers Ltd', billingAddress: '9 Harbour Rd, Dublin',
      lineItems: JSON.stringify([{ description: 'TikTok traffic week 47', amount: '1250.00' }, { description: 'Bonus leads', amount: '99.95' }, { description: 'Adjustment', amount: 'n/a' }]),
      period: '2026-11-16 to 2026-11-22', totalAmount: '1349.95', invoiceDate: '2026-11-23', dueDate: '2026-12-02', payTerms: 'Net 30',
      notes: 'Thank you for your business.', createdAt: new Date('2026-11-23T10:00:00Z'),
    }).returning();

    const result = await render('advertiser', invoice!.id);
    expect(result.filename).toBe('ADV-2026-0007.pdf');
    const pdf = Buffer.from(result.pdfBase64, 'base64');
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(pdf);
    for (const expected of ['ADV-2026-0007', 'Northwind Media LLC', 'Acme Offers Ltd', 'TikTok traffic week 47', '$1,250.00', 'Bonus leads', '$99.95',
      'Adjustment', '$1,349.95', 'Dec 2, 2026', 'Net 30', 'Nov 16 – Nov 22, 2026', 'First Bank', 'FBNKUS33', 'Dana Buyer', 'Thank you for your business.']) {
      expect(text).toContain(expected);
    }
    // Only filled bank fields are printed.
    expect(text).not.toContain('IBAN');
    // A line amount that is no amount counted 0 and prints so; the invoice's own terms, not the settings' default.
    expect(text).toMatch(/Adjustment\s+\$0\.00/);
    expect(text).not.toContain('n/a');
    expect(text).not.toContain('Weekly Net 7');
    // Amounts sit right-aligned on the line of their description.
    expect(text).toMatch(/TikTok traffic week 47\s+\$1,250\.00/);
    expect(text).toMatch(/Total\s+\$1,349\.95/);
    // The font is embedded, not referenced.
    expect(execFileSync('pdffonts', ['-'], { input: pdf }).toString()).toMatch(/Roboto-Regular\s+CID TrueType\s+\S+\s+yes\s/);

    const again = await render('advertiser', invoice!.id);
    expect(again.pdfBase64).toBe(result.pdfBase64);
    const [row] = await db.select().from(schema.advertiserInvoices).where(eq(schema.advertiserInvoices.id, invoice!.id));
    expect(row!.pdfGenerated).toBe(true);
  });

  test('a publisher payout prints the media buyer, amount, revenue share and profit', async () => {
    const db = opened.entities.db;
    const [invoice] = await db.insert(schema.publisherInvoices).values({
      invoiceNumber: 'PUB-2026-0042', mediaBuyer: 'Jamie Rivera', description: 'Weekly payout, TikTok US', period: 'November 2026',
      amountPaid: '4321.09', revenueSharePercent: '25.50', profit: '-12.30', invoiceDate: '2026-11-25', notes: null,
    }).returning();
    const result = await render('publisher', invoice!.id);
    const text = pdfText(Buffer.from(result.pdfBase64, 'base64'));
    for (const expected of ['PUB-2026-0042', 'Jamie Rivera', 'Weekly payout, TikTok US', '$4,321.09', '25.5%', '-$12.30', 'November 2026', 'Nov 25, 2026']) {
      expect(text).toContain(expected);
    }
    expect(text).toMatch(/Total\s+\$4,321\.09/);
  });

  test("amounts print in the invoice's currency: euros on an advertiser invoice, whole yen on a publisher payout", async () => {
    const db = opened.entities.db;
    const [euro] = await db.insert(schema.advertiserInvoices).values({
      invoiceNumber: 'ADV-2026-0008', companyName: 'Acme Offers GmbH', lineItems: JSON.stringify([{ description: 'TikTok traffic week 48', amount: '1250.00' }, { description: 'Adjustment', amount: 'n/a' }]),
      period: '2026-11-23 to 2026-11-29', totalAmount: '1250.00', invoiceDate: '2026-11-30', dueDate: '2026-12-07', payTerms: 'Net 7', currency: 'EUR',
    }).returning();
    const euros = pdfText(Buffer.from((await render('advertiser', euro!.id)).pdfBase64, 'base64'));
    expect(euros).toMatch(/TikTok traffic week 48\s+€1,250\.00/);
    expect(euros).toMatch(/Adjustment\s+€0\.00/);
    expect(euros).toMatch(/Total\s+€1,250\.00/);
    expect(euros).toContain('Please pay €1,250.00 by Dec 7, 2026');
    expect(euros).not.toContain('$');

    const [yen] = await db.insert(schema.publisherInvoices).values({
      invoiceNumber: 'PUB-2026-0043', mediaBuyer: 'Aoi Tanaka', description: 'Weekly payout, TikTok JP', period: 'November 2026',
      amountPaid: '150000.00', revenueSharePercent: '30.00', profit: '-1200.00', invoiceDate: '2026-11-30', notes: null, currency: 'JPY',
    }).returning();
    const yenText = pdfText(Buffer.from((await render('publisher', yen!.id)).pdfBase64, 'base64'));
    expect(yenText).toMatch(/Total\s+¥150,000\s/);
    expect(yenText).toContain('-¥1,200');
    expect(yenText).not.toContain('$');
  });

  test('a deleted invoice fails the job instead of rendering', async () => {
    await expect(render('publisher', 987654)).rejects.toThrow(/no longer exists/);
  });
}

describe('invoice PDFs [PGlite]', () => {
  pdfContract(async () => {
    const entities = await openEntities({ pgliteDir: 'memory://' });
    return { entities, close: () => entities.close() };
  });
});

describeWithRealEngine('DATABASE_URL', 'invoice PDFs', (url) => {
  pdfContract(async () => {
    const database = await createTemporaryDatabase(url);
    const entities = await openEntities({ databaseUrl: database.url });
    return { entities, close: async () => { await entities.close(); await database.drop(); } };
  });
});
