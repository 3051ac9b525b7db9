// The two invoice-settings documents (publisher, advertiser): the from-company, bill-to and bank details
// the PDFs print. An unsaved advertiser document starts with Weekly Net 7 terms and the signed-in admin
// as account manager (spec §9).
import { schema, type Db } from '@tracker/core';
import { DEFAULT_PAY_TERMS, INVOICE_SETTING_FIELDS, type InvoiceKind, type InvoiceSettings } from '@tracker/schemas';
import { eq } from 'drizzle-orm';

const blank = (): InvoiceSettings => Object.fromEntries(INVOICE_SETTING_FIELDS.map((f) => [f, null])) as InvoiceSettings;

function pick(row: Record<string, unknown>): InvoiceSettings {
  return Object.fromEntries(INVOICE_SETTING_FIELDS.map((f) => [f, (row[f] as string | null) ?? null])) as InvoiceSettings;
}

export async function getInvoiceSettings(db: Db, kind: InvoiceKind, userName: string): Promise<InvoiceSettings> {
  const [row] = await db.select().from(schema.invoiceSettings).where(eq(schema.invoiceSettings.id, kind));
  if (row) return pick(row);
  return kind === 'advertiser' ? { ...blank(), terms: DEFAULT_PAY_TERMS, accountManager: userName } : blank();
}

export async function saveInvoiceSettings(db: Db, kind: InvoiceKind, body: InvoiceSettings): Promise<InvoiceSettings> {
  const values = pick(body);
  const [row] = await db
    .insert(schema.invoiceSettings)
    .values({ id: kind, ...values })
    .onConflictDoUpdate({ target: schema.invoiceSettings.id, set: { ...values, updatedAt: new Date() } })
    .returning();
  return pick(row!);
}
