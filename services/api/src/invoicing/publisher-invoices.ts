// Publisher payouts (spec §7 Invoicing): list newest first, create with the next PUB number (in the workspace
// currency unless the body names another), delete.
import { desc, eq } from 'drizzle-orm';
import { notFound, schema, workspaceCurrency, type Db } from '@tracker/core';
import type { z } from 'zod';
import type { publisherInvoiceCreateSchema } from '@tracker/schemas';
import { nextInvoiceNumber } from './next-invoice-number';

export type PublisherInvoiceRow = typeof schema.publisherInvoices.$inferSelect;

export async function listPublisherInvoices(db: Db): Promise<PublisherInvoiceRow[]> {
  return db.select().from(schema.publisherInvoices).orderBy(desc(schema.publisherInvoices.id));
}

export async function createPublisherInvoice(
  db: Db,
  body: z.output<typeof publisherInvoiceCreateSchema>,
  year: number,
): Promise<PublisherInvoiceRow> {
  return db.transaction(async (tx) => {
    const invoiceNumber = await nextInvoiceNumber(tx, 'PUB', year);
    const currency = body.currency ?? (await workspaceCurrency(tx));
    const [row] = await tx.insert(schema.publisherInvoices).values({ ...body, currency, invoiceNumber }).returning();
    return row!;
  });
}

export async function deletePublisherInvoice(db: Db, id: number): Promise<void> {
  const deleted = await db.delete(schema.publisherInvoices).where(eq(schema.publisherInvoices.id, id)).returning({ id: schema.publisherInvoices.id });
  if (deleted.length === 0) throw notFound('Publisher invoice not found');
}
