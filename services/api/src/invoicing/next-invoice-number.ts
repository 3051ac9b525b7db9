// Hands out PUB-YYYY-NNNN / ADV-YYYY-NNNN numbers: one counter row per prefix, restarting each year.
// One atomic upsert takes the row lock, so parallel creates queue on it instead of reading the same value;
// it runs inside the invoice's own transaction, so a create that fails gives its number back (no gaps).
import { sql } from 'drizzle-orm';
import { schema, type Db } from '@tracker/core';

export type InvoicePrefix = 'PUB' | 'ADV';
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export async function nextInvoiceNumber(tx: Tx, prefix: InvoicePrefix, year: number): Promise<string> {
  const seq = schema.invoiceSequences;
  // A clock a little behind (another process at midnight on New Year's Eve) keeps counting in the newer year
  // rather than restarting an old one.
  const [row] = await tx
    .insert(seq)
    .values({ prefix, currentYear: year, currentSequence: 1 })
    .onConflictDoUpdate({
      target: seq.prefix,
      set: {
        currentSequence: sql`case when ${seq.currentYear} < excluded.current_year then 1 else ${seq.currentSequence} + 1 end`,
        currentYear: sql`greatest(${seq.currentYear}, excluded.current_year)`,
      },
    })
    .returning({ year: seq.currentYear, sequence: seq.currentSequence });
  return `${prefix}-${row!.year}-${String(row!.sequence).padStart(4, '0')}`;
}
