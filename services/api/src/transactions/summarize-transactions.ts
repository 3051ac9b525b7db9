// GET /api/transactions/summary: the four cards (spec §2; totals exclude DECLINED, §9) and the VCN Spend
// Summary (optional inclusive date range, DECLINED excluded, by nickname, 'Unknown VCN' for none,
// largest total first), each one aggregate in SQL over the caller's transactions.
import { and, count, desc, gte, lt, ne, sql } from 'drizzle-orm';
import { schema, type Db } from '@tracker/core';
import { UNKNOWN_VCN, moneyText, parseMoney, type SessionUser, type TransactionSummary, type TransactionSummaryQuery } from '@tracker/schemas';
import { transactionScope } from './transaction-scope';

const t = schema.transactions;
const sumWhere = (condition: ReturnType<typeof sql>) => sql<string>`coalesce(sum(${t.authBillingAmount}) filter (where ${condition}), 0)::numeric(14,2)::text`;
const countWhere = (condition: ReturnType<typeof sql>) => sql<number>`(count(*) filter (where ${condition}))::int`;

const nextDay = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000);

export async function summarizeTransactions(db: Db, user: SessionUser, range: TransactionSummaryQuery): Promise<TransactionSummary> {
  const scope = transactionScope(db, user);
  const notDeclined = sql`${t.status} <> 'DECLINED'`;
  // Inlined, not a parameter: GROUP BY must see the same expression text as the select list.
  const nickname = sql<string>`coalesce(nullif(${t.vcnNickname}, ''), ${sql.raw(`'${UNKNOWN_VCN}'`)})`;
  const [cardsRows, spendRows] = await Promise.all([
    db
      .select({
        totalCount: countWhere(notDeclined),
        totalAmount: sumWhere(notDeclined),
        pendingCount: countWhere(sql`${t.status} = 'PENDING'`),
        pendingAmount: sumWhere(sql`${t.status} = 'PENDING'`),
        clearedCount: countWhere(sql`${t.status} = 'CLEARED'`),
        clearedAmount: sumWhere(sql`${t.status} = 'CLEARED'`),
        declinedCount: countWhere(sql`${t.status} = 'DECLINED'`),
        declinedAmount: sumWhere(sql`${t.status} = 'DECLINED'`),
      })
      .from(t)
      .where(scope),
    db
      .select({ vcnNickname: nickname, transactions: count(), totalSpend: sql<string>`sum(${t.authBillingAmount})::numeric(14,2)::text` })
      .from(t)
      .where(
        and(
          scope,
          ne(t.status, 'DECLINED'),
          // A range set keeps only dated transactions inside it (spec §5), both ends inclusive.
          range.startDate ? gte(t.transactionDate, new Date(`${range.startDate}T00:00:00Z`)) : undefined,
          range.endDate ? lt(t.transactionDate, nextDay(range.endDate)) : undefined,
        ),
      )
      .groupBy(nickname)
      .orderBy(desc(sql`sum(${t.authBillingAmount})`), nickname),
  ]);
  const c = cardsRows[0]!;
  const spendByVcn = spendRows.map((row) => ({ ...row, transactions: Number(row.transactions) }));
  const totalCents = spendByVcn.reduce((sum, row) => sum + parseMoney(row.totalSpend), 0n);
  return {
    total: { count: c.totalCount, amount: c.totalAmount },
    pending: { count: c.pendingCount, amount: c.pendingAmount },
    cleared: { count: c.clearedCount, amount: c.clearedAmount },
    declined: { count: c.declinedCount, amount: c.declinedAmount },
    spendByVcn,
    spendTotal: {
      vcnNickname: 'Total',
      transactions: spendByVcn.reduce((sum, row) => sum + row.transactions, 0),
      totalSpend: moneyText(totalCents),
    },
  };
}

