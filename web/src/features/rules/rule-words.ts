// A rule said in a media buyer's words for the list, the log and the replay: its conditions
// ("Spend > $50 and Conversions < 1"), its action ("Raise budget 20% (up to $500)") and the metric
// values it saw ("Spend $52.10 · Conversions 0"), money and percentages as the reports show them (in the workspace currency).
import {
  RULE_OP_LABELS,
  type Rule,
  type RuleActionType,
  type RuleCondition,
  type RuleMetric,
  type RuleMetricValues,
  type RuleResult,
} from '@tracker/schemas';
import { currencySymbol, formatCount, formatMoney, formatPercent, formatPerConversion, formatPerVisit, formatRoi, formatTypedMoney, NO_RATIO } from '../../lib/format';

/** The metric's name in a sentence: the unit goes with the value ("ROI < -20%"), not the name. */
const METRIC_WORDS: Record<RuleMetric, string> = {
  spend: 'Spend',
  revenue: 'Revenue',
  profit: 'Profit',
  roi: 'ROI',
  cpa: 'CPA',
  conversions: 'Conversions',
  visits: 'Visits',
  cr: 'CR',
  epv: 'EPV',
};

const MONEY_METRICS: ReadonlySet<RuleMetric> = new Set(['spend', 'revenue', 'profit', 'cpa']);
const PERCENT_METRICS: ReadonlySet<RuleMetric> = new Set(['roi', 'cr']);

/** A threshold as typed, without padding: 50 → '$50', 12.5 → '$12.50', -20 (ROI) → '-20%'. */
export function thresholdInWords(metric: RuleMetric, value: number): string {
  if (MONEY_METRICS.has(metric)) {
    return formatTypedMoney(value);
  }
  if (metric === 'epv') return `${currencySymbol()}${String(value)}`;
  if (PERCENT_METRICS.has(metric)) return `${String(value)}%`;
  return String(value);
}

export function conditionInWords({ metric, op, value }: RuleCondition): string {
  return `${METRIC_WORDS[metric]} ${RULE_OP_LABELS[op]} ${thresholdInWords(metric, value)}`;
}

/** Every condition must hold: "Spend > $50 and Conversions < 1". */
export function conditionsInWords(conditions: readonly RuleCondition[]): string {
  return conditions.map(conditionInWords).join(' and ');
}

/** "Pause", "Raise budget 20% (up to $500)", "Lower budget 10% (not below $50)", "Notify only". */
export function actionInWords(action: Rule['action']): string {
  switch (action.type) {
    case 'pause':
      return 'Pause';
    case 'enable':
      return 'Enable';
    case 'notify':
      return 'Notify only';
    case 'budget_increase':
      return `Raise budget ${action.percent ?? 0}%${action.budgetCap == null ? '' : ` (up to ${formatTypedMoney(action.budgetCap)})`}`;
    case 'budget_decrease':
      return `Lower budget ${action.percent ?? 0}%${action.budgetCap == null ? '' : ` (not below ${formatTypedMoney(action.budgetCap)})`}`;
  }
}

export const isBudgetAction = (type: RuleActionType) => type === 'budget_increase' || type === 'budget_decrease';

/** One metric value as the reports show it; a ratio without its base as '—'. */
export function metricValueText(metric: RuleMetric, metrics: RuleMetricValues): string {
  switch (metric) {
    case 'spend':
    case 'revenue':
    case 'profit':
      return formatMoney(metrics[metric]);
    case 'cpa':
      return formatPerConversion(metrics.cpa);
    case 'roi':
      return formatRoi(metrics.roi);
    case 'cr':
      return metrics.cr === null ? NO_RATIO : formatPercent(metrics.cr);
    case 'epv':
      return formatPerVisit(metrics.epv);
    case 'conversions':
    case 'visits':
      return formatCount(metrics[metric]);
  }
}

/**
 * The metrics worth showing beside a decision: the ones the rule's conditions test, after spend and
 * revenue (what the buyer reads first), each once.
 */
export function shownMetrics(conditions: readonly RuleCondition[] | undefined): RuleMetric[] {
  const picked: RuleMetric[] = ['spend', 'revenue'];
  const tested: RuleMetric[] = conditions ? conditions.map((c) => c.metric) : ['conversions', 'visits'];
  for (const metric of tested) if (!picked.includes(metric)) picked.push(metric);
  return picked;
}

/** "Spend $52.10 · Revenue $0.00 · Conversions 0". */
export function metricsInWords(metrics: RuleMetricValues, shown: readonly RuleMetric[]): string {
  return shown.map((metric) => `${METRIC_WORDS[metric]} ${metricValueText(metric, metrics)}`).join(' · ');
}

export const RESULT_LABELS: Record<RuleResult, string> = {
  done: 'Done',
  dry_run: 'Dry run',
  already: 'Already so',
  capped: 'At cap',
  cooldown: 'Cooling down',
  daily_limit: 'Daily limit',
  throttled: 'Throttled, will retry',
  failed: 'Failed',
};

/** The badge tone of a result: acted, refused, or left alone. */
export function resultTone(result: RuleResult): 'success' | 'destructive' | 'secondary' | 'outline' {
  if (result === 'done') return 'success';
  if (result === 'failed') return 'destructive';
  if (result === 'dry_run' || result === 'throttled') return 'outline';
  return 'secondary';
}
