// `tracker sql "<SELECT ...>"`: the analysts' read-only path into the analytics store (docs/analytics.md).
// The engine enforces read-only (a SELECT-only user whose profile fixes readonly = 1); this module refuses,
// from the engine's own parse of the statement, the few things that user still could do on embedded chDB.
import fs from 'node:fs';
import { DataDirLockedError, embeddedPaths, lockDataDir, openAnalytics, type Analytics, type Config } from '@tracker/core';

export class SqlRefused extends Error {
  override name = 'SqlRefused';
}

const READ_ONLY_KINDS = ['SELECT', 'WITH', 'SHOW', 'DESCRIBE', 'EXPLAIN', 'EXISTS'];

/** The statement kind of the root node of `EXPLAIN AST`, for the statements that only read. */
function kindOf(root: string, text: string): string | undefined {
  if (/^Select(WithUnion|IntersectExcept)Query\b/.test(root)) return /^WITH\b/.test(text) ? 'WITH' : 'SELECT';
  if (/^Show/.test(root)) return 'SHOW';
  if (/^DescribeQuery\b/.test(root)) return 'DESCRIBE';
  if (/^Explain\b/.test(root)) return 'EXPLAIN';
  if (/^Exists/.test(root)) return 'EXISTS';
  return undefined;
}

export interface ReadOnlyStatement {
  /** The statement as the engine formats it: one statement, no comments, every literal on one line. */
  text: string;
  /** SELECT, WITH, SHOW, DESCRIBE, EXPLAIN or EXISTS. */
  kind: string;
}

async function askEngine<T>(analytics: Analytics, sql: string, params?: Record<string, string>): Promise<T[]> {
  try {
    return await analytics.query<T>(sql, params);
  } catch (error) {
    const message = (error as Error).message;
    if (/Multi-statements are not allowed/.test(message)) throw new SqlRefused('tracker sql runs one statement at a time');
    throw new SqlRefused(message.replace(/: In scope SELECT formatQuery\(.*$/s, ''));
  }
}

/**
 * Checks that `sql` is one read-only statement, from the engine's own parse of it (never a lexer of ours, which
 * would read `#` comments, `$$` strings or `system.settings` differently from the engine). Writes, settings changes
 * and table functions are the engine's to refuse; what it would still run on embedded chDB (clickhouse-local skips
 * the grant check of the file() function and writes INTO OUTFILE itself, and no engine checks a subquery's
 * SETTINGS against the profile's constraints) is refused here.
 */
export async function readOnlyStatement(analytics: Analytics, sql: string): Promise<ReadOnlyStatement> {
  if (!sql.trim()) throw new SqlRefused('Give a statement: tracker sql "SELECT ..."');
  const [formatted] = await askEngine<{ text: string }>(analytics, 'SELECT formatQuery({sql:String}) AS text', { sql });
  const text = formatted!.text;
  const lines = text.split('\n');
  if (lines.some((line) => line.startsWith('INTO OUTFILE '))) throw new SqlRefused('tracker sql prints its result: leave out INTO OUTFILE');
  if (lines.some((line) => line.startsWith('FORMAT '))) throw new SqlRefused('tracker sql prints an aligned table: leave out FORMAT');
  const tree = (await askEngine<{ explain: string }>(analytics, `EXPLAIN AST ${text}`)).map((row) => row.explain.trim());
  const kind = kindOf(tree[0] ?? '', text);
  if (!kind) {
    throw new SqlRefused(`tracker sql runs read-only statements only (${READ_ONLY_KINDS.join(', ')}), not ${text.split(/\s/)[0]}`);
  }
  if (tree.some((node) => node === 'Set')) {
    throw new SqlRefused('tracker sql runs with the analyst profile\'s settings (readonly = 1): leave out SETTINGS');
  }
  if (tree.some((node) => /^Function file\b/i.test(node))) {
    throw new SqlRefused('tracker sql reads the analytics tables only: file() is not available');
  }
  return { text, kind };
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
  if (config.clickhouseUrl) {
    return { analytics: await openAnalytics({ clickhouseUrl: config.clickhouseUrl, readOnly: true }), release: () => {} };
  }
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
    return { analytics: await openAnalytics({ dir, readOnly: true }), release };
  } catch (error) {
    release();
    throw error;
  }
}

/** Runs one read-only statement and returns the printed table. */
export async function runSql(config: Config, sql: string): Promise<string> {
  if (!sql.trim()) throw new SqlRefused('Give a statement: tracker sql "SELECT ..."');
  const { analytics, release } = await openReadOnly(config);
  try {
    const statement = await readOnlyStatement(analytics, sql);
    const rows = await analytics.query<Record<string, unknown>>(statement.text);
    let columns = Object.keys(rows[0] ?? {});
    if (statement.kind === 'SELECT' || statement.kind === 'WITH') {
      // Column order as the statement gives it (JavaScript objects put integer-like names first).
      columns = (await analytics.query<{ name: string }>(`DESCRIBE (${statement.text})`)).map((c) => c.name);
    }
    return formatTable(columns, rows);
  } finally {
    await analytics.close();
    release();
  }
}
