import { describe, expect, test } from '@jest/globals';
import type { RuleMetricValues } from '@tracker/schemas';
import { setWorkspaceCurrency } from '../../lib/format';
import { actionInWords, conditionsInWords, metricsInWords, shownMetrics, thresholdInWords } from './rule-words';

const SEEN: RuleMetricValues = {
  spend: '52.10',
  revenue: '0.00',
  profit: '-52.10',
  roi: -100,
  cpa: null,
  conversions: 0,
  visits: 1234,
  cr: null,
  epv: '0.000',
};

describe('a rule in words', () => {
  test('conditions read as the buyer would say them, joined by "and"', () => {
    expect(
      conditionsInWords([
        { metric: 'spend', op: 'gt', value: 50 },
        { metric: 'conversions', op: 'lt', value: 1 },
      ]),
    ).toBe('Spend > $50 and Conversions < 1');
    expect(conditionsInWords([{ metric: 'roi', op: 'lte', value: -20 }])).toBe('ROI ≤ -20%');
    expect(conditionsInWords([{ metric: 'cpa', op: 'gte', value: 12.5 }, { metric: 'cr', op: 'lt', value: 0.8 }])).toBe('CPA ≥ $12.50 and CR < 0.8%');
  });

  test('thresholds keep the unit with the value, negative money with its sign first', () => {
    expect(thresholdInWords('profit', -30)).toBe('-$30');
    expect(thresholdInWords('profit', -7.5)).toBe('-$7.50');
    expect(thresholdInWords('epv', 0.05)).toBe('$0.05');
    expect(thresholdInWords('visits', 300)).toBe('300');
  });

  test('money thresholds and caps are in the workspace currency', () => {
    setWorkspaceCurrency('EUR');
    try {
      expect(conditionsInWords([{ metric: 'spend', op: 'gt', value: 50 }])).toBe('Spend > €50');
      expect(thresholdInWords('epv', 0.05)).toBe('€0.05');
      expect(actionInWords({ type: 'budget_increase', percent: 20, budgetCap: 500 })).toBe('Raise budget 20% (up to €500)');
    } finally {
      setWorkspaceCurrency('USD');
    }
  });

  test('a budget action says its percent and its cap', () => {
    expect(actionInWords({ type: 'pause', percent: null, budgetCap: null })).toBe('Pause');
    expect(actionInWords({ type: 'budget_increase', percent: 20, budgetCap: 500 })).toBe('Raise budget 20% (up to $500)');
    expect(actionInWords({ type: 'budget_decrease', percent: 15, budgetCap: 20.5 })).toBe('Lower budget 15% (not below $20.50)');
    expect(actionInWords({ type: 'budget_decrease', percent: 15, budgetCap: null })).toBe('Lower budget 15%');
    expect(actionInWords({ type: 'notify', percent: null, budgetCap: null })).toBe('Notify only');
  });

  test('metrics seen: spend and revenue first, then what the conditions test, ratios without a base as a dash', () => {
    const shown = shownMetrics([
      { metric: 'spend', op: 'gt', value: 50 },
      { metric: 'cpa', op: 'gt', value: 20 },
      { metric: 'roi', op: 'lt', value: 0 },
    ]);
    expect(shown).toEqual(['spend', 'revenue', 'cpa', 'roi']);
    expect(metricsInWords(SEEN, shown)).toBe('Spend $52.10 · Revenue $0.00 · CPA — · ROI -100.0%');
    expect(metricsInWords(SEEN, shownMetrics(undefined))).toBe('Spend $52.10 · Revenue $0.00 · Conversions 0 · Visits 1,234');
  });
});
