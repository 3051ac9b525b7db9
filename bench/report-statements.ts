// Where one report's time goes, statement by statement, on a store `bench/report.ts --store DIR` loaded: the API call
// as the bench times it, then each analytics statement it ran, timed three ways.
//
//   npx tsx bench/report-statements.ts --store DIR [--runs 5] [--dump FILE] '/api/reports?groupBy=placement&os=iOS&startDate=2026-03-01&endDate=2026-03-30'
//
//   concurrent  the statement's time inside the API call (its siblings run beside it on two cores)
//   alone       the same statement by itself
//   planning    `EXPLAIN PLAN` of it: parsing, analysis and the plan, nothing read; on these report statements this
//               is most of a small store's time, and what every call pays again (the engine keeps no plans)
// Medians of --runs. --dump FILE writes the statements and their parameters as JSON, for trying rewrites by hand.
// The store is opened writable, as the bench does: stop any other process using it first.
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { type Analytics, createLogger, type QueryParams } from '@tracker/core';
import { openChdbAnalytics, openEntities } from '@tracker/core/testing';
import { startReportApi } from './report-api';

const { values: args, positionals } = parseArgs({
  allowPositionals: true,
  options: { store: { type: 'string' }, runs: { type: 'string', default: '5' }, dump: { type: 'string' } },
});
const url = positionals[0];
if (!args.store || !url?.startsWith('/api/')) throw new Error("usage: report-statements.ts --store DIR [--runs 5] [--dump FILE] '/api/reports?…'");
const RUNS = Number(args.runs);
const dir = path.resolve(args.store);

interface Statement {
  sql: string;
  params?: QueryParams;
  ms: number;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function timed(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

const logger = createLogger('silent');
const entities = await openEntities({ pgliteDir: path.join(dir, 'pg') });
const store = await openChdbAnalytics(path.join(dir, 'ch'));
let recording: Statement[] | undefined;
const analytics: Analytics = {
  ...store,
  async query<T>(sql: string, params?: QueryParams) {
    const started = performance.now();
    const rows = await store.query<T>(sql, params);
    recording?.push({ sql, params, ms: performance.now() - started });
    return rows;
  },
};
const { app, cookie } = await startReportApi(entities, analytics, logger);
try {
  const call = async () => {
    const res = await app.inject({ method: 'GET', url, headers: { cookie } });
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
  };
  await call();
  await call();
  const calls: number[] = [];
  let statements: Statement[] = [];
  for (let i = 0; i < RUNS; i++) {
    recording = [];
    calls.push(await timed(call));
    statements = recording;
    recording = undefined;
  }
  console.log(`${url}\n  the call: median ${median(calls).toFixed(1)} ms of ${RUNS}; ${statements.length} statements (the last call's)\n`);
  console.log(`${'concurrent'.padStart(10)} ${'alone'.padStart(8)} ${'planning'.padStart(9)}  statement`);
  for (const s of statements) {
    const alone: number[] = [];
    const planning: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      alone.push(await timed(() => store.query(s.sql, s.params)));
      planning.push(await timed(() => store.query(`EXPLAIN PLAN ${s.sql}`, s.params)));
    }
    const head = s.sql.replace(/\s+/g, ' ').trim().slice(0, 90);
    console.log(`${s.ms.toFixed(1).padStart(10)} ${median(alone).toFixed(1).padStart(8)} ${median(planning).toFixed(1).padStart(9)}  ${head}`);
  }
  if (args.dump) fs.writeFileSync(args.dump, JSON.stringify(statements, null, 1));
} finally {
  await app.close();
  await store.close();
  await entities.close();
}
