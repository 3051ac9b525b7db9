// Reads a virtual-card statement export (FACTS.md: 43 columns, matched by header name) as a stream with
// csv-parse, and yields each row as typed values or as the reason it cannot be read, with its line number.
import type { Readable } from 'node:stream';
import { CsvError, parse } from 'csv-parse';
import { MoneyError, STATEMENT_AMOUNT, TRANSACTION_STATUSES, looksBinary, parseMoney, printableLine, type Cents, type TransactionStatus } from '@tracker/schemas';

/** A file the import refuses as a whole: nothing of it is stored. */
export class StatementRefusal extends Error {
  constructor(
    message: string,
    readonly details: string[] = [],
  ) {
    super(message);
  }
}

export interface StatementRow {
  registeredCardLast4: string | null;
  fundingSource: string | null;
  typeOfAccount: string | null;
  transactionDate: Date | null;
  clearDate: Date | null;
  type: string | null;
  status: TransactionStatus;
  nameOnCard: string | null;
  authBillingAmount: Cents;
  merchantName: string | null;
  merchantCity: string | null;
  merchantState: string | null;
  vcnNickname: string | null;
  vcnLast4: string | null;
  referenceId: string | null;
}

export type ReadRow = { line: number; row: StatementRow } | { line: number; error: string };

/** The columns every export must have; the others are stored when present. */
const NEEDED = {
  transactionDate: 'Transaction Date',
  status: 'Status',
  authBillingAmount: 'Authorization Billing Amount',
  merchantName: 'Merchant Name',
  vcnNickname: 'VCN Nickname',
  vcnLast4: 'VCN Last 4',
  referenceId: 'Reference Id',
} as const;
const OPTIONAL = {
  registeredCardLast4: 'Registered Card Last 4',
  fundingSource: 'Funding Source',
  typeOfAccount: 'Type of Account',
  clearDate: 'Clear Date',
  type: 'Type',
  nameOnCard: 'Name On Card',
  merchantCity: 'Merchant City',
  merchantState: 'Merchant State',
} as const;
type Field = keyof typeof NEEDED | keyof typeof OPTIONAL;

/** Header names compare without case, surrounding space or doubled inner space ("VCN  last 4"). */
const headerKey = (name: string) => name.trim().replace(/\s+/g, ' ').toLowerCase();

function mapColumns(header: string[]): Map<Field, number> {
  const positions = new Map<string, number>();
  header.forEach((name, index) => {
    const key = headerKey(name);
    if (!positions.has(key)) positions.set(key, index);
  });
  const columns = new Map<Field, number>();
  const missing: string[] = [];
  for (const [field, name] of Object.entries({ ...NEEDED, ...OPTIONAL }) as Array<[Field, string]>) {
    const index = positions.get(headerKey(name));
    if (index !== undefined) columns.set(field, index);
    else if (field in NEEDED) missing.push(name);
  }
  if (missing.length > 0) {
    throw new StatementRefusal(`The file is missing ${missing.length === 1 ? 'a required column' : 'required columns'}: ${missing.join(', ')}`, [
      `Expected the card provider's statement export with the columns ${Object.values(NEEDED).join(', ')}.`,
      printableLine(`Found: ${header.slice(0, 12).map((h) => printableLine(h, 40) || '(blank)').join(', ')}${header.length > 12 ? ', ...' : ''}`, 300),
    ]);
  }
  return columns;
}

const M_D_Y = /^(\d{1,2})\/(\d{1,2})\/(\d{2}|\d{4})$/;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:[T ][0-9:.]+(?:Z|[+-]\d{2}:?\d{2})?)?$/;

/** `M/D/YY` (20YY), `M/D/YYYY`, `YYYY-MM-DD` (a time after it is ignored: the statement's day counts). */
function readDate(text: string): Date | null | undefined {
  const value = text.trim();
  if (value === '') return null;
  let year: number, month: number, day: number;
  const us = M_D_Y.exec(value);
  const iso = us ? null : ISO_DATE.exec(value);
  if (us) {
    [month, day, year] = [Number(us[1]), Number(us[2]), Number(us[3])];
    if (us[3]!.length === 2) year += 2000;
  } else if (iso) {
    [year, month, day] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
  } else {
    return undefined;
  }
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day ? date : undefined;
}

/** '$1,234.56', '-12.50', '(12.50)' (a refund written the accountant's way) → cents. */
function readAmount(text: string): Cents {
  const value = text.trim();
  const parenthesised = /^\((.*)\)$/.exec(value);
  if (parenthesised) return -parseMoney(parenthesised[1]!, { ...STATEMENT_AMOUNT, negative: false });
  return parseMoney(value, STATEMENT_AMOUNT);
}

/** '*1234' → '1234'. */
const readLast4 = (text: string) => blankToNull(text.trim().replace(/^\*+/, ''));
const blankToNull = (text: string) => (text.trim() === '' ? null : text.trim());
const quoted = (text: string) => `"${printableLine(text, 60)}"`;

function readRow(record: string[], columns: Map<Field, number>): StatementRow | string {
  const cell = (field: Field) => {
    const index = columns.get(field);
    return index === undefined ? '' : (record[index] ?? '');
  };
  const problems: string[] = [];
  const transactionDate = readDate(cell('transactionDate'));
  if (transactionDate === undefined) problems.push(`Transaction Date ${quoted(cell('transactionDate'))} is not a date (M/D/YY or YYYY-MM-DD)`);
  const clearDate = readDate(cell('clearDate'));
  if (clearDate === undefined) problems.push(`Clear Date ${quoted(cell('clearDate'))} is not a date (M/D/YY or YYYY-MM-DD)`);
  const status = cell('status').trim().toUpperCase();
  if (!(TRANSACTION_STATUSES as readonly string[]).includes(status)) {
    problems.push(`Status ${quoted(cell('status'))} is not one of ${TRANSACTION_STATUSES.join(', ')}`);
  }
  let amount: Cents = 0n;
  if (cell('authBillingAmount').trim() === '') problems.push('Authorization Billing Amount is blank');
  else {
    try {
      amount = readAmount(cell('authBillingAmount'));
    } catch (error) {
      if (!(error instanceof MoneyError)) throw error;
      problems.push(`Authorization Billing Amount ${quoted(cell('authBillingAmount'))} is not an amount such as $1,234.56`);
    }
  }
  if (problems.length > 0) return problems.join('; ');
  return {
    registeredCardLast4: readLast4(cell('registeredCardLast4')),
    fundingSource: blankToNull(cell('fundingSource')),
    typeOfAccount: blankToNull(cell('typeOfAccount')),
    transactionDate: transactionDate!,
    clearDate: clearDate!,
    type: blankToNull(cell('type')),
    status: status as TransactionStatus,
    nameOnCard: blankToNull(cell('nameOnCard')),
    authBillingAmount: amount,
    merchantName: blankToNull(cell('merchantName')),
    merchantCity: blankToNull(cell('merchantCity')),
    merchantState: blankToNull(cell('merchantState')),
    vcnNickname: blankToNull(cell('vcnNickname')),
    vcnLast4: readLast4(cell('vcnLast4')),
    referenceId: blankToNull(cell('referenceId')),
  };
}

const notText = (line: number) =>
  new StatementRefusal('The file is not a CSV text file', [
    `Line ${line} holds binary data: is it a spreadsheet or an image? Export the statement as CSV and upload that file.`,
  ]);

/** No stored text may hold NUL (PostgreSQL refuses it); a file with one is not a text export. */
const hasNul = (record: string[]) => record.some((value) => value.includes('\u0000'));

/**
 * The rows of a statement, in file order. Throws StatementRefusal for a file that is not a statement
 * (not CSV, no header, a needed column missing, no rows); a row it cannot read is yielded as an error.
 */
export async function* readStatement(input: Readable): AsyncGenerator<ReadRow> {
  const parser = input.pipe(
    parse({ bom: true, relax_column_count: true, skip_empty_lines: true, info: true, max_record_size: 1_000_000 }),
  );
  input.on('error', (error) => parser.destroy(error));
  let columns: Map<Field, number> | undefined;
  let rows = 0;
  // A record's first line is the line after the previous record's last one (plus skipped blank lines).
  let previousEnd = 0;
  let previousEmpty = 0;
  try {
    for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: { lines: number; empty_lines: number } }>) {
      const line = previousEnd + 1 + (info.empty_lines - previousEmpty);
      previousEnd = info.lines;
      previousEmpty = info.empty_lines;
      if (hasNul(record)) throw notText(line);
      if (!columns) {
        columns = mapColumns(record);
        continue;
      }
      if (record.every((value) => value.trim() === '')) continue;
      rows += 1;
      const row = readRow(record, columns);
      yield typeof row === 'string' ? { line, error: `Line ${line}: ${row}` } : { line, row };
    }
  } catch (error) {
    if (error instanceof CsvError) {
      // csv-parse quotes the field it stopped at (control characters escaped as \u0002); from a binary
      // file those are raw bytes, never shown.
      if (looksBinary(error.message) || /\\u00[01][0-9a-f]/i.test(error.message)) throw notText(previousEnd + 1);
      throw new StatementRefusal('The file is not a valid CSV file', [printableLine(error.message, 200)]);
    }
    throw error;
  }
  if (!columns) throw new StatementRefusal('The file is empty', ['Upload the CSV export of the card statement.']);
  if (rows === 0) throw new StatementRefusal('The file has no transactions', ['It holds the header row only.']);
}
