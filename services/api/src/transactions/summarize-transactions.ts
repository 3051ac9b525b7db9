// GET /api/transactions/summary: the four cards (spec §2; totals exclude DECLINED, §9) and the VCN Spend
// Summary (optional inclusive date range, DECLINED excluded, by nickname, 'Unknown VCN' for none, largest
// total first), summed in SQL from transaction_day_totals, which every import rebuilds, within the caller's scope.
import { and, eq, gte, inArray, isNotNull, lte, ne, sql, type SQL } from 'drizzle-orm';
import { schema, type Db } from '@tracker/core';
import { UNKNOWN_VCN, moneyText, parseMoney, type SessionUser, type TransactionStatus, type TransactionSummary } from '@tracker/schemas';
import type { TransactionSummaryQuery } from '@tracker/schemas';

const d = schema.transactionDayTotals;

/** The same rule as transactionScope, on the totals: a user's assigned nicknames only. */
function totalsScope(db: Db, user: SessionUser): SQL | undefined {
  if (user.role === 'admin') return undefined;
  const assigned = db
    .select({ vcnNickname: schema.userVcnAssignments.vcnNickname })
    .from(schema.userVcnAssignments)
    .where(eq(schema.userVcnAssignments.userId, user.id));
  return inArray(d.vcnNickname, assigned);
}

export async function summarizeTransactions(db: Db, user: SessionUser, range: TransactionSummaryQuery): Promise<TransactionSummary> {
  const scope = totalsScope(db, user);
  // Inlined, not a parameter: GROUP BY must see the same expression text as the select list.
  const nickname = sql<string>`coalesce(nullif(${d.vcnNickname}, ''), ${sql.raw(`'${UNKNOWN_VCN}'`)})`;
  const total = sql<string>`sum(${d.amount})`;
  const [byStatus, spendRows] = await Promise.all([
    db
      .select({ status: d.status, transactions: sql<number>`sum(${d.transactions})::int`, amount: sql<string>`${total}::numeric(14,2)::text` })
      .from(d)
      .where(scope)
      .groupBy(d.status),
    db
      .select({ vcnNickname: nickname, transactions: sql<number>`sum(${d.transactions})::int`, totalSpend: sql<string>`${total}::numeric(14,2)::text` })
      .from(d)
      .where(
        and(
          scope,
          ne(d.status, 'DECLINED'),
          // A range set keeps only dated transactions inside it (spec §5), both ends inclusive.
          range.startDate || range.endDate ? isNotNull(d.day) : undefined,
          range.startDate ? gte(d.day, range.startDate) : undefined,
          range.endDate ? lte(d.day, range.endDate) : undefined,
        ),
      )
      .groupBy(nickname)
      .orderBy(sql`${total} desc`, nickname),
  ]);
  const tally = (status: TransactionStatus) => {
    const row = byStatus.find((r) => r.status === status);
    return { count: row?.transactions ?? 0, cents: row ? parseMoney(row.amount) : 0n };
  };
  const [pending, cleared, declined] = [tally('PENDING'), tally('CLEARED'), tally('DECLINED')];
  const card = (t: { count: number; cents: bigint }) => ({ count: t.count, amount: moneyText(t.cents) });
  const spendCents = spendRows.reduce((sum, row) => sum + parseMoney(row.totalSpend), 0n);
  return {
    total: card({ count: pending.count + cleared.count, cents: pending.cents + cleared.cents }),
    pending: card(pending),
    cleared: card(cleared),
    declined: card(declined),
    spendByVcn: spendRows,
    spendTotal: { vcnNickname: 'Total', transactions: spendRows.reduce((sum, row) => sum + row.transactions, 0), totalSpend: moneyText(spendCents) },
  };
}
