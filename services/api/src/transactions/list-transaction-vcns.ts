// GET /api/transactions/vcns: the distinct VCN last-4s and nicknames among the caller's transactions,
// for the Transactions filter (spec §2: 'All VCNs plus the distinct last-4 values found'), and the cards
// assigned to a user, so the screen can tell "no card assigned yet" from "no transactions yet".
import { and, asc, eq, isNotNull, ne } from 'drizzle-orm';
import { schema, type Db } from '@tracker/core';
import type { SessionUser, TransactionVcnOptions } from '@tracker/schemas';
import { transactionScope } from './transaction-scope';

const t = schema.transactions;

export async function listTransactionVcns(db: Db, user: SessionUser): Promise<TransactionVcnOptions> {
  const scope = transactionScope(db, user);
  const assignments = schema.userVcnAssignments;
  const [last4s, nicknames, assigned] = await Promise.all([
    db.selectDistinct({ value: t.vcnLast4 }).from(t).where(and(scope, isNotNull(t.vcnLast4), ne(t.vcnLast4, ''))).orderBy(asc(t.vcnLast4)),
    db.selectDistinct({ value: t.vcnNickname }).from(t).where(and(scope, isNotNull(t.vcnNickname), ne(t.vcnNickname, ''))).orderBy(asc(t.vcnNickname)),
    user.role === 'admin'
      ? null
      : db.select({ value: assignments.vcnNickname }).from(assignments).where(eq(assignments.userId, user.id)).orderBy(asc(assignments.vcnNickname)),
  ]);
  return { last4s: last4s.map((r) => r.value!), nicknames: nicknames.map((r) => r.value!), assignedNicknames: assigned?.map((r) => r.value) ?? null };
}
