// Click rows written with their rollups, for everything that stores clicks without the projector: tests,
// loaders, imports. The click rollups are no materialized views (click-rollups.ts): a plain insert into
// `clicks` would leave every report without those visits.
import type { Analytics, InsertOptions } from './analytics';
import { TRACKING_VARIABLES } from '@tracker/schemas/tracking-variables';
import { CLICK_ROLLUP_TABLES, ClickRollups, type ClickFact } from './click-rollups';

const text = (value: unknown) => (value === undefined || value === null ? '' : String(value));

/** A clicks-table row as a rollup fact; a column the row leaves out counts as its default, as the table stores it. */
function clickFactOfRow(row: Record<string, unknown>): ClickFact {
  const fact = {
    clicked_at: text(row.clicked_at),
    campaign_id: text(row.campaign_id),
    spark_id: text(row.spark_id),
    offer_id: Number(row.offer_id ?? 0),
    lander_id: Number(row.lander_id ?? 0),
    bot: text(row.bot),
  } as ClickFact;
  for (const { column } of TRACKING_VARIABLES) fact[column] = text(row[column]);
  return fact;
}

/** Inserts click rows, then their rollup rows; with a token, each table's insert is deduplicated under its own. */
export async function insertClicks(analytics: Analytics, rows: ReadonlyArray<Record<string, unknown>>, options: InsertOptions = {}): Promise<void> {
  if (rows.length === 0) return;
  const rollups = new ClickRollups();
  for (const row of rows) rollups.add(clickFactOfRow(row));
  await analytics.insert('clicks', rows, options);
  const rollupRows = rollups.rows();
  for (const table of CLICK_ROLLUP_TABLES) {
    await analytics.insert(table, rollupRows[table], { dedupToken: options.dedupToken && `${options.dedupToken}:${table}` });
  }
}
