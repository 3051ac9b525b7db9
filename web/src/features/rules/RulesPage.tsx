// The Rules screen at /rules: the rules — what each watches and does, in words, its Live / Dry run
// mode, the enabled switch, last run (report time zone) and actions today — with Edit, Run now, Replay, Log
// and Delete, the builder dialog, and the automation log of every rule over a date range.
import type { ColumnDef } from '@tanstack/react-table';
import { RULE_LEVEL_LABELS, RULE_WINDOW_LABELS, type Rule } from '@tracker/schemas';
import { History, Play, Plus, ScrollText } from 'lucide-react';
import { useMemo, useState } from 'react';
import { errorMessage } from '../../lib/api';
import { formatCount } from '../../lib/format';
import { Badge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/Card';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { DataTable } from '../../ui/DataTable';
import { DateRangePicker } from '../../ui/DateRangePicker';
import { lastDays, todayIn, type DayRange } from '../../ui/date-range-presets';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../ui/Dialog';
import { EditDeleteButtons } from '../../ui/EditDeleteButtons';
import { PageHeader } from '../../ui/PageHeader';
import { Switch } from '../../ui/Switch';
import { useConfirmTarget } from '../../ui/use-confirm-target';
import { useAutomationLog, useDeleteRule, useRuleLog, useRules, useRunRule, useToggleRule } from './queries';
import { ReplayDialog } from './ReplayDialog';
import { RuleDialog } from './RuleDialog';
import { RuleLogTable } from './RuleLogTable';
import { actionInWords, conditionsInWords } from './rule-words';
import { RunResultDialog } from './RunResultDialog';
import { useTimeInZone } from './time-in-zone';

const NO_SORTING: [] = [];

function ModeBadge({ mode }: { mode: Rule['mode'] }) {
  return mode === 'live' ? <Badge variant="destructive">Live</Badge> : <Badge variant="outline">Dry run</Badge>;
}

function RuleLogDialog({ rule, rules, onOpenChange }: { rule: Rule | null; rules: readonly Rule[] | undefined; onOpenChange: (open: boolean) => void }) {
  const log = useRuleLog(rule?.id ?? null);
  const { timeZone } = useTimeInZone();
  return (
    <Dialog open={rule !== null} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-5xl">
        <DialogHeader>
          <DialogTitle>Log: {rule?.name}</DialogTitle>
          <DialogDescription>Every action the rule took or, in dry run, would have taken; times in {timeZone}.</DialogDescription>
        </DialogHeader>
        <RuleLogTable
          label="Rule log"
          entries={log.data ?? []}
          rules={rules}
          showRule={false}
          isPending={log.isPending}
          emptyMessage={log.isError ? `Failed to fetch the rule log: ${errorMessage(log.error)}` : 'The rule has not acted yet.'}
        />
      </DialogContent>
    </Dialog>
  );
}

function AutomationLogCard({ rules }: { rules: readonly Rule[] | undefined }) {
  const { timeZone } = useTimeInZone();
  const [picked, setPicked] = useState<DayRange | null>(null);
  const range = picked ?? lastDays(7, todayIn(timeZone));
  const log = useAutomationLog(range);
  return (
    <Card className="min-w-0">
      <CardHeader className="flex flex-wrap items-start justify-between gap-4 sm:flex-nowrap">
        <div className="grid min-w-0 flex-1 gap-1.5">
          <CardTitle>
            <h2>Automation log</h2>
          </CardTitle>
          <CardDescription>What every rule did, or would have done in dry run, and what TikTok answered; times in {timeZone}.</CardDescription>
        </div>
        <DateRangePicker value={range} timeZone={timeZone} onChange={setPicked} className="w-full shrink-0 sm:w-auto" />
      </CardHeader>
      <CardContent>
        <RuleLogTable
          label="Automation log"
          entries={log.data ?? []}
          rules={rules}
          showRule
          isPending={log.isPending}
          emptyMessage={log.isError ? `Failed to fetch the automation log: ${errorMessage(log.error)}` : 'No rule acted in these days.'}
        />
      </CardContent>
    </Card>
  );
}

export function RulesPage() {
  const rules = useRules();
  const toggle = useToggleRule();
  const remove = useDeleteRule();
  const run = useRunRule();
  const confirmDelete = useConfirmTarget<Rule>();
  const { when, timeZone } = useTimeInZone();
  const [dialog, setDialog] = useState<{ open: boolean; rule: Rule | null }>({ open: false, rule: null });
  const [running, setRunning] = useState<Rule | null>(null);
  const [replaying, setReplaying] = useState<Rule | null>(null);
  const [logOf, setLogOf] = useState<Rule | null>(null);

  const columns = useMemo<ColumnDef<Rule>[]>(
    () => [
      {
        id: 'name',
        header: 'Rule',
        size: 290,
        cell: ({ row }) => {
          const rule = row.original;
          return (
            <div className="grid min-w-0 gap-0.5 whitespace-normal">
              <span className="font-medium break-words">{rule.name}</span>
              <span className="text-sm break-words" data-testid="rule-conditions">
                If {conditionsInWords(rule.conditions)}
              </span>
              <span className="text-xs text-muted-foreground">
                {RULE_LEVEL_LABELS[rule.level]} level · {RULE_WINDOW_LABELS[rule.window]} · {rule.accountIds.length}{' '}
                {rule.accountIds.length === 1 ? 'account' : 'accounts'}
                {rule.campaignIds.length > 0 && ` · ${rule.campaignIds.length} ${rule.campaignIds.length === 1 ? 'campaign' : 'campaigns'}`}
              </span>
            </div>
          );
        },
      },
      {
        id: 'action',
        header: 'Action',
        size: 150,
        cell: ({ row }) => (
          <div className="grid justify-items-start gap-1 whitespace-normal">
            <span className="break-words">{actionInWords(row.original.action)}</span>
            <ModeBadge mode={row.original.mode} />
          </div>
        ),
      },
      {
        id: 'enabled',
        header: 'Enabled',
        size: 72,
        cell: ({ row }) => (
          <Switch
            checked={row.original.enabled}
            aria-label={`Enabled: ${row.original.name}`}
            disabled={toggle.isPending && toggle.variables?.id === row.original.id}
            onCheckedChange={(enabled) => toggle.mutate({ id: row.original.id, enabled })}
          />
        ),
      },
      {
        id: 'lastRun',
        header: 'Last run',
        size: 104,
        cell: ({ row }) =>
          row.original.lastRunAt ? (
            <span className="text-sm whitespace-nowrap tabular-nums">{when(row.original.lastRunAt)}</span>
          ) : (
            <span className="text-sm text-muted-foreground">Never</span>
          ),
      },
      {
        id: 'actionsToday',
        header: 'Actions today',
        size: 110,
        meta: { align: 'right' },
        cell: ({ row }) => (
          <span className="tabular-nums">
            {formatCount(row.original.actionsToday)}
            <span className="text-muted-foreground"> / {formatCount(row.original.maxActionsPerDay)}</span>
          </span>
        ),
      },
      {
        id: 'actions',
        header: () => <span className="sr-only">Actions</span>,
        size: 324,
        meta: { align: 'right' },
        cell: ({ row }) => {
          const rule = row.original;
          return (
            <div className="flex items-center justify-end gap-1">
              <Button
                variant="outline"
                size="sm"
                aria-label={`Run ${rule.name} now`}
                disabled={run.isPending}
                onClick={() => {
                  setRunning(rule);
                  run.mutate(rule, { onError: () => setRunning(null) });
                }}
              >
                <Play aria-hidden="true" />
                Run now
              </Button>
              <Button variant="outline" size="sm" aria-label={`Replay ${rule.name}`} onClick={() => setReplaying(rule)}>
                <History aria-hidden="true" />
                Replay
              </Button>
              <Button variant="ghost" size="icon" aria-label={`Log of ${rule.name}`} title="Log" onClick={() => setLogOf(rule)}>
                <ScrollText aria-hidden="true" />
              </Button>
              <EditDeleteButtons
                name={rule.name}
                onEdit={() => setDialog({ open: true, rule })}
                onDelete={() => confirmDelete.ask(rule)}
                deleting={remove.isPending}
              />
            </div>
          );
        },
      },
    ],
    [toggle, run, remove.isPending, confirmDelete, when],
  );

  return (
    <div className="space-y-6">
      <PageHeader
        title="Rules"
        description={`Rules watch your numbers (tracker revenue and conversions with TikTok spend) every 15 minutes and pause, enable, re-budget or notify. Times in ${timeZone}.`}
        actions={
          <Button onClick={() => setDialog({ open: true, rule: null })}>
            <Plus aria-hidden="true" />
            New rule
          </Button>
        }
      />
      <Card className="min-w-0">
        <CardContent>
          <DataTable
            label="Rules"
            data={rules.data ?? []}
            columns={columns}
            getRowId={(row) => String(row.id)}
            sorting={NO_SORTING}
            onSortingChange={() => {}}
            manualSorting
            isPending={rules.isPending}
            loadingLabel="Loading rules..."
            emptyMessage={
              rules.isError
                ? `Failed to fetch rules: ${errorMessage(rules.error)}`
                : 'No rules yet. Create one: it starts in dry run, so replay it and watch its log before going live.'
            }
          />
        </CardContent>
      </Card>
      <AutomationLogCard rules={rules.data} />

      <RuleDialog open={dialog.open} onOpenChange={(open) => setDialog((d) => ({ ...d, open }))} rule={dialog.rule} />
      <RunResultDialog rule={running} run={run.data?.ruleId === running?.id ? run.data : undefined} pending={run.isPending} onOpenChange={(open) => !open && setRunning(null)} />
      <ReplayDialog rule={replaying} onOpenChange={(open) => !open && setReplaying(null)} />
      <RuleLogDialog rule={logOf} rules={rules.data} onOpenChange={(open) => !open && setLogOf(null)} />
      <ConfirmDialog
        open={confirmDelete.open}
        onOpenChange={(open) => !open && confirmDelete.close()}
        title="Delete this rule?"
        description={`"${confirmDelete.target?.name ?? ''}" will stop acting. What it already changed on TikTok stays as it is.`}
        pending={remove.isPending}
        onConfirm={() => confirmDelete.target && remove.mutate(confirmDelete.target.id, { onSettled: confirmDelete.close })}
      />
    </div>
  );
}
