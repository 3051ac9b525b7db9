// The statement-import job: reads an uploaded statement file row by row and writes it in ONE database
// transaction, so a crash, a refusal or an error mid-file leaves nothing, and a retry starts clean.
// A row is new (inserted), moves a PENDING transaction on to CLEARED or DECLINED (updated), or changes
// nothing (duplicate: already stored so, or older news than the stored status, which never goes back);
// each row is counted under exactly one of these, so the upload's answer says what really happened.
import fs from 'node:fs';
import type { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { schema, statementUploadsOf, type Db, type JobProcessor, type Logger } from '@tracker/core';
import {
  moneyText,
  statementImportJobSchema,
  type StatementImportJob,
  type StatementImportOutcome,
  type StatementImportResult,
  type TransactionStatus,
} from '@tracker/schemas';
import { TransactionIdentity } from './identify-transaction';
import { readStatement, StatementRefusal, type StatementRow } from './read-statement';

export interface StatementImportDeps {
  db: Db;
  logger: Logger;
}

export interface StatementImportOptions {
  /** Rows per INSERT. */
  batchSize?: number;
  /** Called inside the transaction after each written batch (tests stop a job there, as a crash would). */
  afterBatch?: (rowsRead: number) => Promise<void>;
}

/** More warnings than this are counted in errorCount but not listed. */
const MAX_WARNINGS = 1000;
const RANK = { PENDING: 0, CLEARED: 1, DECLINED: 1 } as const;

type Tally = Omit<StatementImportResult, 'warnings'>;

const t = schema.transactions;

/** Text columns in the order of the INSERT below (after identity_key). */
const TEXT_COLUMNS = ['registeredCardLast4', 'fundingSource', 'typeOfAccount', 'type', 'status', 'nameOnCard', 'merchantName', 'merchantCity', 'merchantState', 'vcnNickname', 'vcnLast4', 'referenceId'] as const;

/**
 * One statement per batch, its values as one array per column through unnest(): 14 parameters whatever
 * the batch size, so PostgreSQL and PGlite parse and plan it once instead of once per 17 × rows values.
 */
async function writeBatch(tx: Db, batch: Map<string, StatementRow>, tally: Tally): Promise<void> {
  const rows = [...batch.values()];
  const text = (column: (typeof TEXT_COLUMNS)[number]) => sql`${sql.param(rows.map((row) => row[column]))}::text[]`;
  const time = (column: 'transactionDate' | 'clearDate') => sql`${sql.param(rows.map((row) => row[column]?.toISOString() ?? null))}::timestamptz[]`;
  const result = (await tx.execute(sql`
    insert into ${t} (identity_key, registered_card_last4, funding_source, type_of_account, type, status, name_on_card,
      merchant_name, merchant_city, merchant_state, vcn_nickname, vcn_last4, reference_id, transaction_date, clear_date, auth_billing_amount)
    select * from unnest(${sql.param([...batch.keys()])}::text[], ${sql.join(TEXT_COLUMNS.map(text), sql`, `)},
      ${time('transactionDate')}, ${time('clearDate')}, ${sql.param(rows.map((row) => moneyText(row.authBillingAmount)))}::numeric[])
    on conflict (identity_key) do update set
      status = excluded.status, clear_date = excluded.clear_date, transaction_date = excluded.transaction_date,
      auth_billing_amount = excluded.auth_billing_amount, type = excluded.type, merchant_name = excluded.merchant_name,
      merchant_city = excluded.merchant_city, merchant_state = excluded.merchant_state, vcn_nickname = excluded.vcn_nickname
      -- The later export is the truth about a transaction that moved on; CLEARED and DECLINED never go back.
      where ${t}.status = 'PENDING' and excluded.status <> 'PENDING'
    -- xmax is 0 on a row version this statement inserted; an updated row carries our transaction id.
    returning identity_key, status, (xmax = 0) as inserted`)) as unknown as { rows: Array<{ identity_key: string; status: string; inserted: boolean }> };
  const written = new Set<string>();
  for (const row of result.rows) {
    written.add(row.identity_key);
    tally.count += 1;
    if (!row.inserted) {
      // The update's WHERE lets only PENDING move, and only to CLEARED or DECLINED.
      tally.updatedCount += 1;
      tally.updatedByStatus[row.status === 'CLEARED' ? 'CLEARED' : 'DECLINED'] += 1;
    } else if (row.status === 'CLEARED') tally.clearedCount += 1;
    else tally.pendingDeclinedCount += 1;
  }
  for (const [key, row] of batch) {
    if (!written.has(key)) countDuplicate(tally, row.status);
  }
}

function countDuplicate(tally: Tally, status: TransactionStatus): void {
  tally.duplicateCount += 1;
  tally.duplicatesByStatus[status] += 1;
}

/** Rebuilds the per-day totals the Billing summary reads, from every transaction as this import leaves them. */
async function rebuildDayTotals(tx: Db): Promise<void> {
  await tx.execute(sql`delete from ${schema.transactionDayTotals}`);
  await tx.execute(sql`
    insert into ${schema.transactionDayTotals} (vcn_nickname, status, day, transactions, amount)
    select coalesce(vcn_nickname, ''), status, (transaction_date at time zone 'UTC')::date, count(*)::int, sum(auth_billing_amount)
    from ${t} group by 1, 2, 3`);
}

const GONE: StatementImportOutcome = { ok: false, error: 'The uploaded file is no longer available', details: ['Upload it again.'] };

/** Imports one file from disk (tests, benchmarks, an operator's script). */
export async function importStatementFile(db: Db, path: string, options: StatementImportOptions = {}): Promise<StatementImportOutcome> {
  let input: fs.ReadStream;
  try {
    input = fs.createReadStream(path);
    await new Promise<void>((resolve, reject) => input.once('open', () => resolve()).once('error', reject));
  } catch {
    return GONE;
  }
  return importStatementInput(db, input, options);
}

/** Imports the statement an upload left for the workers (statementUploadsOf: the job's way in). */
export async function importStatementUpload(db: Db, uploadId: string, options: StatementImportOptions = {}): Promise<StatementImportOutcome> {
  const input = await statementUploadsOf(db).open(uploadId);
  return input ? importStatementInput(db, input, options) : GONE;
}

/** Imports one statement stream; throws only for failures worth a retry (the database), refusals are an outcome. */
async function importStatementInput(db: Db, input: Readable, options: StatementImportOptions): Promise<StatementImportOutcome> {
  const batchSize = options.batchSize ?? 2000;
  try {
    return await db.transaction(async (tx) => {
      // One import at a time across processes: each rebuilds the totals from what the others committed.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('statement-import'))`);
      const tally: Tally = {
        count: 0,
        clearedCount: 0,
        pendingDeclinedCount: 0,
        updatedCount: 0,
        updatedByStatus: { CLEARED: 0, DECLINED: 0 },
        duplicateCount: 0,
        duplicatesByStatus: { PENDING: 0, CLEARED: 0, DECLINED: 0 },
        errorCount: 0,
      };
      const warnings: string[] = [];
      const identity = new TransactionIdentity();
      let batch = new Map<string, StatementRow>();
      let rowsRead = 0;
      // One batch is written while the next is parsed: on PostgreSQL the server's work and ours overlap.
      let writing: Promise<void> = Promise.resolve();
      const flush = async () => {
        await writing;
        const full = batch;
        batch = new Map();
        writing = full.size > 0 ? writeBatch(tx as unknown as Db, full, tally) : Promise.resolve();
        // Never left unobserved: a failure is rethrown by the next flush or the last await below.
        writing.catch(() => {});
        await options.afterBatch?.(rowsRead);
      };
      const readAll = async () => {
        for await (const item of readStatement(input)) {
          rowsRead += 1;
          if ('error' in item) {
            tally.errorCount += 1;
            if (warnings.length < MAX_WARNINGS) warnings.push(item.error);
            continue;
          }
          const key = identity.keyOf(item.row);
          const earlier = batch.get(key);
          if (earlier) {
            // The same transaction twice in one file: the later status wins, never a step back; the
            // row that loses is the duplicate.
            if (RANK[item.row.status] > RANK[earlier.status]) {
              countDuplicate(tally, earlier.status);
              batch.set(key, item.row);
            } else countDuplicate(tally, item.row.status);
            continue;
          }
          batch.set(key, item.row);
          if (batch.size >= batchSize) await flush();
        }
        await flush();
      };
      try {
        await readAll();
      } finally {
        // Settle the write in flight before the transaction ends, whether it commits or rolls back.
        await writing.catch(() => {});
      }
      await writing;
      if (tally.count > 0) await rebuildDayTotals(tx as unknown as Db);
      return { ok: true as const, ...tally, warnings };
    });
  } catch (error) {
    if (error instanceof StatementRefusal) return { ok: false, error: error.message, details: error.details };
    throw error;
  } finally {
    input.destroy();
  }
}

export function importStatement(deps: StatementImportDeps, options: StatementImportOptions = {}): JobProcessor<StatementImportJob, StatementImportOutcome> {
  return async (job) => {
    const data = statementImportJobSchema.parse(job.data);
    const outcome = await importStatementUpload(deps.db, data.uploadId, options);
    if (outcome.ok) {
      deps.logger.info({ file: data.fileName, count: outcome.count, duplicates: outcome.duplicateCount, errors: outcome.errorCount }, 'statement imported');
    } else {
      deps.logger.warn({ file: data.fileName, error: outcome.error }, 'statement refused');
    }
    return outcome;
  };
}
