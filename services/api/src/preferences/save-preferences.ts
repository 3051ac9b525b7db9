// Saves a user's Stats table preferences; a part not sent keeps its saved (or default) value.
import { schema, type Db } from '@tracker/core';
import type { ColumnWidthKey, ReportColumnId, UserPreferences } from '@tracker/schemas';
import { getPreferences } from './get-preferences';

export async function savePreferences(
  db: Db,
  userId: number,
  body: { visibleColumns?: ReportColumnId[]; columnWidths?: Partial<Record<ColumnWidthKey, number>> },
): Promise<UserPreferences> {
  const current = await getPreferences(db, userId);
  const next: UserPreferences = {
    visibleColumns: body.visibleColumns ?? current.visibleColumns,
    columnWidths: body.columnWidths ?? current.columnWidths,
  };
  const values = {
    visibleColumns: next.visibleColumns as string[],
    columnWidths: next.columnWidths as Record<string, number>,
    updatedAt: new Date(),
  };
  await db
    .insert(schema.userDashboardPreferences)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: schema.userDashboardPreferences.userId, set: values });
  return next;
}
