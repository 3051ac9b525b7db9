// Replay: the rule run hour by hour over the last 1–30 days of stored numbers, calling nothing on TikTok. The
// answer as a table (when it would have acted, on what, the metrics it saw, what the object spent and earned
// afterwards) under its totals: "Would have saved $X spend, missed $Y revenue" (in the workspace currency).
import { zodResolver } from '@hookform/resolvers/zod';
import type { ColumnDef } from '@tanstack/react-table';
import { MAX_REPLAY_DAYS, RULE_ACTION_LABELS, type Rule, type RuleReplay } from '@tracker/schemas';
import { History } from 'lucide-react';
import { useEffect, useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { toastValidationError } from '../../lib/failure-toast';
import { formatMoney } from '../../lib/format';
import { Button } from '../../ui/Button';
import { DataTable } from '../../ui/DataTable';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../ui/Dialog';
import { TextField } from '../../ui/TextField';
import { useReplayRule } from './queries';
import { ObjectCell } from './RuleLogTable';
import { actionInWords, metricsInWords, shownMetrics } from './rule-words';
import { useTimeInZone } from './time-in-zone';

type ReplayAction = RuleReplay['actions'][number];
const NO_SORTING: [] = [];
const DEFAULT_DAYS = 7;

const replayFormSchema = z.object({
  days: z
    .number({ error: `Days must be a whole number from 1 to ${MAX_REPLAY_DAYS}` })
    .int(`Days must be a whole number from 1 to ${MAX_REPLAY_DAYS}`)
    .min(1, `Days must be a whole number from 1 to ${MAX_REPLAY_DAYS}`)
    .max(MAX_REPLAY_DAYS, `Days must be a whole number from 1 to ${MAX_REPLAY_DAYS}`),
});
type ReplayForm = z.output<typeof replayFormSchema>;

export function ReplayDialog({ rule, onOpenChange }: { rule: Rule | null; onOpenChange: (open: boolean) => void }) {
  const replay = useReplayRule();
  const { when } = useTimeInZone();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<ReplayForm>({ resolver: zodResolver(replayFormSchema), defaultValues: { days: DEFAULT_DAYS } });
  const { reset: resetReplay } = replay;

  useEffect(() => {
    if (!rule) return;
    resetReplay();
    reset({ days: DEFAULT_DAYS });
  }, [rule, reset, resetReplay]);

  const result = replay.data && replay.data.ruleId === rule?.id ? replay.data : undefined;
  const columns = useMemo<ColumnDef<ReplayAction>[]>(
    () => [
      { id: 'at', header: 'Time', size: 110, cell: ({ row }) => <span className="text-sm whitespace-nowrap tabular-nums">{when(row.original.at)}</span> },
      { id: 'object', header: 'Object', size: 200, cell: ({ row }) => <ObjectCell {...row.original} /> },
      { id: 'action', header: 'Action', size: 140, meta: { wrap: true }, cell: ({ row }) =>
          rule && row.original.action === rule.action.type ? actionInWords(rule.action) : RULE_ACTION_LABELS[row.original.action],
      },
      {
        id: 'metrics',
        header: 'Metrics seen',
        size: 250,
        meta: { wrap: true },
        cell: ({ row }) => <span className="text-xs break-words">{metricsInWords(row.original.metrics, shownMetrics(rule?.conditions))}</span>,
      },
      {
        id: 'spendAfter',
        header: 'Spend after',
        size: 110,
        meta: { align: 'right' },
        cell: ({ row }) => <span className="tabular-nums">{formatMoney(row.original.spendAfter)}</span>,
      },
      {
        id: 'revenueAfter',
        header: 'Revenue after',
        size: 120,
        meta: { align: 'right' },
        cell: ({ row }) => <span className="tabular-nums">{formatMoney(row.original.revenueAfter)}</span>,
      },
    ],
    [rule, when],
  );

  const onSubmit = handleSubmit(({ days }) => rule && replay.mutate({ id: rule.id, days }), toastValidationError);

  return (
    <Dialog open={rule !== null} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-5xl">
        <DialogHeader>
          <DialogTitle>Replay: {rule?.name}</DialogTitle>
          <DialogDescription>
            Runs the rule hour by hour over past days of stored spend and tracker numbers, as if it had been live. Nothing is called on TikTok.
          </DialogDescription>
        </DialogHeader>
        <form className="flex flex-wrap items-end gap-3" onSubmit={onSubmit} noValidate aria-label="Replay">
          <div className="w-40">
            <TextField
              label={`Days (1–${MAX_REPLAY_DAYS})`}
              type="number"
              min={1}
              max={MAX_REPLAY_DAYS}
              step={1}
              inputMode="numeric"
              error={errors.days}
              {...register('days', { valueAsNumber: true })}
            />
          </div>
          <Button type="submit" disabled={replay.isPending} className={errors.days ? 'mb-7' : undefined}>
            <History aria-hidden="true" />
            {replay.isPending ? 'Replaying...' : 'Replay'}
          </Button>
        </form>
        {result && (
          <section aria-label="Replay result" className="grid gap-3">
            <div className="rounded-md border bg-muted/30 p-3">
              <p className="text-base font-semibold" data-testid="replay-totals">
                Would have saved {formatMoney(result.spendSaved)} spend, missed {formatMoney(result.revenueMissed)} revenue
              </p>
              <p className="text-xs text-muted-foreground">
                {result.actions.length} {result.actions.length === 1 ? 'action' : 'actions'} over {result.evaluations} evaluations (each hour, and now), {when(result.startAt)} –{' '}
                {when(result.endAt)}. Saved and missed count what paused objects went on to spend and earn.
              </p>
            </div>
            <DataTable
              label="Replay actions"
              data={result.actions}
              columns={columns}
              getRowId={(row) => `${row.at}-${row.level}-${row.objectId}`}
              sorting={NO_SORTING}
              onSortingChange={() => {}}
              manualSorting
              emptyMessage={`The rule would not have acted in the last ${result.days} ${result.days === 1 ? 'day' : 'days'}.`}
            />
          </section>
        )}
      </DialogContent>
    </Dialog>
  );
}
