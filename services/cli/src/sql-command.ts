// `tracker sql "<SELECT ...>"`: the analysts' read-only path into the analytics store (docs/analytics.md).
// One read-only statement, refused otherwise, run with readonly = 1, printed as an aligned table. On
// the embedded store it takes the DATA_DIR lock, so it refuses while `tracker all` runs.
import fs from 'node:fs';
import { DataDirLockedError, embeddedPaths, lockDataDir, openAnalytics, type Analytics, type Config } from '@tracker/core';

export class SqlRefused extends Error {
  override name = 'SqlRefused';
}

const READ_ONLY_STARTS = ['SELECT', 'WITH', 'SHOW', 'DESCRIBE', 'DESC', 'EXPLAIN', 'EXISTS'];

interface Token {
  /** Upper-cased word, or the punctuation character. */
  text: string;
  depth: number;
  end: number;
}

/** The words and punctuation of a statement outside string literals, quoted names and comments. */
function tokens(sql: string): Token[] {
  const out: Token[] = [];
  let depth = 0;
  let i = 0;
  const skipQuoted = (quote: string) => {
    i++;
    while (i < sql.length) {
      if (sql[i] === '\\') i += 2;
      else if (sql[i] === quote && sql[i + 1] === quote) i += 2;
      else if (sql[i] === quote) return void i++;
      else i++;
    }
    throw new SqlRefused(`Unterminated ${quote === "'" ? 'string' : 'quoted name'} in the statement`);
  };
  while (i < sql.length) {
    const c = sql[i]!;
    if (c === "'" || c === '"' || c === '`') skipQuoted(c);
    else if (c === '-' && sql[i + 1] === '-') i = sql.includes('\n', i) ? sql.indexOf('\n', i) : sql.length;
    else if (c === '/' && sql[i + 1] === '*') {
      const close = sql.indexOf('*/', i + 2);
      if (close === -1) throw new SqlRefused('Unterminated comment in the statement');
      i = close + 2;
    } else if (/[A-Za-z_]/.test(c)) {
      const start = i;
      while (i < sql.length && /[A-Za-z0-9_]/.test(sql[i]!)) i++;
      out.push({ text: sql.slice(start, i).toUpperCase(), depth, end: i });
    } else if (/\s/.test(c) || /[0-9.]/.test(c)) i++;
    else {
      if (c === '(') depth++;
      out.push({ text: c, depth, end: i + 1 });
      if (c === ')') depth--;
      i++;
    }
  }
  return out;
}

export interface ReadOnlyStatement {
  /** The statement without a trailing semicolon. */
  text: string;
  /** Its first keyword: SELECT, WITH, SHOW, ... */
  kind: string;
}

/** Checks that `sql` is one read-only statement. */
export function readOnlyStatement(sql: string): ReadOnlyStatement {
  const all = tokens(sql);
  const semicolon = all.findIndex((t) => t.text === ';');
  if (semicolon !== -1 && semicolon !== all.length - 1) throw new SqlRefused('tracker sql runs one statement at a time');
  const text = semicolon === -1 ? sql.trim() : sql.slice(0, all[semicolon]!.end - 1).trim();
  const words = semicolon === -1 ? all : all.slice(0, -1);
  const first = words.find((t) => t.text !== '(');
  if (!first) throw new SqlRefused('Give a statement: tracker sql "SELECT ..."');
  if (!READ_ONLY_STARTS.includes(first.text)) {
    throw new SqlRefused(`tracker sql runs read-only statements only (${READ_ONLY_STARTS.join(', ')}), not ${first.text}`);
  }
  for (let k = 0; k < words.length; k++) {
    const word = words[k]!.text;
    const previous = words[k - 1]?.text;
    if (word === 'INTO' && words[k + 1]?.text === 'OUTFILE') throw new SqlRefused('tracker sql prints its result: leave out INTO OUTFILE');
    if (word === 'FORMAT' && words[k]!.depth === 0) throw new SqlRefused('tracker sql prints an aligned table: leave out FORMAT');
    if (word === 'SETTINGS' && words[k]!.depth === 0 && previous !== 'SHOW' && previous !== 'CHANGED') {
      throw new SqlRefused('tracker sql runs the statement with its own settings (readonly = 1): leave out SETTINGS');
    }
  }
  return { text, kind: first.text };
}

function cell(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  const text = typeof value === 'object' ? JSON.stringify(value) : String(value);
  return text.replace(/\n/g, '\\n').replace(/\t/g, '\\t');
}

/** An aligned text table: a header, a rule, the rows (numbers right-aligned), and a row count. */
export function formatTable(columns: string[], rows: Record<string, unknown>[]): string {
  const cells = rows.map((row) => columns.map((c) => cell(row[c])));
  const numeric = columns.map((c) => rows.length > 0 && rows.every((row) => typeof row[c] === 'number'));
  const widths = columns.map((c, i) => Math.max(c.length, ...cells.map((r) => r[i]!.length)));
  const line = (values: string[]) =>
    values
      .map((v, i) => (numeric[i] ? v.padStart(widths[i]!) : v.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd();
  return [
    line(columns),
    widths.map((w) => '-'.repeat(w)).join('  '),
    ...cells.map(line),
    `(${rows.length} ${rows.length === 1 ? 'row' : 'rows'})`,
  ].join('\n');
}

async function openReadOnly(config: Config): Promise<{ analytics: Analytics; release: () => void }> {
  if (config.clickhouseUrl) return { analytics: await openAnalytics({ clickhouseUrl: config.clickhouseUrl }), release: () => {} };
  let release: () => void;
  try {
    release = lockDataDir(config.dataDir);
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    throw new DataDirLockedError(
      `tracker sql reads the embedded analytics store in ${config.dataDir}, which a running tracker holds ` +
        `(${error.message.split('. ')[0]}). Stop it first, or set CLICKHOUSE_URL to query a ClickHouse server.`,
    );
  }
  try {
    const dir = embeddedPaths(config.dataDir).ch;
    if (!fs.existsSync(dir)) throw new SqlRefused(`There is no analytics store in ${dir} yet: run \`tracker all\` or \`tracker migrate\` first.`);
    const analytics = await openAnalytics({ dir });
    // The whole chDB session is read-only: this also closes table functions such as file().
    await analytics.exec('SET readonly = 1');
    return { analytics, release };
  } catch (error) {
    release();
    throw error;
  }
}

/** Runs one read-only statement and returns the printed table. */
export async function runSql(config: Config, sql: string): Promise<string> {
  const statement = readOnlyStatement(sql);
  const { analytics, release } = await openReadOnly(config);
  try {
    const rows = await analytics.query<Record<string, unknown>>(`${statement.text}\nSETTINGS readonly = 1`);
    let columns = Object.keys(rows[0] ?? {});
    if (statement.kind === 'SELECT' || statement.kind === 'WITH') {
      // Column order as the statement gives it (JavaScript objects put integer-like names first).
      columns = (await analytics.query<{ name: string }>(`DESCRIBE (${statement.text}\n)\nSETTINGS readonly = 1`)).map((c) => c.name);
    }
    return formatTable(columns, rows);
  } finally {
    await analytics.close();
    release();
  }
}
