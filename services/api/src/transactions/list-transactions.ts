// GET /api/transactions: one page (50) of the caller's transactions, filtered and sorted by the server,
// newest first by default, with the number of matching rows for the pager.
import { and, asc, count, desc, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import { schema, type Db } from '@tracker/core';
import { TRANSACTIONS_PAGE_SIZE, type SessionUser, type TransactionListQuery, type TransactionPage, type TransactionStatus } from '@tracker/schemas';
import { transactionScope } from './transaction-scope';

const t = schema.transactions;

export function transactionFilters(db: Db, user: SessionUser, query: Omit<TransactionListQuery, 'page' | 'sort' | 'order'>): SQL | undefined {
  return and(
    transactionScope(db, user),
    query.status ? eq(t.status, query.status) : undefined,
    query.vcnLast4 ? eq(t.vcnLast4, query.vcnLast4.replace(/^\*+/, '')) : undefined,
    query.minAmount !== undefined ? gte(t.authBillingAmount, query.minAmount) : undefined,
    query.maxAmount !== undefined ? lte(t.authBillingAmount, query.maxAmount) : undefined,
  );
}

const SORT_COLUMNS = { date: t.transactionDate, amount: t.authBillingAmount, merchant: t.merchantName, status: t.status } as const;

export async function listTransactions(db: Db, user: SessionUser, query: TransactionListQuery): Promise<TransactionPage> {
  const where = transactionFilters(db, user, query);
  const column = SORT_COLUMNS[query.sort];
  const direction = query.order === 'asc' ? asc : desc;
  // Rows without the sorted value go last either way; the id keeps equal values in a stable order.
  const orderBy = [query.order === 'asc' ? sql`${column} asc nulls last` : sql`${column} desc nulls last`, direction(t.id)];
  const [rows, [{ total } = { total: 0 }]] = await Promise.all([
    db
      .select({
        id: t.id,
        transactionDate: t.transactionDate,
        clearDate: t.clearDate,
        status: t.status,
        type: t.type,
        merchantName: t.merchantName,
        vcnNickname: t.vcnNickname,
        vcnLast4: t.vcnLast4,
        referenceId: t.referenceId,
        authBillingAmount: t.authBillingAmount,
      })
      .from(t)
      .where(where)
      .orderBy(...orderBy)
      .limit(TRANSACTIONS_PAGE_SIZE)
      .offset((query.page - 1) * TRANSACTIONS_PAGE_SIZE),
    db.select({ total: count() }).from(t).where(where),
  ]);
  return {
    transactions: rows.map((row) => ({
      ...row,
      status: row.status as TransactionStatus,
      transactionDate: row.transactionDate?.toISOString() ?? null,
      clearDate: row.clearDate?.toISOString() ?? null,
    })),
    total,
    page: query.page,
    pageSize: TRANSACTIONS_PAGE_SIZE,
  };
}
