// Advertiser billing (spec §7 Invoicing): create with the next ADV number, the total summed from the lines
// and the due date by the shared rule (both the server's, whatever the client sent), in the workspace currency unless the body names another; list, delete.
import { desc, eq } from 'drizzle-orm';
import { notFound, schema, workspaceCurrency, type Db } from '@tracker/core';
import type { z } from 'zod';
import { computeDueDate, invoiceTotal, periodEndOf, type advertiserInvoiceCreateSchema } from '@tracker/schemas';
import { nextInvoiceNumber } from './next-invoice-number';

export type AdvertiserInvoiceRow = typeof schema.advertiserInvoices.$inferSelect;

export async function listAdvertiserInvoices(db: Db): Promise<AdvertiserInvoiceRow[]> {
  return db.select().from(schema.advertiserInvoices).orderBy(desc(schema.advertiserInvoices.id));
}

export async function createAdvertiserInvoice(
  db: Db,
  body: z.output<typeof advertiserInvoiceCreateSchema>,
  year: number,
): Promise<AdvertiserInvoiceRow> {
  const { lineItems, dueDate: _clientDueDate, totalAmount: _clientTotal, ...fields } = body;
  const dueDate = computeDueDate({ invoiceDate: body.invoiceDate, periodEnd: periodEndOf(body.period), payTerms: body.payTerms });
  return db.transaction(async (tx) => {
    const invoiceNumber = await nextInvoiceNumber(tx, 'ADV', year);
    const [row] = await tx
      .insert(schema.advertiserInvoices)
      .values({ ...fields, currency: fields.currency ?? (await workspaceCurrency(tx)), invoiceNumber, lineItems: JSON.stringify(lineItems), totalAmount: invoiceTotal(lineItems), dueDate })
      .returning();
    return row!;
  });
}

export async function deleteAdvertiserInvoice(db: Db, id: number): Promise<void> {
  const deleted = await db.delete(schema.advertiserInvoices).where(eq(schema.advertiserInvoices.id, id)).returning({ id: schema.advertiserInvoices.id });
  if (deleted.length === 0) throw notFound('Advertiser invoice not found');
}
