// The invoice-pdf job: reads the invoice and its kind's settings, renders the PDF, marks the invoice
// pdfGenerated and returns { pdfBase64, filename } for the request waiting on it. Running it twice renders
// the same file and sets the same flag, so a retry repeats nothing harmful.
import { eq } from 'drizzle-orm';
import { schema, type Db, type JobProcessor } from '@tracker/core';
import {
  DEFAULT_CURRENCY,
  formatCentsIn,
  INVOICE_SETTING_FIELDS,
  invoicePdfJobSchema,
  isCurrencyCode,
  parseMoney,
  STORED_MONEY,
  type CurrencyCode,
  type InvoiceLineItem,
  type InvoicePdf,
  type InvoiceSettings,
} from '@tracker/schemas';
import { invoiceDocument, type InvoiceView } from './invoice-document';
import { renderPdf } from './render-pdf';

export interface InvoicePdfDeps {
  db: Db;
}

async function settingsOf(db: Db, kind: 'publisher' | 'advertiser'): Promise<InvoiceSettings> {
  const [row] = await db.select().from(schema.invoiceSettings).where(eq(schema.invoiceSettings.id, kind));
  return Object.fromEntries(INVOICE_SETTING_FIELDS.map((f) => [f, row?.[f] ?? null])) as InvoiceSettings;
}

/** The invoice's currency; a stored code that is no ISO one (never written by the API) prints as dollars, as before the column. */
const currencyOf = (code: string): CurrencyCode => (isCurrencyCode(code) ? code : DEFAULT_CURRENCY);

const percent = (hundredths: string) => `${hundredths.replace(/\.?0+$/, '') || '0'}%`;

async function publisherView(db: Db, id: number): Promise<InvoiceView | null> {
  const [invoice] = await db.select().from(schema.publisherInvoices).where(eq(schema.publisherInvoices.id, id));
  if (!invoice) return null;
  const settings = await settingsOf(db, 'publisher');
  const currency = currencyOf(invoice.currency);
  return {
    invoiceNumber: invoice.invoiceNumber,
    invoiceDate: invoice.invoiceDate,
    dueDate: null,
    period: invoice.period,
    payTerms: null,
    from: { name: settings.fromCompanyName, address: settings.fromAddress },
    billTo: { name: settings.billToName, address: settings.billToAddress },
    facts: [
      ['Publisher', invoice.mediaBuyer],
      ['Revenue share', percent(invoice.revenueSharePercent)],
      ['Profit', formatCentsIn(parseMoney(invoice.profit, STORED_MONEY), currency)],
    ],
    lines: [{ description: invoice.description, amount: invoice.amountPaid }],
    total: invoice.amountPaid,
    currency,
    notes: invoice.notes,
    settings,
    createdAt: invoice.createdAt,
  };
}

async function advertiserView(db: Db, id: number): Promise<InvoiceView | null> {
  const [invoice] = await db.select().from(schema.advertiserInvoices).where(eq(schema.advertiserInvoices.id, id));
  if (!invoice) return null;
  const settings = await settingsOf(db, 'advertiser');
  return {
    invoiceNumber: invoice.invoiceNumber,
    invoiceDate: invoice.invoiceDate,
    dueDate: invoice.dueDate,
    period: invoice.period,
    payTerms: invoice.payTerms,
    from: { name: settings.fromCompanyName, address: settings.fromAddress },
    billTo: { name: invoice.companyName, address: invoice.billingAddress },
    facts: settings.accountManager ? [['Account manager', settings.accountManager]] : [],
    lines: JSON.parse(invoice.lineItems) as InvoiceLineItem[],
    total: invoice.totalAmount,
    currency: currencyOf(invoice.currency),
    notes: invoice.notes,
    settings,
    createdAt: invoice.createdAt,
  };
}

export function makeInvoicePdf(deps: InvoicePdfDeps): JobProcessor<unknown, InvoicePdf> {
  return async (job) => {
    const { kind, id } = invoicePdfJobSchema.parse(job.data);
    const view = kind === 'publisher' ? await publisherView(deps.db, id) : await advertiserView(deps.db, id);
    // Deleted between the request and the job: nothing to render, and retrying will not bring it back.
    if (!view) throw new Error(`${kind} invoice ${id} no longer exists`);
    const pdf = await renderPdf(invoiceDocument(view));
    const table = kind === 'publisher' ? schema.publisherInvoices : schema.advertiserInvoices;
    await deps.db.update(table).set({ pdfGenerated: true }).where(eq(table.id, id));
    return { pdfBase64: pdf.toString('base64'), filename: `${view.invoiceNumber}.pdf` };
  };
}
