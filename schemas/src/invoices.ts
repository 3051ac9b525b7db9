// Invoicing bodies (spec §5 publisher and advertiser invoices, §7 Invoicing): the messages are those the
// create forms show, and the server answers a bad body with the same text. Amounts are exact cents texts.
import { z } from 'zod';
import { INVOICE_AMOUNT, MAX_MONEY_10_2, MoneyError, moneySchema, moneyText, parseMoney, tryParseMoney, type MoneyRules } from './money';
import { DEFAULT_PAY_TERMS, PAY_TERMS, parseIsoDate } from './invoice-dates';
import { currencyCodeSchema } from './currency';
import { singleLine, text } from './text-fields';
import { wireDecimal, wireTimestamp } from './wire-values';

const amountInput = (message: string) => z.union([z.string(), z.number()], { error: message });

/** An amount field read by `rules`, with the form's message for a missing or negative value. */
function amountField(rules: MoneyRules, messages: { required: string; negative?: string }) {
  return amountInput(messages.required).transform((value, ctx) => {
    const raw = String(value).trim();
    if (raw === '') {
      ctx.addIssue({ code: 'custom', message: messages.required });
      return z.NEVER;
    }
    if (messages.negative && raw.startsWith('-')) {
      ctx.addIssue({ code: 'custom', message: messages.negative });
      return z.NEVER;
    }
    try {
      return moneyText(parseMoney(raw, rules));
    } catch (error) {
      if (!(error instanceof MoneyError)) throw error;
      ctx.addIssue({ code: 'custom', message: error.message });
      return z.NEVER;
    }
  });
}

/** Percent with 2 decimals, 0–100 (numeric(5,2)): read by the money grammar, so 12.345 is refused, never rounded. */
const PERCENT: MoneyRules = { label: 'Revenue share', example: '25.50', negative: false, grouping: false, dollarSign: false, extraDecimals: 'refuse' };
const revenueShare = amountInput('Must be between 0-100').transform((value, ctx) => {
  const hundredths = tryParseMoney(String(value), PERCENT);
  if (hundredths === null || hundredths > 10_000n) {
    ctx.addIssue({ code: 'custom', message: 'Must be between 0-100' });
    return z.NEVER;
  }
  return moneyText(hundredths);
});

const PROFIT: MoneyRules = { ...INVOICE_AMOUNT, label: 'Profit', negative: true };

const isoDate = (message: string) =>
  z.string({ error: message }).trim().min(1, message).refine((v) => parseIsoDate(v) !== null, 'Date must be a day such as 2026-11-25');

/** Optional free text: blank becomes null, so stores and PDFs never hold an empty string. */
const optionalText = (label: string, max: number) =>
  text(label).max(max, `${label} must be at most ${max} characters`).nullish().transform((v) => (v ? v : null));

const notes = optionalText('Notes', 5000);

/** The currency an invoice's amounts are in (ISO 4217); left out or blank: the workspace currency when it is created. */
const invoiceCurrency = z
  .string({ error: 'Currency must be an ISO 4217 code such as USD' })
  .nullish()
  .transform((value, ctx) => {
    if (!value || value.trim() === '') return null;
    const code = currencyCodeSchema.safeParse(value);
    if (code.success) return code.data;
    ctx.addIssue({ code: 'custom', message: code.error.issues[0]!.message });
    return z.NEVER;
  });

/** POST /api/publisher-invoices. The invoice number is the server's. */
export const publisherInvoiceCreateSchema = z.strictObject({
  mediaBuyer: singleLine('Publisher/media buyer', { error: 'Publisher/media buyer is required' })
    .min(1, 'Publisher/media buyer is required')
    .max(200, 'Publisher/media buyer must be at most 200 characters'),
  description: text('Description', { error: 'Description is required' }).min(1, 'Description is required').max(2000, 'Description must be at most 2000 characters'),
  period: singleLine('Period', { error: 'Period is required' }).min(1, 'Period is required').max(100, 'Period must be at most 100 characters'),
  amountPaid: amountField(INVOICE_AMOUNT, { required: 'Amount must be positive', negative: 'Amount must be positive' }),
  revenueSharePercent: revenueShare,
  profit: amountField(PROFIT, { required: 'Profit is required' }),
  invoiceDate: isoDate('Invoice date is required'),
  notes,
  currency: invoiceCurrency,
});
export type PublisherInvoiceCreateBody = z.input<typeof publisherInvoiceCreateSchema>;

/** A line as the form and the stored JSON hold it: the amount text as typed. */
export interface InvoiceLineItem {
  description: string;
  amount: string;
}

/** A line amount: any amount the money grammar reads, '$1,250.00' and credits ('-50') included. */
const LINE_AMOUNT: MoneyRules = { label: 'Amount', example: '1250.00', negative: true, grouping: true, dollarSign: true, extraDecimals: 'refuse', maxCents: MAX_MONEY_10_2 };

/** A line's amount in cents; a non-numeric amount counts 0 (spec §5). */
export const lineAmountCents = (amount: string): bigint => tryParseMoney(amount, LINE_AMOUNT) ?? 0n;

/** A typed line amount that is no amount: it counts 0 and prints $0.00, so the form warns before saving. */
export const isUnreadableLineAmount = (amount: string): boolean => amount.trim() !== '' && tryParseMoney(amount, LINE_AMOUNT) === null;

/** The total of the lines, as the stored decimal text: the server's figure, never the client's. */
export function invoiceTotal(lines: readonly InvoiceLineItem[]): string {
  return moneyText(lines.reduce((sum, line) => sum + lineAmountCents(line.amount), 0n));
}

const lineItemSchema = z.strictObject(
  {
    description: text('Description', { error: 'Description is required' }).min(1, 'Description is required').max(500, 'Description must be at most 500 characters'),
    amount: amountInput('Amount is required')
      .transform((v) => String(v).trim())
      .pipe(z.string().min(1, 'Amount is required').max(40, 'Amount must be at most 40 characters'))
      // A readable amount is stored canonical ('1,250' -> '1250.00'); other text stays as typed and counts 0.
      .transform((v) => {
        const cents = tryParseMoney(v, LINE_AMOUNT);
        return cents === null ? v : moneyText(cents);
      }),
  },
  { error: 'Each line item needs a description and an amount' },
);

/** `lineItems` arrives as JSON text (spec §7); an array is taken as well. */
const lineItems = z
  .union([z.string(), z.array(z.unknown())], { error: 'At least one line item is required' })
  .transform((value, ctx) => {
    if (typeof value !== 'string') return value;
    try {
      return JSON.parse(value) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: 'Line items must be JSON text of description and amount pairs' });
      return z.NEVER;
    }
  })
  .pipe(z.array(lineItemSchema, { error: 'At least one line item is required' }).min(1, 'At least one line item is required').max(200, 'At most 200 line items'));

const payTerms = z
  .enum(PAY_TERMS, { error: `Pay terms must be one of ${PAY_TERMS.join(', ')}` })
  .nullish()
  .transform((v) => v ?? DEFAULT_PAY_TERMS);

/** POST /api/advertiser-invoices. dueDate and totalAmount are accepted but recomputed by the server. */
export const advertiserInvoiceCreateSchema = z
  .strictObject({
    companyName: singleLine('Company name', { error: 'Company name is required' }).min(1, 'Company name is required').max(200, 'Company name must be at most 200 characters'),
    billingAddress: optionalText('Billing address', 1000),
    invoiceDate: isoDate('Invoice date is required'),
    // The form's read-only figures: checked for shape, then recomputed by the server rather than trusted.
    dueDate: z
      .string({ error: 'Due date must be a day such as 2026-12-02' })
      .refine((v) => v === '' || parseIsoDate(v) !== null, 'Due date must be a day such as 2026-12-02')
      .nullish(),
    payTerms,
    period: singleLine('Period', { error: 'Period is required' }).min(1, 'Period is required').max(100, 'Period must be at most 100 characters'),
    notes,
    lineItems,
    totalAmount: moneySchema({ ...INVOICE_AMOUNT, label: 'Total amount', negative: true }).nullish(),
    currency: invoiceCurrency,
  })
  .superRefine((body, ctx) => {
    const total = body.lineItems.reduce((sum, line) => sum + lineAmountCents(line.amount), 0n);
    if (total < 0n) ctx.addIssue({ code: 'custom', path: ['lineItems'], message: 'Total amount must not be negative' });
    if (total > MAX_MONEY_10_2) ctx.addIssue({ code: 'custom', path: ['lineItems'], message: `Total amount must be at most ${moneyText(MAX_MONEY_10_2)}` });
  });
export type AdvertiserInvoiceCreateBody = z.input<typeof advertiserInvoiceCreateSchema>;

/** The fields of an invoice-settings document (spec §3), in the order the panel shows them. */
export const INVOICE_SETTING_FIELDS = [
  'fromCompanyName', 'fromAddress', 'billToName', 'billToAddress', 'terms', 'accountManager',
  'bankName', 'bankAddress', 'beneficiaryName', 'beneficiaryAddress', 'routingNumber', 'wireRoutingNumber',
  'swiftCode', 'iban', 'ifscCode', 'accountNumber', 'checkAddress',
] as const;
export type InvoiceSettingField = (typeof INVOICE_SETTING_FIELDS)[number];

/** GET /api/invoice-settings/{kind} and the PUT's answer: every field, null where it is not set. */
export const invoiceSettingsViewSchema = z.object(
  Object.fromEntries(INVOICE_SETTING_FIELDS.map((field) => [field, z.string().nullable()])) as Record<InvoiceSettingField, z.ZodNullable<z.ZodString>>,
);
export type InvoiceSettings = z.output<typeof invoiceSettingsViewSchema>;
export const INVOICE_SETTINGS_KINDS = ['publisher', 'advertiser'] as const;
export type InvoiceKind = (typeof INVOICE_SETTINGS_KINDS)[number];

/** PUT /api/invoice-settings/{kind}: the whole document; a field left out or blank is cleared. */
export const invoiceSettingsSchema = z.strictObject(
  Object.fromEntries(INVOICE_SETTING_FIELDS.map((field) => [field, optionalText(field, 1000)])) as Record<InvoiceSettingField, ReturnType<typeof optionalText>>,
);
export type InvoiceSettingsBody = z.input<typeof invoiceSettingsSchema>;

/** POST /api/advertiser-companies (spec §5 "Saved company: name non-empty after trimming"). */
export const advertiserCompanyCreateSchema = z.strictObject({
  companyName: singleLine('Company name', { error: 'Company name is required' }).min(1, 'Company name is required').max(200, 'Company name must be at most 200 characters'),
  billingAddress: optionalText('Billing address', 1000),
});
export type AdvertiserCompanyCreateBody = z.input<typeof advertiserCompanyCreateSchema>;

/** The answer of both generate-pdf routes and the job that makes the file. */
export const invoicePdfSchema = z.object({ pdfBase64: z.string(), filename: z.string() });
export type InvoicePdf = z.output<typeof invoicePdfSchema>;

// ---- answers: the stored rows as the history tables and the settings panel read them ----

/** GET /api/publisher-invoices (newest first) and the POST's 201. Amounts as stored ('100.00'). */
export const publisherInvoiceSchema = z.object({
  id: z.number(),
  invoiceNumber: z.string(),
  mediaBuyer: z.string(),
  description: z.string(),
  period: z.string(),
  amountPaid: wireDecimal,
  revenueSharePercent: wireDecimal,
  profit: wireDecimal,
  /** yyyy-MM-dd. */
  invoiceDate: z.string(),
  notes: z.string().nullable(),
  /** ISO 4217 code the amounts are in. */
  currency: z.string(),
  pdfGenerated: z.boolean(),
  createdAt: wireTimestamp,
});
export type PublisherInvoice = z.output<typeof publisherInvoiceSchema>;

/** GET /api/advertiser-invoices (newest first) and the POST's 201. */
export const advertiserInvoiceSchema = z.object({
  id: z.number(),
  invoiceNumber: z.string(),
  companyName: z.string(),
  billingAddress: z.string().nullable(),
  /** JSON text of the lines, [{ description, amount }], as the create body sent it. */
  lineItems: z.string(),
  period: z.string(),
  totalAmount: wireDecimal,
  /** yyyy-MM-dd, as is dueDate. */
  invoiceDate: z.string(),
  dueDate: z.string().nullable(),
  payTerms: z.string().nullable(),
  notes: z.string().nullable(),
  /** ISO 4217 code the amounts are in. */
  currency: z.string(),
  pdfGenerated: z.boolean(),
  createdAt: wireTimestamp,
});
export type AdvertiserInvoice = z.output<typeof advertiserInvoiceSchema>;

/** POST /api/advertiser-invoices/recalculate-due-dates: how many invoices got a new due date. */
export const dueDatesRecalculatedSchema = z.object({ updatedCount: z.number() });
export type DueDatesRecalculated = z.output<typeof dueDatesRecalculatedSchema>;

/** GET /api/advertiser-companies (by name) and the POST's 201: the settings panel's saved companies. */
export const advertiserCompanySchema = z.object({
  id: z.number(),
  companyName: z.string(),
  billingAddress: z.string().nullable(),
  createdAt: wireTimestamp,
});
export type AdvertiserCompany = z.output<typeof advertiserCompanySchema>;
