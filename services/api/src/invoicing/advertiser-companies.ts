// Saved Companies of the advertiser settings panel: picked to fill the create form. Names are unique
// regardless of case ('globex corporation' is the saved 'Globex Corporation').
import { asc, eq } from 'drizzle-orm';
import { conflict, notFound, schema, type Db } from '@tracker/core';

export type AdvertiserCompanyRow = typeof schema.advertiserCompanies.$inferSelect;

export async function listAdvertiserCompanies(db: Db): Promise<AdvertiserCompanyRow[]> {
  return db.select().from(schema.advertiserCompanies).orderBy(asc(schema.advertiserCompanies.companyName));
}

export async function createAdvertiserCompany(db: Db, body: { companyName: string; billingAddress: string | null }): Promise<AdvertiserCompanyRow> {
  const [row] = await db.insert(schema.advertiserCompanies).values(body).onConflictDoNothing().returning();
  if (!row) throw conflict('A company with this name is already saved');
  return row;
}

export async function deleteAdvertiserCompany(db: Db, id: number): Promise<void> {
  const deleted = await db.delete(schema.advertiserCompanies).where(eq(schema.advertiserCompanies.id, id)).returning({ id: schema.advertiserCompanies.id });
  if (deleted.length === 0) throw notFound('Company not found');
}
