// GET /api/transactions/vcns: the distinct VCN last-4s and nicknames among the caller's transactions,
// for the Transactions filter (spec §2: 'All VCNs plus the distinct last-4 values found').
import { and, asc, isNotNull, ne } from 'drizzle-orm';
import { schema, type Db } from '@tracker/core';
import type { SessionUser, TransactionVcnOptions } from '@tracker/schemas';
import { transactionScope } from './transaction-scope';

const t = schema.transactions;

export async function listTransactionVcns(db: Db, user: SessionUser): Promise<TransactionVcnOptions> {
  const scope = transactionScope(db, user);
  const [last4s, nicknames] = await Promise.all([
    db.selectDistinct({ value: t.vcnLast4 }).from(t).where(and(scope, isNotNull(t.vcnLast4), ne(t.vcnLast4, ''))).orderBy(asc(t.vcnLast4)),
    db.selectDistinct({ value: t.vcnNickname }).from(t).where(and(scope, isNotNull(t.vcnNickname), ne(t.vcnNickname, ''))).orderBy(asc(t.vcnNickname)),
  ]);
  return { last4s: last4s.map((r) => r.value!), nicknames: nicknames.map((r) => r.value!) };
}
