// The SQL each kind of report plan runs, rendered from fixed inputs into reports/sql/<case>.sql and
// compared with the committed files, so a reviewer reads the queries a change makes. UPDATE_SQL=1 rewrites them.
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from '@jest/globals';
import type { ReportGroupBy } from '@tracker/schemas';
import type { CakeFillIns } from './cake-fill-ins';
import { planReport, type ReportPlan } from './report-plan';
import type { ReportFilters, ReportScope } from './report-scope';
import { drillReportSql, flatReportSql, groupMeasuresSql } from './report-sql';

const SQL_DIR = fileURLToPath(new URL('./sql/', import.meta.url));
const UPDATE = process.env.UPDATE_SQL === '1';

const CAKE: CakeFillIns = { clickIds: ['click-7'], conversions: [1], revenueCents: [250] };

function scope(startDate: string, endDate: string, filters: ReportFilters, cake?: CakeFillIns): ReportScope {
  return { timezone: 'America/New_York', startDate, endDate, filters, buyers: { sparkIds: ['spark-1'], usernames: ['ana'] }, cake };
}

interface Case {
  /** What the plan answers, as the file's first line says it. */
  about: string;
  scope: ReportScope;
  levels: ReportGroupBy[];
  parents?: string[];
  render: (plan: ReportPlan) => object;
}

const CASES: Record<string, Case> = {
  'rollup-flat': {
    about: 'GET /api/reports?groupBy=campaign over two days, with CAKE fill-ins',
    scope: scope('2026-05-01', '2026-05-02', {}, CAKE),
    levels: ['campaign'],
    render: flatReportSql,
  },
  'rollup-flat-hourly': {
    about: "GET /api/reports?groupBy=mediabuyer for one day (hourly series), spark 'none' and offer 3, seen by a scoped viewer",
    scope: scope('2026-05-01', '2026-05-01', { spark: 'none', offer: 3, viewerSparks: ['spark-1'] }),
    levels: ['mediabuyer'],
    render: flatReportSql,
  },
  'variable-rollup-flat': {
    about: 'GET /api/reports?groupBy=placement over two days, with CAKE fill-ins',
    scope: scope('2026-05-01', '2026-05-02', {}, CAKE),
    levels: ['placement'],
    render: flatReportSql,
  },
  'variable-rollup-flat-audience': {
    about: 'GET /api/reports?groupBy=campaign&country=US: the variable rollups of country, value aliased, with CAKE fill-ins',
    scope: scope('2026-05-01', '2026-05-02', { country: 'US' }, CAKE),
    levels: ['campaign'],
    render: flatReportSql,
  },
  'raw-flat': {
    about: 'GET /api/reports?groupBy=placement&country=US: two variables, the raw facts, with CAKE fill-ins',
    scope: scope('2026-05-01', '2026-05-02', { country: 'US' }, CAKE),
    levels: ['placement'],
    render: flatReportSql,
  },
  'rollup-drill': {
    about: 'GET /api/reports?groupBy=campaign&then=offer&parent=cmpA, with CAKE fill-ins',
    scope: scope('2026-05-01', '2026-05-02', {}, CAKE),
    levels: ['campaign', 'offer'],
    parents: ['cmpA'],
    render: drillReportSql,
  },
  'variable-rollup-drill': {
    about: 'GET /api/reports?groupBy=placement&then=campaign&parent=p1: the variable rollups of placement, value aliased',
    scope: scope('2026-05-01', '2026-05-02', {}),
    levels: ['placement', 'campaign'],
    parents: ['p1'],
    render: drillReportSql,
  },
  'raw-drill': {
    about: 'GET /api/reports?groupBy=placement&then=campaign&then2=offer&parent=p1&parent2=cmpA&device=mobile: the raw facts at every level',
    scope: scope('2026-05-01', '2026-05-02', { device: 'mobile' }),
    levels: ['placement', 'campaign', 'offer'],
    parents: ['p1', 'cmpA'],
    render: drillReportSql,
  },
  'raw-drill-cake': {
    about: 'GET /api/reports?groupBy=placement&then=country&parent=p1: the raw facts under every top key, with CAKE fill-ins',
    scope: scope('2026-05-01', '2026-05-02', {}, CAKE),
    levels: ['placement', 'country'],
    parents: ['p1'],
    render: drillReportSql,
  },
  'ad-pooled-flat-hourly': {
    about: 'GET /api/reports?groupBy=tiktokCreativeId for one day: spend pooled per ad (its own), orphan ads their own rows',
    scope: scope('2026-05-01', '2026-05-01', {}),
    levels: ['tiktokCreativeId'],
    render: flatReportSql,
  },
  'ad-pooled-drill': {
    about: 'GET /api/reports?groupBy=campaign&then=tiktokAdGroupId&parent=cmpA: children pooled per ad group, the opened row per TikTok campaign',
    scope: scope('2026-05-01', '2026-05-02', {}),
    levels: ['campaign', 'tiktokAdGroupId'],
    parents: ['cmpA'],
    render: drillReportSql,
  },
  'offer-performance': {
    about: 'GET /api/cake/offers over two days, seen by a scoped viewer, with CAKE fill-ins',
    scope: scope('2026-05-01', '2026-05-02', { viewerSparks: ['spark-1'] }, CAKE),
    levels: ['offer'],
    render: groupMeasuresSql,
  },
};

/** Re-indents SQL by its parentheses (two spaces a level), so nested fragments read as nested. */
function layOut(sql: string): string {
  let depth = 0;
  return sql
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .map((line) => {
      const code = line.replace(/'[^']*'/g, "''");
      const leading = /^\)*/.exec(code)![0].length;
      const indented = '  '.repeat(Math.max(0, depth - leading)) + line;
      depth += (code.match(/\(/g) ?? []).length - (code.match(/\)/g) ?? []).length;
      return indented;
    })
    .join('\n');
}

function renderCase(c: Case): string {
  const plan = planReport(c.scope, c.levels, c.parents);
  const queries = Object.entries(c.render(plan) as Record<string, string>);
  return [
    `-- ${c.about}`,
    `-- params: ${JSON.stringify(plan.params)}`,
    ...queries.map(([name, sql]) => `\n-- ${name}\n${layOut(sql)};`),
  ].join('\n') + '\n';
}

describe('report SQL (reports/sql/*.sql; UPDATE_SQL=1 rewrites them)', () => {
  test.each(Object.keys(CASES))('%s.sql is what the plan renders', (name) => {
    const file = `${SQL_DIR}${name}.sql`;
    const sql = renderCase(CASES[name]!);
    if (UPDATE) {
      fs.mkdirSync(SQL_DIR, { recursive: true });
      fs.writeFileSync(file, sql);
    }
    expect(fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : `(${file} is missing: run with UPDATE_SQL=1)`).toBe(sql);
  });

  test('every committed .sql file is a case', () => {
    const files = fs.existsSync(SQL_DIR) ? fs.readdirSync(SQL_DIR).filter((f) => f.endsWith('.sql')) : [];
    if (UPDATE) for (const f of files) if (!(f.slice(0, -4) in CASES)) fs.rmSync(`${SQL_DIR}${f}`);
    expect(fs.readdirSync(SQL_DIR).sort()).toEqual(Object.keys(CASES).map((n) => `${n}.sql`).sort());
  });
});
