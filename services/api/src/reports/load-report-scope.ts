// What a report and a drill-down both read before their queries: the report time zone, the spark → buyer
// mapping (only when a media-buyer level or filter needs it), the CAKE fill-ins, and the query's filters
// with a scoped viewer's sparks.
import type { Db } from '@tracker/core';
import type { ReportQuery } from '@tracker/schemas';
import { loadCakeFillIns } from './cake-fill-ins';
import { loadMediaBuyers, NO_MEDIA_BUYERS } from './media-buyers';
import type { ReportFilters, ReportScope } from './report-scope';
import { readReportTimezone } from './report-timezone';
import type { ViewerScope } from './viewer-scope';

export async function loadReportScope(db: Db, query: ReportQuery, needsBuyers: boolean, viewer: ViewerScope | null): Promise<ReportScope> {
  const [timezone, buyers, cake] = await Promise.all([
    readReportTimezone(db),
    needsBuyers || query.mediaBuyer !== undefined ? loadMediaBuyers(db) : NO_MEDIA_BUYERS,
    loadCakeFillIns(db, query.startDate),
  ]);
  const filters: ReportFilters = {
    offer: query.offer,
    spark: query.spark,
    mediaBuyer: query.mediaBuyer,
    campaignId: query.campaignId,
    country: query.country,
    device: query.device,
    os: query.os,
    browser: query.browser,
    rule: query.rule,
    ...(viewer ? { viewerSparks: viewer.sparkIds } : {}),
  };
  return { timezone, startDate: query.startDate, endDate: query.endDate, filters, buyers, cake };
}
