// Embedded ClickHouse (chDB) in one folder. Every call uses chDB's async API, which runs the engine
// off the event loop: a report query never stalls the click redirect served by the same process.
// Opened read-only (`tracker sql`), the engine itself refuses writes: see chdb-read-only-config.ts.
import fs from 'node:fs';
import { Session } from 'chdb';
import {
  OUTPUT_SETTINGS,
  encodeJsonEachRowInSlices,
  jsonLinesInsert,
  parseJsonEachRow,
  type Analytics,
  type InsertOptions,
  type JsonLinesOptions,
  type QueryParams,
} from './analytics';
import { writeReadOnlyConfig } from './chdb-read-only-config';
import { keepUpkeepThreadsNiced } from './engine-thread-priority';

const PLACEHOLDER = /\{([A-Za-z_][A-Za-z0-9_]*):([^{}]+)\}/g;
const STRING_ESCAPES: Record<string, string> = { '\\': '\\\\', "'": "\\'", '\0': '\\0', '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/** A value as a ClickHouse literal: strings quoted with `\` and `'` escaped (nothing else can end the literal). */
function literal(value: QueryParams[string]): string {
  if (value === null) return 'NULL';
  if (Array.isArray(value)) return `[${value.map((v) => literal(v)).join(', ')}]`;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error(`query parameter ${value} is not a finite number`);
    return String(value);
  }
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  return `'${String(value).replace(/[\\'\0\n\r\t]/g, (c) => STRING_ESCAPES[c]!)}'`;
}

/** `{name:Type}` placeholders replaced by `CAST(<literal> AS Type)`, as the server would bind them. */
export function inlineParams(sql: string, params: QueryParams): string {
  return sql.replace(PLACEHOLDER, (_, name: string, type: string) => {
    if (!Object.hasOwn(params, name)) throw new Error(`query parameter ${name} is not set`);
    return `CAST(${literal(params[name]!)} AS ${type})`;
  });
}

/** Connections to the one engine: the engine runs one statement at a time per connection. */
const CONNECTIONS = 3;
/** Longest statement text accepted (ClickHouse's default is 256 KiB). */
const MAX_QUERY_BYTES = 256 * 1024 * 1024;
/** Statements that change a connection's state, so they go to every connection. */
const CONNECTION_STATE = /^\s*(SET|USE)\s/i;

/** The engine's JIT (LLVM) for expressions, aggregates and sorts, off. Our report statements are planned anew on every
 *  call, and each compiled a function again despite the compiled-expression cache (one `CompileFunction` a statement,
 *  every time): on an empty store 20–25 ms of a one-day report's 50 ms visits statement, ~30 % of the report's CPU
 *  (190 / 207 → 123 / 147 ms a call, two alternated rounds of 10 calls). On 10 M clicks it bought nothing either: the
 *  creative grouping's four statements took 549–560 ms of CPU with it and 455–526 without (alternated, same store). */
const NO_EXPRESSION_JIT = { compile_expressions: 0, compile_aggregate_expressions: 0, compile_sort_description: 0 };

/** With `backgroundNice` (the tracker's BACKGROUND_NICE, 19 by default), the engine's writing work yields the CPU to
 *  everything else in the process, the click redirect first: inserts and the views they feed run at that nice value
 *  (per insert: the engine sets its threads' nice for the statement and back after it), and so do its merges
 *  (engine-thread-priority.ts). On a small machine they are what takes both cores from the redirect's thread in
 *  bursts: at 5,000 clicks/s on two cores that thread spent ~15 % of its time runnable but not running. Niced, they run
 *  as fast as before whenever a core is free, and wait only when one is not. Report statements keep the normal
 *  priority. */
function insertPriority(nice: number): Record<string, number> {
  return nice > 0 ? { os_threads_nice_value_query: nice, os_threads_nice_value_materialized_view: nice } : {};
}

export interface ChdbOptions {
  /** Starts the engine as a user granted SELECT alone, whose profile fixes `readonly = 1`: no statement can write,
   *  change a setting or reach files, URLs or other servers through a table function. */
  readOnly?: boolean;
  /** The nice value of merges and inserts (above); 0 (the default) leaves them at the process's priority. */
  backgroundNice?: number;
}

/** Opens chDB read-only, and makes sure the engine really started so: the engine belongs to the process, and its
 *  configuration is the one of the first connection, so a writable connection already open here would win. */
async function openReadOnlySessions(dir: string): Promise<Session[]> {
  if (!fs.existsSync(dir)) throw new Error(`There is no analytics store in ${dir}`);
  const config = writeReadOnlyConfig();
  const sessions: Session[] = [];
  try {
    for (let i = 0; i < CONNECTIONS; i++) sessions.push(new Session(dir, { connectionArgs: config.connectionArgs }));
    const result = await sessions[0]!.queryAsync("SELECT getSetting('readonly') AS readonly", { format: 'JSONEachRow' });
    if (parseJsonEachRow<{ readonly: number }>(result.text())[0]?.readonly !== 1) {
      throw new Error(`The analytics store in ${dir} is already open with write access in this process, so it cannot be opened read-only`);
    }
    return sessions;
  } catch (error) {
    for (const session of sessions) session.close();
    throw error;
  } finally {
    // The engine has read its configuration by now.
    config.remove();
  }
}

export async function openChdbAnalytics(dir: string, options: ChdbOptions = {}): Promise<Analytics> {
  if (!options.readOnly) fs.mkdirSync(dir, { recursive: true });
  // chDB locks the folder: a second process fails here with "Cannot lock file". Connections of this
  // process share the engine. A report's queries and the projector's inserts each take the connection
  // with the least work in flight, so they run side by side instead of queueing on one connection.
  const sessions = options.readOnly
    ? await openReadOnlySessions(dir)
    : Array.from({ length: CONNECTIONS }, () => new Session(dir));
  const backgroundNice = options.readOnly ? 0 : (options.backgroundNice ?? 0);
  const stopNicing = backgroundNice > 0 ? keepUpkeepThreadsNiced(backgroundNice) : () => undefined;
  const insertSettings = insertPriority(backgroundNice);
  const inFlight = sessions.map(() => 0);
  let closed = false;

  async function onIdlest<T>(work: (session: Session) => Promise<T>): Promise<T> {
    let at = 0;
    for (let i = 1; i < sessions.length; i++) if (inFlight[i]! < inFlight[at]!) at = i;
    inFlight[at]! += 1;
    try {
      return await work(sessions[at]!);
    } finally {
      inFlight[at]! -= 1;
    }
  }

  // Parameters go into the SQL text as typed literals instead of chDB's binding: chdb-node runs every
  // bound query of the process one after another (its process-wide parameter chain), so the queries of
  // one report, and the reports of several users, would queue behind each other.
  async function run(sql: string, params: QueryParams | undefined, format: string) {
    const text = params ? inlineParams(sql, params) : sql;
    if (!CONNECTION_STATE.test(text)) return onIdlest((session) => session.queryAsync(text, { format }));
    const results = await Promise.all(sessions.map((session) => session.queryAsync(text, { format })));
    return results[0]!;
  }

  // Inlined parameters make long statements: the projector looks up a batch's 20 000 event ids at once.
  // A read-only engine has the output settings in its profile instead: it refuses every SET.
  const settings = options.readOnly ? {} : { ...OUTPUT_SETTINGS, ...NO_EXPRESSION_JIT, max_query_size: MAX_QUERY_BYTES };
  for (const [name, value] of Object.entries(settings)) {
    await run(`SET ${name} = ${typeof value === 'string' ? `'${value}'` : value}`, undefined, 'CSV');
  }

  async function insertJsonLines(table: string, lines: Buffer, options?: JsonLinesOptions) {
    if (lines.length === 0) return;
    await onIdlest((session) =>
      session.insert({
        table,
        format: jsonLinesInsert(table, options).format,
        columns: options?.columns,
        values: lines,
        settings: options?.dedupToken ? { ...insertSettings, insert_deduplication_token: options.dedupToken } : insertSettings,
      }),
    );
  }

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
      await insertJsonLines(table, await encodeJsonEachRowInSlices(rows), options);
    },
    insertJsonLines,
    async close() {
      if (closed) return;
      closed = true;
      stopNicing();
      for (const session of sessions) session.close();
    },
  };
}
