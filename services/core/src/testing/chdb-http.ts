// ClickHouse's HTTP interface in front of chDB, for tests on machines without a ClickHouse server (there is
// no usable Debian package). The engine is ClickHouse's own (chDB embeds it), so every statement, setting,
// insert deduplication token and materialized view behaves as on a server; what this adds is the protocol
// that @clickhouse/client speaks: the query in the body or the `query` parameter, settings and `param_*`
// values in the URL, rows in the body of an INSERT, errors as `Code: N. DB::Exception: ...`. That lets the
// server code path (clickhouse-analytics.ts) and the split processes (`tracker ingest` + `tracker projector`,
// each its own process, one analytics store) run against a real engine here. Not covered: users, grants,
// sessions, compression, clusters.
//
// chDB belongs to the process that opens it, so the server runs in a child process of its own:
// `startChdbHttpProcess(dir)`; the child is chdb-http-main.ts.
import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Session } from 'chdb';

/** ClickHouse's own limit (http_max_uri_size): a longer URL is refused as the server would refuse it. */
const MAX_URI_BYTES = 1024 * 1024;
const CONNECTIONS = 4;
/** A server binds `param_*` values into the parsed query, so they never count against max_query_size; bound
 *  here as text, a 20,000-id parameter would. */
const MAX_QUERY_BYTES = 256 * 1024 * 1024;
const PLACEHOLDER = /\{([A-Za-z_][A-Za-z0-9_]*):([^{}]+)\}/g;
/** URL parameters that are not settings. */
const PROTOCOL_PARAMS = new Set([
  'query', 'query_id', 'database', 'default_format', 'session_id', 'session_timeout', 'session_check',
  'role', 'user', 'password', 'compress', 'decompress', 'buffer_size', 'wait_end_of_query', 'enable_http_compression',
]);
/** What the client sends for rows in the body (settings travel in the URL, never inline). */
const INSERT_WITH_DATA = /^\s*INSERT\s+INTO\s+([A-Za-z0-9_.`"]+)\s*(?:\(([^)]*)\))?\s*FORMAT\s+(\w+)\s*$/is;

/** The text of a `param_*` value (ClickHouse's escaped format, as the client writes it) as an SQL literal of `type`. */
export function paramLiteral(text: string, type: string): string {
  if (text === '\\N') return 'NULL';
  const base = type.replace(/^(Nullable|LowCardinality)\((.*)\)$/s, '$2').replace(/^(Nullable|LowCardinality)\((.*)\)$/s, '$2').trim();
  // Arrays, tuples and maps arrive as literals already (strings quoted inside), numbers and booleans as they are.
  if (/^(Array|Tuple|Map)\(/.test(base)) return text;
  if (/^(U?Int\d+|Float\d+|Decimal.*|Bool)$/.test(base)) {
    if (!/^[-+]?[\w.]+$/.test(text)) throw new ProtocolError(26, 'CANNOT_PARSE_QUOTED_STRING', `Cannot parse ${type} from '${text}'`);
    return text;
  }
  // Everything else (strings, dates, UUIDs, enums) is the raw value, escapes undone, quoted.
  const raw = text.replace(/\\(.)/gs, (_, c: string) => ({ t: '\t', n: '\n', r: '\r', b: '\b', f: '\f', '0': '\0' })[c] ?? c);
  return `'${raw.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
}

/** `{name:Type}` placeholders bound from the request's `param_name` values, as the server binds them. */
export function bindParams(sql: string, params: URLSearchParams): string {
  return sql.replace(PLACEHOLDER, (_, name: string, type: string) => {
    const text = params.get(`param_${name}`);
    if (text === null) throw new ProtocolError(456, 'UNKNOWN_QUERY_PARAMETER', `Substitution \`${name}\` is not set`);
    if (type.trim() === 'Identifier') return `\`${text.replace(/`/g, '\\`')}\``;
    return `CAST(${paramLiteral(text, type)} AS ${type})`;
  });
}

class ProtocolError extends Error {
  constructor(
    readonly code: number,
    readonly type: string,
    message: string,
  ) {
    super(`Code: ${code}. DB::Exception: ${message}. (${type})`);
  }
}

function settingLiteral(value: string): string {
  return /^-?\d+(\.\d+)?$/.test(value) ? value : `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
}

/** One engine connection, used by one request at a time; the settings it was last given are remembered. */
class Connection {
  readonly settings = new Map<string, string>();
  constructor(readonly session: Session) {}

  async apply(settings: Map<string, string>): Promise<void> {
    for (const [name, value] of settings) {
      if (this.settings.get(name) === value) continue;
      if (!/^\w+$/.test(name)) throw new ProtocolError(115, 'UNKNOWN_SETTING', `Unknown setting '${name}'`);
      await this.session.queryAsync(`SET ${name} = ${settingLiteral(value)}`, { format: 'CSV' });
      this.settings.set(name, value);
    }
  }
}

export interface ChdbHttpServer {
  url: string;
  /** Every INSERT with data is reported as it arrives: its table and deduplication token. */
  onInsert?: (table: string, token: string) => void;
  /** The next INSERT into `table` is written, but its answer waits for `release()`: the writer is then
   *  stuck mid-batch with its rows stored, as when an answer is lost. Resolves with the insert's token. */
  holdNextAnswer(table: string): Promise<{ token: string; release(): void }>;
  close(): Promise<void>;
}

/** Serves the chDB store in `dir` on 127.0.0.1:`port` (0: any free port). Only one per process. */
export async function serveChdbOverHttp(dir: string, port = 0): Promise<ChdbHttpServer> {
  const holds = new Map<string, (held: { token: string; release(): void }) => void>();
  const idle = Array.from({ length: CONNECTIONS }, () => new Connection(new Session(dir)));
  for (const c of idle) await c.session.queryAsync(`SET max_query_size = ${MAX_QUERY_BYTES}`, { format: 'CSV' });
  const waiting: Array<(c: Connection) => void> = [];
  const take = () => new Promise<Connection>((resolve) => (idle.length > 0 ? resolve(idle.pop()!) : waiting.push(resolve)));
  const give = (c: Connection) => (waiting.length > 0 ? waiting.shift()!(c) : idle.push(c));
  async function withConnection<T>(work: (c: Connection) => Promise<T>): Promise<T> {
    const connection = await take();
    try {
      return await work(connection);
    } finally {
      give(connection);
    }
  }

  async function answer(request: http.IncomingMessage, body: Buffer): Promise<{ text: string | Buffer; written?: number }> {
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (url.pathname === '/ping') return { text: 'Ok.\n' };
    const params = url.searchParams;
    const settings = new Map<string, string>();
    for (const [name, value] of params) if (!PROTOCOL_PARAMS.has(name) && !name.startsWith('param_')) settings.set(name, value);
    const inUrl = params.get('query');
    const insert = inUrl !== null && body.length > 0 ? INSERT_WITH_DATA.exec(inUrl) : null;
    if (insert) {
      const [, table, columns, format] = insert;
      const token = settings.get('insert_deduplication_token') ?? '';
      served.onInsert?.(table!, token);
      const summary = await withConnection((connection) =>
        connection.session.insert({
          table: table!,
          format: format as 'JSONEachRow',
          values: body,
          columns: columns ? columns.split(',').map((c) => c.trim()) : undefined,
          settings: Object.fromEntries(settings),
        }),
      );
      const hold = holds.get(table!);
      if (hold) {
        holds.delete(table!);
        await new Promise<void>((release) => hold({ token, release }));
      }
      return { text: '', written: summary.rowsWritten };
    }
    const sql = bindParams([inUrl, body.length > 0 ? body.toString('utf8') : null].filter((s) => s !== null).join('\n'), params);
    if (sql.trim() === '') throw new ProtocolError(62, 'SYNTAX_ERROR', 'Empty query');
    return withConnection(async (connection) => {
      await connection.apply(settings);
      const result = await connection.session.queryAsync(sql, { format: params.get('default_format') ?? 'TabSeparated' });
      return { text: result.text() };
    });
  }

  const server = http.createServer({ maxHeaderSize: MAX_URI_BYTES + 64 * 1024 }, (request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => {
      const queryId = new URL(request.url ?? '/', 'http://localhost').searchParams.get('query_id') ?? '';
      answer(request, Buffer.concat(chunks)).then(
        ({ text, written = 0 }) => {
          response.writeHead(200, {
            'Content-Type': 'text/plain; charset=UTF-8',
            'X-ClickHouse-Query-Id': queryId,
            'X-ClickHouse-Summary': JSON.stringify({ read_rows: '0', read_bytes: '0', written_rows: String(written), written_bytes: '0', total_rows_to_read: '0', result_rows: '0', result_bytes: '0', elapsed_ns: '0' }),
          });
          response.end(text);
        },
        (error: unknown) => {
          const message = error instanceof Error ? error.message : String(error);
          const code = (error as { clickhouseCode?: number; code?: unknown }).clickhouseCode ?? (error instanceof ProtocolError ? error.code : 1001);
          // As the server answers: 400 for what the query got wrong, 404 for a missing table, 500 otherwise.
          const status = code === 62 || code === 456 || code === 26 ? 400 : code === 60 ? 404 : 500;
          const text = /^Code: \d+\. DB::Exception:/.test(message) ? message : `Code: ${code}. DB::Exception: ${message}. (STD_EXCEPTION)`;
          response.writeHead(status, { 'Content-Type': 'text/plain; charset=UTF-8', 'X-ClickHouse-Exception-Code': String(code), 'X-ClickHouse-Query-Id': queryId });
          response.end(`${text} (version chDB)\n`);
        },
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.address() as { port: number };
  const served: ChdbHttpServer = {
    url: `http://127.0.0.1:${address.port}`,
    holdNextAnswer: (table) => new Promise((resolve) => holds.set(table, resolve)),
    async close() {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
      for (const c of idle) c.session.close();
    },
  };
  return served;
}

const MAIN = path.join(path.dirname(fileURLToPath(import.meta.url)), 'chdb-http-main.ts');

export interface ChdbHttpProcess {
  url: string;
  child: ChildProcess;
  /** The next INSERT into `table` is written, and its answer held until `release()`: its writer is stuck
   *  mid-batch, its rows already stored. Resolves with the insert's deduplication token. */
  holdNextAnswer(table: string): Promise<{ token: string; release(): void }>;
  /** The deduplication tokens of every INSERT into `table` so far, in order of arrival. */
  tokensOf(table: string): string[];
  /** SIGTERM, then waits for the process to leave (chDB releases its folder). */
  stop(): Promise<void>;
}

/** Starts the server in a child process on the store in `dir`; resolves once it answers. */
export async function startChdbHttpProcess(dir: string): Promise<ChdbHttpProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN, dir], { stdio: ['pipe', 'pipe', 'pipe'] });
  let output = '';
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const tokens = new Map<string, string[]>();
  const held = new Map<string, (token: string) => void>();
  let url: (found: string) => void;
  const listening = new Promise<string>((resolve, reject) => {
    url = resolve;
    child.once('exit', (code) => reject(new Error(`chdb-http exited with ${code}: ${output.slice(-2000)}`)));
  });
  let pending = '';
  child.stdout!.on('data', (d: Buffer) => {
    // The tail only, for the message should the process exit: it reports every insert.
    output = (output + d.toString()).slice(-4000);
    pending += d.toString();
    const lines = pending.split('\n');
    pending = lines.pop()!;
    for (const line of lines) {
      const [, event, table = '', token = ''] = /^(listening on|insert|held) (\S+)(?: (.*))?$/.exec(line) ?? [];
      if (event === 'listening on') url(table);
      if (event === 'insert') tokens.set(table, [...(tokens.get(table) ?? []), token]);
      if (event === 'held') {
        held.get(table)?.(token);
        held.delete(table);
      }
    }
  });
  return {
    url: await listening,
    child,
    holdNextAnswer: (table) =>
      new Promise((resolve) => {
        held.set(table, (token) => resolve({ token, release: () => child.stdin!.write(`release ${table}\n`) }));
        child.stdin!.write(`hold ${table}\n`);
      }),
    tokensOf: (table) => [...(tokens.get(table) ?? [])],
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    },
  };
}
