// Billing statements (spec §2 Billing Statements, §3 Transaction, §7 Billing): the statement-import job,
// its answer, and the queries and answers of /api/transactions, shared by the api, the workers and the web.
import { z } from 'zod';
import { MoneyError, STATEMENT_AMOUNT, moneyText, parseMoney } from './money';
import { blankToUndefined, isCalendarDate } from './reports';
import { singleLine } from './text-fields';
import { wireDecimal, wireTimestamp } from './wire-values';

export const TRANSACTION_STATUSES = ['PENDING', 'CLEARED', 'DECLINED'] as const;
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];

/** Spec §9: the billing table shows 50 transactions a page. */
export const TRANSACTIONS_PAGE_SIZE = 50;
/** The largest statement an upload takes (a year of daily exports is far below it). */
export const MAX_STATEMENT_BYTES = 50 * 1024 * 1024;
/** The spend summary's name for transactions without a VCN nickname. */
export const UNKNOWN_VCN = 'Unknown VCN';

/** Reads one statement the api stored in the entity store (statement_uploads); a retry rereads it. */
export const STATEMENT_IMPORT_JOB = 'statement-import';
export const statementImportJobSchema = z.object({
  /** The statement_uploads row holding the file. */
  uploadId: z.string().min(1),
  /** The original file name, for messages. */
  fileName: z.string(),
});
export type StatementImportJob = z.infer<typeof statementImportJobSchema>;

/** The upload's answer (spec §7): what the file did, one count per outcome; every row counts once. */
export const statementImportResultSchema = z.object({
  /** Transactions added or changed: clearedCount + pendingDeclinedCount + updatedCount. */
  count: z.number(),
  /** New transactions (not stored before) that are CLEARED. */
  clearedCount: z.number(),
  /** New transactions that are PENDING or DECLINED. */
  pendingDeclinedCount: z.number(),
  /** Known PENDING transactions that moved on to CLEARED or DECLINED (not counted as new). */
  updatedCount: z.number(),
  /** Of `updatedCount`, by the status they moved to. */
  updatedByStatus: z.object({ CLEARED: z.number(), DECLINED: z.number() }),
  /** Rows that changed nothing: already stored as they are, an older status than the stored one, or repeated in the file. */
  duplicateCount: z.number(),
  /** Of `duplicateCount`, by the status the skipped row had in the file. */
  duplicatesByStatus: z.record(z.enum(TRANSACTION_STATUSES), z.number()),
  /** Rows skipped because a value could not be read. */
  errorCount: z.number(),
  /** One line per skipped row, naming its line number in the file. */
  warnings: z.array(z.string()),
});
export type StatementImportResult = z.output<typeof statementImportResultSchema>;

/** A refused upload (spec §7): nothing was stored. */
export const statementImportRefusalSchema = z.object({ error: z.string(), details: z.array(z.string()) });
export type StatementImportRefusal = z.output<typeof statementImportRefusalSchema>;

/**
 * Every 4xx and 5xx of the upload: `{ message }`, as any refusal, and for a file the import refused (or
 * could not finish) its error and details too. One schema for both, since Fastify serializes the error
 * handler's `{ message }` of the same status with it.
 */
export const statementUploadRefusedSchema = statementImportRefusalSchema.partial().extend({ message: z.string() });
export type StatementUploadRefused = z.output<typeof statementUploadRefusedSchema>;

export type StatementImportOutcome = ({ ok: true } & StatementImportResult) | ({ ok: false } & StatementImportRefusal);

// ---- reading ----

// A number field lets people type exponents ('1e3'); the amount is written out before the money
// grammar reads it. Exponents of 3 digits at most: anything larger is no amount anyway.
const EXPONENT = /^([-+]?)(\d*)(?:\.(\d*))?e([-+]?\d{1,3})$/i;

function writeOutExponent(text: string): string {
  const match = EXPONENT.exec(text.trim());
  if (!match || (match[2] === '' && !match[3])) return text;
  const [, sign, whole = '', fraction = '', exponent] = match;
  const digits = whole + fraction;
  const point = whole.length + Number(exponent);
  const padded = point <= 0 ? '0'.repeat(1 - point) + digits : digits.padEnd(point, '0');
  const at = Math.max(point, 1);
  const integer = padded.slice(0, at).replace(/^0+(?=\d)/, '');
  const decimals = padded.slice(at).replace(/0+$/, '');
  return `${sign === '-' ? '-' : ''}${integer}${decimals ? `.${decimals}` : ''}`;
}

/**
 * An amount filter as typed ('12.50', '$1,000', '1e3'), as the decimal text the server compares with:
 * the one rule of the Transactions filter, for the api's query and the web's inline check. Throws
 * MoneyError with a message naming `label` and quoting the text as typed.
 */
export function readAmountFilter(text: string, label: string): string {
  const written = writeOutExponent(text);
  try {
    return moneyText(parseMoney(written, { ...STATEMENT_AMOUNT, label, example: '12.50' }));
  } catch (error) {
    if (!(error instanceof MoneyError) || written === text) throw error;
    throw new MoneyError(error.message.replace(JSON.stringify(written), JSON.stringify(text)));
  }
}

const amountFilter = (name: string) =>
  z.preprocess(
    blankToUndefined,
    z
      .string({ error: `${name} must be an amount such as 12.50` })
      .max(40, `${name} must be an amount such as 12.50`)
      .transform((value, ctx) => {
        try {
          return readAmountFilter(value, name);
        } catch (error) {
          if (!(error instanceof MoneyError)) throw error;
          ctx.addIssue({ code: 'custom', message: error.message });
          return z.NEVER;
        }
      })
      .optional(),
  );

const optionalDate = (name: string) =>
  z.preprocess(
    blankToUndefined,
    z
      .string({ error: `${name} must be a date as yyyy-MM-dd` })
      .max(10, `${name} must be a date as yyyy-MM-dd`)
      .refine(isCalendarDate, `${name} must be a date as yyyy-MM-dd`)
      .optional(),
  );

/** Filters of the Transactions table (spec §7), applied by the server within the caller's VCNs. */
export const transactionFiltersSchema = z.object({
  status: z.preprocess(
    (v) => (typeof v === 'string' ? (v.trim() === '' || v === 'all' ? undefined : v.trim().toUpperCase()) : v),
    z.enum(TRANSACTION_STATUSES, { error: `status must be one of all, ${TRANSACTION_STATUSES.join(', ')}` }).optional(),
  ),
  vcnLast4: z.preprocess(
    (v) => (v === 'all' ? undefined : blankToUndefined(v)),
    singleLine('vcnLast4').max(20, 'vcnLast4 must be at most 20 characters').optional(),
  ),
  minAmount: amountFilter('minAmount'),
  maxAmount: amountFilter('maxAmount'),
});

export const TRANSACTION_SORTS = ['date', 'amount', 'merchant', 'status'] as const;
export const transactionListQuerySchema = transactionFiltersSchema.extend({
  page: z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: 'page must be a whole number from 1' })
      .int('page must be a whole number from 1')
      .min(1, 'page must be a whole number from 1')
      .max(1_000_000, 'page must be at most 1000000')
      .default(1),
  ),
  sort: z.preprocess(blankToUndefined, z.enum(TRANSACTION_SORTS, { error: `sort must be one of ${TRANSACTION_SORTS.join(', ')}` }).default('date')),
  order: z.preprocess(blankToUndefined, z.enum(['asc', 'desc'], { error: 'order must be asc or desc' }).default('desc')),
});
export type TransactionListQuery = z.infer<typeof transactionListQuerySchema>;

/** The spend summary's optional inclusive date range (spec §5). */
export const transactionSummaryQuerySchema = z
  .object({ startDate: optionalDate('startDate'), endDate: optionalDate('endDate') })
  .refine((r) => !r.startDate || !r.endDate || r.startDate <= r.endDate, 'endDate must not be before startDate');
export type TransactionSummaryQuery = z.infer<typeof transactionSummaryQuerySchema>;

export const transactionRowSchema = z.object({
  id: z.number(),
  /** ISO time, or null when the export had no date. */
  transactionDate: wireTimestamp.nullable(),
  clearDate: wireTimestamp.nullable(),
  status: z.enum(TRANSACTION_STATUSES),
  type: z.string().nullable(),
  merchantName: z.string().nullable(),
  vcnNickname: z.string().nullable(),
  vcnLast4: z.string().nullable(),
  referenceId: z.string().nullable(),
  /** Decimal string, e.g. "-12.50". */
  authBillingAmount: wireDecimal,
});
export type TransactionRow = z.output<typeof transactionRowSchema>;

/** GET /api/transactions: one page of the caller's transactions. */
export const transactionPageSchema = z.object({
  transactions: z.array(transactionRowSchema),
  /** Rows matching the filters, over all pages. */
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type TransactionPage = z.output<typeof transactionPageSchema>;

/** A card: how many and how much (decimal string). */
const transactionTallySchema = z.object({ count: z.number(), amount: wireDecimal });
export type TransactionTally = z.output<typeof transactionTallySchema>;

const vcnSpendRowSchema = z.object({ vcnNickname: z.string(), transactions: z.number(), totalSpend: wireDecimal });
export type VcnSpendRow = z.output<typeof vcnSpendRowSchema>;

/** GET /api/transactions/summary: the four cards and the VCN Spend Summary. */
export const transactionSummarySchema = z.object({
  /** PENDING plus CLEARED (spec §9: totals exclude DECLINED). */
  total: transactionTallySchema,
  pending: transactionTallySchema,
  cleared: transactionTallySchema,
  declined: transactionTallySchema,
  /** Within the date range, DECLINED excluded, by nickname, largest total first. */
  spendByVcn: z.array(vcnSpendRowSchema),
  spendTotal: vcnSpendRowSchema,
});
export type TransactionSummary = z.output<typeof transactionSummarySchema>;

/** GET /api/transactions/vcns: the filter's options among the caller's transactions. */
export const transactionVcnOptionsSchema = z.object({
  last4s: z.array(z.string()),
  nicknames: z.array(z.string()),
  /** The VCN nicknames an admin assigned to the caller (even those without transactions yet); null for an admin, who sees all. */
  assignedNicknames: z.array(z.string()).nullable(),
});
export type TransactionVcnOptions = z.output<typeof transactionVcnOptionsSchema>;
