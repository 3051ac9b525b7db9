// Which transactions a caller may see (spec §6): an admin every one; a user only those whose VCN
// nickname an admin assigned to them, so a user with none assigned sees nothing. Every billing read
// adds this condition in SQL: cards, totals and filter options included.
import { eq, inArray, type SQL } from 'drizzle-orm';
import { schema, type Db } from '@tracker/core';
import type { SessionUser } from '@tracker/schemas';

export function transactionScope(db: Db, user: SessionUser): SQL | undefined {
  if (user.role === 'admin') return undefined;
  const assigned = db
    .select({ vcnNickname: schema.userVcnAssignments.vcnNickname })
    .from(schema.userVcnAssignments)
    .where(eq(schema.userVcnAssignments.userId, user.id));
  return inArray(schema.transactions.vcnNickname, assigned);
}
