// The analytics store: ClickHouse SQL over a server (`CLICKHOUSE_URL`) or embedded chDB (DATA_DIR/ch).
// The SQL text is the same for both; rows come back as JSON objects with the same number formats.

export type QueryParams = Record<string, string | number | boolean | null | readonly (string | number)[]>;

export interface InsertOptions {
  /** Makes a retried insert of the same rows a no-op, in the table and in the materialized views
   *  fed by it (every table sets a deduplication window). Without a token ClickHouse still drops
   *  a block identical to a recent one, so rows must carry unique ids. */
  dedupToken?: string;
}

export interface JsonLinesOptions extends InsertOptions {
  /** Each line is a JSON array of these columns' values in this order (JSONCompactEachRow), which the engine
   *  reads with less CPU than an object a line (JSONEachRow, when no columns are named). */
  columns?: readonly string[];
}

/** The INSERT statement of `insertJsonLines`: its format and, for arrays, the columns they fill. */
export function jsonLinesInsert(table: string, options?: JsonLinesOptions): { format: 'JSONEachRow' | 'JSONCompactEachRow'; statement: string } {
  if (!options?.columns) return { format: 'JSONEachRow', statement: `INSERT INTO ${table} FORMAT JSONEachRow` };
  return { format: 'JSONCompactEachRow', statement: `INSERT INTO ${table} (${options.columns.join(', ')}) FORMAT JSONCompactEachRow` };
}

export interface Analytics {
  readonly kind: 'clickhouse' | 'chdb';
  /** One statement without a result (DDL, ALTER, OPTIMIZE ...). `{name:Type}` placeholders bind `params`. */
  exec(sql: string, params?: QueryParams): Promise<void>;
  /** One SELECT; rows as objects. 64-bit integers come back as numbers, decimals as exact strings. */
  query<T = Record<string, unknown>>(sql: string, params?: QueryParams): Promise<T[]>;
  insert(table: string, rows: readonly object[], options?: InsertOptions): Promise<void>;
  /** Rows already encoded as JSON, one a line: the projector encodes off the event loop. */
  insertJsonLines(table: string, lines: Buffer, options?: JsonLinesOptions): Promise<void>;
  close(): Promise<void>;
}

/** Output settings both engines run with, so a query answers the same JSON on either. */
export const OUTPUT_SETTINGS = {
  output_format_json_quote_64bit_integers: 0,
  output_format_json_quote_decimals: 1,
  output_format_decimal_trailing_zeros: 1,
  date_time_output_format: 'simple',
} as const;

/** Lets the event loop serve what is waiting (the click redirect shares it with the projector). */
export const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Rows as JSONEachRow bytes, encoded in slices with a yield between them: a batch of thousands of rows never holds the
 *  event loop for more than a slice's worth of JSON. */
export async function encodeJsonEachRowInSlices(rows: readonly object[], sliceSize = 1000): Promise<Buffer> {
  const slices: string[] = [];
  for (let i = 0; i < rows.length; i += sliceSize) {
    if (i > 0) await yieldToEventLoop();
    slices.push(rows.slice(i, i + sliceSize).map((r) => JSON.stringify(r)).join('\n'));
  }
  return Buffer.from(slices.join('\n'));
}

export function parseJsonEachRow<T>(text: string): T[] {
  const rows: T[] = [];
  for (const line of text.split('\n')) if (line) rows.push(JSON.parse(line) as T);
  return rows;
}
