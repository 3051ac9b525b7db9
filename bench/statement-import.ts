// make bench-import: a generated 100,000-row statement export (the card provider's 43 columns) uploaded
// end to end through POST /api/transactions/upload (multipart, import job on the queue, one transaction)
// on PGlite and on PostgreSQL (DATABASE_URL, a throwaway database), beside a baseline measured in the same
// run: csv-parse alone reading the same file. Then a second 100 k export brings the store to 200 k rows and
// GET /api/transactions/summary (the cards and the VCN Spend Summary) is timed: p50 / p95.
//
//   npx tsx bench/statement-import.ts [--rows 100000] [--runs 30]
//
// Targets: ≤ 5 s per 100,000 rows on each engine; summary p95 ≤ 100 ms at 200,000 rows.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { parse } from 'csv-parse';
import { loadConfig } from '@tracker/core';
import { createTemporaryDatabase } from '@tracker/core/testing';
import { runServices } from '@tracker/cli';

const { values: args } = parseArgs({ options: { rows: { type: 'string', default: '100000' }, runs: { type: 'string', default: '30' } } });
const ROWS = Number(args.rows);
const RUNS = Number(args.runs);
const TARGET_IMPORT_MS = 5_000 * (ROWS / 100_000);
const TARGET_SUMMARY_P95_MS = 100;

const COLUMNS = [
  'Registered Card Last 4', 'Funding Source', 'Type of Account', 'Transaction Date', 'Clear Date', 'Type', 'Status',
  'Name On Card', 'Card User Email', 'Authorization Merchant Currency', 'Authorization Merchant Amount',
  'Authorization Billing Currency', 'Authorization Exchange Rate', 'Authorization Billing Amount',
  'Settlement Merchant Currency', 'Settlement Merchant Amount', 'Settlement Billing Currency', 'Settlement Billing Amount',
  'Settlement Exchange Rate', 'Merchant Name', 'Merchant Address', 'Merchant City', 'Merchant State', 'Merchant Country',
  'Merchant ZIP/Postal', 'MCC', 'MCC Description', 'VCN Sender', 'VCN Sender Email', 'VCN Nickname', 'VCN Last 4',
  'Reference Id', 'Source', 'External', 'Number of Attachments', 'Attachments', 'Transaction Amount', 'Notes',
  'Transaction Receipt', 'Receipt', 'Manager Review', 'Final Approval', 'Team',
];

/** A deterministic export: 40 cards, a year of days, 70 % cleared, 20 % pending, 10 % declined. */
function writeExport(file: string, prefix: string): number {
  const out: string[] = [`\ufeff${COLUMNS.join(',')}`];
  for (let i = 0; i < ROWS; i++) {
    const card = i % 40;
    const status = i % 10 < 7 ? 'CLEARED' : i % 10 < 9 ? 'PENDING' : 'DECLINED';
    const date = `${(i % 12) + 1}/${(i % 28) + 1}/26`;
    const amount = `${((i * 7919) % 250_000) / 100}`;
    const pending = status === 'PENDING';
    out.push(
      [
        '*1008', 'Amex Business', 'Credit', date, pending ? '' : date, 'DEBIT', status, 'Media Buying LLC', 'ops@buyer.example',
        'USD', amount, 'USD', '1', `"$${Number(amount).toLocaleString('en-US', { minimumFractionDigits: 2 })}"`, 'USD', pending ? '0' : amount, 'USD',
        pending ? '0' : amount, '1', '"TIKTOK ADS, INC."', '5800 Bristol Pkwy', 'Culver City', 'CA', 'US', '90230', '7311',
        'Advertising Services', 'Admin', 'admin@buyer.example', `Card ${card}`, `*${String(1000 + card)}`, `${prefix}-${i}`,
        'Extend', 'false', '0', '', amount, '', '', '', '', '', 'Growth',
      ].join(','),
    );
  }
  fs.writeFileSync(file, `${out.join('\r\n')}\r\n`);
  return fs.statSync(file).size;
}

async function baseline(file: string): Promise<number> {
  const started = performance.now();
  let records = 0;
  for await (const _record of fs.createReadStream(file).pipe(parse({ bom: true, relax_column_count: true }))) records += 1;
  if (records !== ROWS + 1) throw new Error(`csv-parse read ${records} records`);
  return performance.now() - started;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

async function runEngine(label: string, env: Record<string, string | undefined>, files: string[]) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-import-'));
  const config = loadConfig({ ...env, DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', ADMIN_USERNAME: 'bench', ADMIN_PASSWORD: 'bench-password' });
  const running = await runServices('all', config);
  try {
    const base = running.url!;
    const login = await fetch(`${base}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'bench', password: 'bench-password' }) });
    const cookie = String(login.headers.get('set-cookie')).split(';')[0]!;
    const uploads: number[] = [];
    for (const file of files) {
      const form = new FormData();
      form.append('file', await fs.openAsBlob(file), path.basename(file));
      const started = performance.now();
      const res = await fetch(`${base}/api/transactions/upload`, { method: 'POST', headers: { cookie }, body: form });
      const body = (await res.json()) as { count?: number; error?: string };
      const ms = performance.now() - started;
      if (res.status !== 200 || body.count !== ROWS) throw new Error(`${label}: upload answered ${res.status} ${JSON.stringify(body).slice(0, 300)}`);
      uploads.push(ms);
    }
    // The same file again: every row a duplicate, nothing written.
    const form = new FormData();
    form.append('file', await fs.openAsBlob(files[0]!), 'again.csv');
    const againStarted = performance.now();
    const again = (await (await fetch(`${base}/api/transactions/upload`, { method: 'POST', headers: { cookie }, body: form })).json()) as { duplicateCount: number };
    const againMs = performance.now() - againStarted;
    if (again.duplicateCount !== ROWS) throw new Error(`${label}: re-upload found ${again.duplicateCount} duplicates`);

    const time = async (url: string) => {
      const times: number[] = [];
      for (let i = 0; i < RUNS + 3; i++) {
        const started = performance.now();
        const res = await fetch(`${base}${url}`, { headers: { cookie } });
        await res.arrayBuffer();
        if (res.status !== 200) throw new Error(`${url} answered ${res.status}`);
        if (i >= 3) times.push(performance.now() - started);
      }
      times.sort((a, b) => a - b);
      return { p50: percentile(times, 50), p95: percentile(times, 95) };
    };
    const summary = await time('/api/transactions/summary');
    const ranged = await time('/api/transactions/summary?startDate=2026-03-01&endDate=2026-05-31');
    const list = await time('/api/transactions?status=CLEARED&page=40');
    return { label, uploads, againMs, summary, ranged, list };
  } finally {
    await running.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-statements-'));
  const files = [path.join(dir, 'statement-a.csv'), path.join(dir, 'statement-b.csv')];
  const sizes = files.map((file, i) => writeExport(file, i === 0 ? 'A' : 'B'));
  console.log(`export: ${ROWS.toLocaleString('en-US')} rows, ${(sizes[0]! / 1024 / 1024).toFixed(1)} MB, 43 columns`);
  const baselineMs = await baseline(files[0]!);
  console.log(`baseline  csv-parse alone reading the file: ${baselineMs.toFixed(0)} ms`);

  const env = loadConfig(process.env);
  const engines: Array<[string, Record<string, string | undefined>]> = [['PGlite', {}]];
  let database: Awaited<ReturnType<typeof createTemporaryDatabase>> | undefined;
  if (env.databaseUrl) {
    database = await createTemporaryDatabase(env.databaseUrl);
    engines.push(['PostgreSQL', { DATABASE_URL: database.url }]);
  } else {
    console.log('PostgreSQL: skipped (DATABASE_URL is not set)');
  }
  try {
    for (const [label, engineEnv] of engines) {
      const r = await runEngine(label, engineEnv, files);
      const verdict = (ok: boolean) => (ok ? 'meets' : 'MISSES');
      console.log(
        `${label.padEnd(10)} upload 100k: ${r.uploads.map((ms) => `${ms.toFixed(0)} ms`).join(', then ')} (${verdict(r.uploads[0]! <= TARGET_IMPORT_MS)} ≤ ${TARGET_IMPORT_MS} ms; ` +
          `${(r.uploads[0]! / baselineMs).toFixed(1)}× the csv-parse baseline); same file again (all duplicates): ${r.againMs.toFixed(0)} ms`,
      );
      console.log(
        `${''.padEnd(10)} at ${(2 * ROWS).toLocaleString('en-US')} rows: summary p50 ${r.summary.p50.toFixed(1)} / p95 ${r.summary.p95.toFixed(1)} ms (${verdict(r.summary.p95 <= TARGET_SUMMARY_P95_MS)} ≤ ${TARGET_SUMMARY_P95_MS}); ` +
          `with a date range p95 ${r.ranged.p95.toFixed(1)} ms; list page 40 filtered p95 ${r.list.p95.toFixed(1)} ms`,
      );
    }
  } finally {
    await database?.drop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

await main();
