// A ClickHouse server (or cluster) through @clickhouse/client over HTTP. The URL may carry
// credentials and the database: http://user:password@host:8123/database.
import { Readable } from 'node:stream';
import { createClient } from '@clickhouse/client';
import {
  OUTPUT_SETTINGS,
  type Analytics,
  type InsertOptions,
  type QueryParams,
} from './analytics';

export async function openClickHouseAnalytics(url: string): Promise<Analytics> {
  const client = createClient({
    url,
    request_timeout: 60_000,
    clickhouse_settings: { ...OUTPUT_SETTINGS },
  });
  const ping = await client.ping();
  if (!ping.success) {
    await client.close();
    throw new Error(`ClickHouse at CLICKHOUSE_URL does not answer: ${ping.error.message}`);
  }
  return {
    kind: 'clickhouse',
    async exec(sql: string, params?: QueryParams) {
      await client.command({ query: sql, query_params: params });
    },
    async query<T>(sql: string, params?: QueryParams) {
      const result = await client.query({ query: sql, query_params: params, format: 'JSONEachRow' });
      return result.json<T>();
    },
    async insert(table: string, rows: readonly object[], options?: InsertOptions) {
      if (rows.length === 0) return;
      await client.insert({
        table,
        values: rows as object[],
        format: 'JSONEachRow',
        clickhouse_settings: options?.dedupToken
          ? { insert_deduplication_token: options.dedupToken }
          : undefined,
      });
    },
    async insertJsonLines(table: string, lines: Buffer, options?: InsertOptions) {
      if (lines.length === 0) return;
      const result = await client.exec({
        query: `INSERT INTO ${table} FORMAT JSONEachRow`,
        values: Readable.from([lines]),
        clickhouse_settings: options?.dedupToken ? { insert_deduplication_token: options.dedupToken } : undefined,
      });
      // The answer is empty; reading it to the end frees the connection for the next request.
      for await (const _ of result.stream) void _;
    },
    close: () => client.close(),
  };
}
