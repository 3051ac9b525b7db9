// A user's Stats table preferences (user_dashboard_preferences): visible columns and column widths,
// the spec's defaults when none are saved. Ids saved by an older version that no longer exist are
// dropped on the way out.
import { eq } from 'drizzle-orm';
import { schema, type Db } from '@tracker/core';
import {
  COLUMN_WIDTH_KEYS,
  DEFAULT_VISIBLE_COLUMNS,
  REPORT_COLUMN_IDS,
  type ColumnWidthKey,
  type ReportColumnId,
  type UserPreferences,
} from '@tracker/schemas';

export function knownPreferences(visibleColumns: string[], columnWidths: Record<string, number>): UserPreferences {
  return {
    visibleColumns: visibleColumns.filter((id): id is ReportColumnId => (REPORT_COLUMN_IDS as readonly string[]).includes(id)),
    columnWidths: Object.fromEntries(
      Object.entries(columnWidths).filter(([key]) => (COLUMN_WIDTH_KEYS as readonly string[]).includes(key)),
    ) as Partial<Record<ColumnWidthKey, number>>,
  };
}

export async function getPreferences(db: Db, userId: number): Promise<UserPreferences> {
  const [row] = await db
    .select()
    .from(schema.userDashboardPreferences)
    .where(eq(schema.userDashboardPreferences.userId, userId));
  if (!row) return { visibleColumns: [...DEFAULT_VISIBLE_COLUMNS], columnWidths: {} };
  return knownPreferences(row.visibleColumns, row.columnWidths);
}
