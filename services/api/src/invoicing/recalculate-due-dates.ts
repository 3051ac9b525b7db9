// 'Recalculate due dates': applies the current due-date rule to every advertiser invoice (rows made before
// a rule change, or imported) and answers how many changed.
import { eq } from 'drizzle-orm';
import { schema, type Db } from '@tracker/core';
import { computeDueDate, periodEndOf } from '@tracker/schemas';

export async function recalculateDueDates(db: Db): Promise<{ updatedCount: number }> {
  const table = schema.advertiserInvoices;
  return db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: table.id, invoiceDate: table.invoiceDate, period: table.period, payTerms: table.payTerms, dueDate: table.dueDate })
      .from(table)
      .for('update');
    let updatedCount = 0;
    for (const row of rows) {
      const dueDate = computeDueDate({ invoiceDate: row.invoiceDate, periodEnd: periodEndOf(row.period), payTerms: row.payTerms });
      if (dueDate === row.dueDate) continue;
      await tx.update(table).set({ dueDate }).where(eq(table.id, row.id));
      updatedCount += 1;
    }
    return { updatedCount };
  });
}
