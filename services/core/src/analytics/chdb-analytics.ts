// Embedded ClickHouse (chDB) in one folder. Every call uses chDB's async API, which runs the engine
// off the event loop: a report query never stalls the click redirect served by the same process.
import fs from 'node:fs';
import { Session } from 'chdb';
import {
  OUTPUT_SETTINGS,
  encodeJsonEachRowInSlices,
  parseJsonEachRow,
  type Analytics,
  type InsertOptions,
  type QueryParams,
} from './analytics';

export async function openChdbAnalytics(dir: string): Promise<Analytics> {
  fs.mkdirSync(dir, { recursive: true });
  // chDB locks the folder: a second process fails here with "Cannot lock file".
  const session = new Session(dir);
  for (const [name, value] of Object.entries(OUTPUT_SETTINGS)) {
    await session.queryAsync(`SET ${name} = ${typeof value === 'string' ? `'${value}'` : value}`);
  }
  let closed = false;
  const run = (sql: string, params: QueryParams | undefined, format: string) =>
    params && Object.keys(params).length > 0
      ? session.queryBindAsync(sql, params, { format })
      : session.queryAsync(sql, { format });

  return {
    kind: 'chdb',
    async exec(sql, params) {
      await run(sql, params, 'CSV');
    },
    async query<T>(sql: string, params?: QueryParams) {
      const result = await run(sql, params, 'JSONEachRow');
      return parseJsonEachRow<T>(result.text());
    },
    async insert(table: string, rows: readonly object[], options?: InsertOptions) {
      if (rows.length === 0) return;
      await session.insert({
        table,
        format: 'JSONEachRow',
        values: await encodeJsonEachRowInSlices(rows),
        settings: options?.dedupToken ? { insert_deduplication_token: options.dedupToken } : undefined,
      });
    },
    async close() {
      if (closed) return;
      closed = true;
      session.close();
    },
  };
}
