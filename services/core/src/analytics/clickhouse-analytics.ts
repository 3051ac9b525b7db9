// A ClickHouse server (or cluster) through @clickhouse/client over HTTP. The URL may carry
// credentials and the database: http://user:password@host:8123/database. Opened read-only (`tracker sql`),
// the URL must sign in as a user whose profile fixes readonly (deploy/clickhouse/analyst-user.sql).
import { Readable } from 'node:stream';
import { createClient } from '@clickhouse/client';
import {
  OUTPUT_SETTINGS,
  jsonLinesInsert,
  type Analytics,
  type InsertOptions,
  type JsonLinesOptions,
  type QueryParams,
} from './analytics';

export interface ClickHouseOptions {
  /** Refuse to open unless the URL's user is read-only by its own profile: the server, not this client, must be
   *  what stops a statement from writing or from turning read-only off. */
  readOnly?: boolean;
}

export async function openClickHouseAnalytics(url: string, options: ClickHouseOptions = {}): Promise<Analytics> {
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
  if (options.readOnly) {
    const result = await client.query({ query: "SELECT getSetting('readonly') AS readonly", format: 'JSONEachRow' });
    const [row] = await result.json<{ readonly: number }>();
    if (Number(row?.readonly) !== 1) {
      await client.close();
      throw new Error(
        'CLICKHOUSE_URL signs in as a user who may write. Use the read-only analyst user of deploy/clickhouse/analyst-user.sql ' +
          '(readonly = 1 CONST, SELECT only) for tracker sql.',
      );
    }
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
    async insertJsonLines(table: string, lines: Buffer, options?: JsonLinesOptions) {
      if (lines.length === 0) return;
      const result = await client.exec({
        query: jsonLinesInsert(table, options).statement,
        values: Readable.from([lines]),
        clickhouse_settings: options?.dedupToken ? { insert_deduplication_token: options.dedupToken } : undefined,
      });
      // The answer is empty; reading it to the end frees the connection for the next request.
      for await (const _ of result.stream) void _;
    },
    close: () => client.close(),
  };
}
