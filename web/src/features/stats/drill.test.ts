// The drill-down's tree, opened rows, level fitting and CSV (drill.ts, drill-csv.ts) as the table and
// the file show them.
import { describe, expect, test } from '@jest/globals';
import { drillCsv } from './drill-csv';
import { drillLevels, drillTree, fitDrill, openedPaths, rowId } from './drill';
import type { Report, ReportRow } from './report-types';

const row = (key: string, label: string, clicks: number, revenue = '0.00'): ReportRow => ({
  key, label, clicks, botClicks: 0, conversions: 0, revenue, spend: '0.00', profit: revenue, roi: null, roas: null, cr: 0, epv: 0, epc: 0, cpv: 0, cpa: null,
  linkClicks: clicks, exitClicks: 0, landerCtr: 0, pendingConversions: 0, pendingPayout: '0.00', rejectedConversions: 0, rejectedPayout: '0.00',
});
const report = (rows: ReportRow[]) => ({ rows }) as Report;

describe('drill-down', () => {
  const levels = drillLevels('campaign', { then: 'offer', then2: 'placement', expanded: [] });
  const top = [row('b', 'Beta', 1), row('a', 'Alpha', 5, '9.00'), row('__no_click__', 'No click', 0)];
  const children = new Map([
    [rowId(['a']), report([row('1', 'Offer One', 3, '9.00'), row('2', 'Offer Two', 2)])],
    [rowId(['a', '1']), report([row('p1', 'p1', 3, '9.00')])],
  ]);

  test("opened rows carry their loaded children; the last level and 'No click' do not open", () => {
    const tree = drillTree(top, levels, children);
    const alpha = tree.find((r) => r.key === 'a')!;
    expect(alpha.subRows!.map((r) => [r.label, r.depth, r.canExpand])).toEqual([['Offer One', 1, true], ['Offer Two', 1, true]]);
    expect(alpha.subRows![0]!.subRows!.map((r) => [r.label, r.depth, r.canExpand, r.path])).toEqual([['p1', 2, false, ['a', '1', 'p1']]]);
    expect(tree.find((r) => r.key === '__no_click__')!.canExpand).toBe(false);
  });

  test('a row is fetched only while every row above it is open', () => {
    expect(openedPaths(levels, [rowId(['a']), rowId(['a', '1']), rowId(['b', '9'])])).toEqual([['a'], ['a', '1']]);
    expect(openedPaths(levels.slice(0, 2), [rowId(['a']), rowId(['a', '1'])])).toEqual([['a']]);
  });

  test('any grouping sits under any other; a level that repeats the new grouping is dropped with those below it', () => {
    const drill = { then: 'adGroupName' as const, then2: 'placement' as const, expanded: [rowId(['a'])] };
    expect(fitDrill('campaign', { then: 'offer', then2: 'placement', expanded: [] })).toEqual({ then: 'offer', then2: 'placement', expanded: [] });
    // A tracking variable under another one: kept, opened rows too.
    expect(fitDrill('campaign', drill)).toEqual(drill);
    expect(fitDrill('creativeName', drill)).toEqual(drill);
    expect(fitDrill('placement', drill)).toEqual({ then: 'adGroupName', then2: null, expanded: [] });
    expect(fitDrill('adGroupName', drill)).toEqual({ then: null, then2: null, expanded: [] });
  });

  test('the CSV lists the opened children under their parent with a name column per level', () => {
    const csv = drillCsv(drillTree(top, levels, children), levels, [{ id: 'revenue', desc: true }]);
    expect(csv.header.slice(0, 4)).toEqual(['Campaign', 'Offer', 'Placement', 'Visits']);
    expect(csv.lines.map((l) => l.slice(0, 4))).toEqual([
      ['Alpha', '', '', '5'],
      ['Alpha', 'Offer One', '', '3'],
      ['Alpha', 'Offer One', 'p1', '3'],
      ['Alpha', 'Offer Two', '', '2'],
      ['Beta', '', '', '1'],
      ['No click', '', '', '0'],
    ]);
    expect(drillCsv(top.map((r) => ({ ...r, id: r.key, path: [r.key], depth: 0, canExpand: false })), ['campaign'], []).header[0]).toBe('Name');
    // The table's totals row closes the file.
    const withTotals = drillCsv(drillTree(top, levels, children), levels, [], { totals: { ...top[0]!, key: '', label: 'Total', clicks: 6 } });
    expect(withTotals.lines.at(-1)!.slice(0, 4)).toEqual(['Total', '', '', '6']);
  });
});
