// GET /api/clicks/export.csv: every click of the range (and campaign) as click-log-{date}.csv, read
// from ClickHouse in keyset batches and written through csv-stringify only as fast as the client reads.
import { Readable, pipeline } from 'node:stream';
import { stringify } from 'csv-stringify';
import type { Analytics, Db } from '@tracker/core';
import { CLICK_LOG_CSV_COLUMNS, type ClickLogExportQuery } from '@tracker/schemas';
import { clickScope, findNewestClick, readClickPage, type ChKey, type ClickScope } from './click-keyset';
import { describeClicks, type DescribedClick } from './describe-clicks';
import { readReportTimezone } from './report-timezone';
import type { ViewerScope } from './viewer-scope';

/** Clicks read per batch: one batch (and its exits, conversions and CSV text) is all the export holds,
 *  and its ids stay well below the ~21,000 an IN list takes on chDB. */
export const EXPORT_BATCH = 5000;

function csvRecord({ row, clickedLocal, exitedLocal }: DescribedClick): string[] {
  return [
    row.clickId,
    row.campaignName,
    clickedLocal,
    row.exitedAt ? 'Yes' : 'No',
    exitedLocal ?? '',
    row.conversions > 0 ? 'Yes' : 'No',
    row.tiktokCampaignId,
    row.tiktokAdGroupId,
    row.tiktokCreativeId,
    row.placement,
    row.tiktokCampaignName,
    row.adGroupName,
    row.creativeName,
    row.ipAddress,
    row.userAgent,
    row.revenue,
  ];
}

/** Newest first from `asOf` down: each batch starts just below the last click of the one before, so
 *  clicks arriving meanwhile neither repeat nor push any click out of the file. */
async function* readRecords(deps: { db: Db; analytics: Analytics }, scope: ClickScope, asOf: ChKey): AsyncGenerator<string[]> {
  const names = new Map<string, string>();
  let upper = { key: asOf, inclusive: true };
  for (;;) {
    const clicks = await readClickPage(deps.analytics, scope, { order: 'newest', upper, skip: 0, limit: EXPORT_BATCH });
    for (const described of await describeClicks(deps, clicks, scope.tz, names)) yield csvRecord(described);
    if (clicks.length < EXPORT_BATCH) return;
    const oldest = clicks[clicks.length - 1]!;
    upper = { key: { clickedAt: oldest.clicked_at, clickId: oldest.click_id }, inclusive: false };
  }
}

export interface ClickLogFile {
  /** click-log-{today in the report time zone}.csv */
  fileName: string;
  body: NodeJS.ReadableStream;
}

/** The snapshot and file name are read before the answer starts, so a store that fails at once still
 *  answers an error rather than a cut-off file. */
export async function exportClickLog(
  deps: { db: Db; analytics: Analytics },
  query: ClickLogExportQuery,
  viewer: ViewerScope | null = null,
): Promise<ClickLogFile> {
  const tz = await readReportTimezone(deps.db);
  const scope = clickScope(tz, query, viewer);
  const [asOf, [today]] = await Promise.all([
    findNewestClick(deps.analytics, scope),
    deps.analytics.query<{ today: string }>('SELECT toString(toDate(now(), {tz:String})) AS today', { tz }),
  ]);
  const csv = stringify({
    header: true,
    columns: [...CLICK_LOG_CSV_COLUMNS],
    quoted: true,
    quoted_empty: true,
    // Visitors write campaign, ad and placement names and user agents: a cell starting = + - @ (or a
    // tab, CR) gets a leading ' so a spreadsheet shows it as text instead of running it.
    escape_formulas: true,
  });
  const records = asOf ? Readable.from(readRecords(deps, scope, asOf)) : Readable.from([]);
  // pipeline ends the file on the last batch, and destroys both sides when either fails or the
  // client goes away, which stops the batches. A failure is not lost: it destroys `csv` with the
  // error, and Fastify logs it and cuts the answer short.
  pipeline(records, csv, () => {});
  return { fileName: `click-log-${today!.today}.csv`, body: csv };
}
