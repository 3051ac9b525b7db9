// The nicknames the VCN assignment dialog offers: the distinct ones of uploaded transactions
// (an empty list until billing statements are uploaded).
import { and, asc, isNotNull, ne } from 'drizzle-orm';
import { schema, type Db } from '@tracker/core';

export async function listVcnOptions(db: Db): Promise<string[]> {
  const t = schema.transactions;
  const rows = await db
    .selectDistinct({ vcnNickname: t.vcnNickname })
    .from(t)
    .where(and(isNotNull(t.vcnNickname), ne(t.vcnNickname, '')))
    .orderBy(asc(t.vcnNickname));
  return rows.map((r) => r.vcnNickname!);
}
