// Chooses the analytics engine: a ClickHouse server when CLICKHOUSE_URL is set, else chDB in `dir`; read-only
// for `tracker sql`.
import type { Analytics } from './analytics';
import { openChdbAnalytics } from './chdb-analytics';
import { openClickHouseAnalytics } from './clickhouse-analytics';

export function openAnalytics(options: { clickhouseUrl?: string; dir?: string; readOnly?: boolean; backgroundNice?: number }): Promise<Analytics> {
  if (options.clickhouseUrl) return openClickHouseAnalytics(options.clickhouseUrl, { readOnly: options.readOnly });
  if (!options.dir) throw new Error('openAnalytics needs clickhouseUrl or dir');
  return openChdbAnalytics(options.dir, { readOnly: options.readOnly, backgroundNice: options.backgroundNice });
}
