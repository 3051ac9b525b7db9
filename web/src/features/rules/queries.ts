// The Rules page's calls: the rules, saving, deleting and the enabled switch, a run now, a replay
// over past days, and the action log of one rule or of every rule over a date range.
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Rule, RuleInput, RuleLogEntry, RuleOptions, RuleReplay, RuleRun } from '@tracker/schemas';
import { apiJson, apiRequest } from '../../lib/api';
import { toDayParam, type DayRange } from '../../ui/date-range-presets';
import { toast } from '../../ui/use-toast';

export const RULES_KEY = ['/api/rules'] as const;
const AUTOMATION_LOG_KEY = '/api/automation/log';

/** A run or a change may add log rows and move a rule's last run and actions today. */
function refreshRules(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: RULES_KEY });
  void queryClient.invalidateQueries({ queryKey: [AUTOMATION_LOG_KEY] });
}

/** The builder's pick lists: connected ad accounts and notification channels (GET /api/rules/options). */
export function useRuleOptions({ enabled }: { enabled: boolean }) {
  return useQuery<RuleOptions>({ queryKey: ['/api/rules/options'], enabled, meta: { errorTitle: 'Failed to fetch ad accounts and channels' } });
}

export function useRules() {
  return useQuery<Rule[]>({ queryKey: RULES_KEY, meta: { errorTitle: 'Failed to fetch rules' } });
}

/** No failure toast: the builder dialog shows the server's refusal beside the fields. */
export function useSaveRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: RuleInput }) =>
      id === null ? apiJson<Rule>('POST', '/api/rules', body) : apiJson<Rule>('PATCH', `/api/rules/${id}`, body),
    onSuccess: (rule, { id }) => {
      refreshRules(queryClient);
      toast({ title: id === null ? 'Rule created' : 'Rule saved', description: rule.name });
    },
  });
}

export function useToggleRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, enabled }: { id: number; enabled: boolean }) => apiJson<Rule>('PATCH', `/api/rules/${id}`, { enabled }),
    onSuccess: (rule) => {
      refreshRules(queryClient);
      toast({ title: rule.enabled ? 'Rule enabled' : 'Rule disabled', description: rule.name });
    },
    meta: { errorTitle: 'Failed to update rule' },
  });
}

export function useDeleteRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest('DELETE', `/api/rules/${id}`),
    onSuccess: () => {
      refreshRules(queryClient);
      toast({ title: 'Rule deleted' });
    },
    meta: { errorTitle: 'Failed to delete rule' },
  });
}

export function useRunRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (rule: Rule) => apiJson<RuleRun>('POST', `/api/rules/${rule.id}/run`),
    onSettled: () => refreshRules(queryClient),
    meta: { errorTitle: 'Failed to run rule' },
  });
}

export function useReplayRule() {
  return useMutation({
    mutationFn: ({ id, days }: { id: number; days: number }) => apiJson<RuleReplay>('POST', `/api/rules/${id}/replay?days=${days}`),
    meta: { errorTitle: 'Failed to replay rule' },
  });
}

export function useRuleLog(id: number | null) {
  return useQuery<RuleLogEntry[]>({ queryKey: ['/api/rules', id ?? 0, 'log'], enabled: id !== null, meta: { errorTitle: 'Failed to fetch the rule log' } });
}

export function useAutomationLog(range: DayRange) {
  return useQuery<RuleLogEntry[]>({
    queryKey: [AUTOMATION_LOG_KEY, { startDate: toDayParam(range.from), endDate: toDayParam(range.to) }],
    meta: { errorTitle: 'Failed to fetch the automation log' },
  });
}
