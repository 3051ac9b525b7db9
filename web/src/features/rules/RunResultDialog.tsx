// What a Run now decided: the window it looked at and every object it judged, the matched ones first, with
// the metrics it saw and what became of each action (done, dry run, cooling down, TikTok's refusal...).
import type { ColumnDef } from '@tanstack/react-table';
import type { Rule, RuleRun } from '@tracker/schemas';
import { useMemo } from 'react';
import { Badge } from '../../ui/Badge';
import { DataTable } from '../../ui/DataTable';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../ui/Dialog';
import { Spinner } from '../../ui/Spinner';
import { ObjectCell } from './RuleLogTable';
import { actionInWords, metricsInWords, RESULT_LABELS, resultTone, shownMetrics } from './rule-words';
import { useTimeInZone } from './time-in-zone';

type Decision = RuleRun['decisions'][number];
const NO_SORTING: [] = [];

export function RunResultDialog({
  rule,
  run,
  pending,
  onOpenChange,
}: {
  rule: Rule | null;
  run: RuleRun | undefined;
  pending: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { when } = useTimeInZone();
  const decisions = useMemo(() => [...(run?.decisions ?? [])].sort((a, b) => Number(b.matched) - Number(a.matched)), [run]);
  const matched = decisions.filter((d) => d.matched).length;
  const columns = useMemo<ColumnDef<Decision>[]>(
    () => [
      { id: 'object', header: 'Object', size: 240, cell: ({ row }) => <ObjectCell {...row.original} /> },
      {
        id: 'metrics',
        header: 'Metrics seen',
        size: 330,
        meta: { wrap: true },
        cell: ({ row }) => <span className="text-sm break-words">{metricsInWords(row.original.metrics, shownMetrics(rule?.conditions))}</span>,
      },
      {
        id: 'decision',
        header: 'Decision',
        size: 170,
        cell: ({ row }) =>
          row.original.matched ? (
            row.original.result ? (
              <Badge variant={resultTone(row.original.result)}>{RESULT_LABELS[row.original.result]}</Badge>
            ) : (
              <Badge variant="secondary">Matched</Badge>
            )
          ) : (
            <span className="text-sm text-muted-foreground">Left alone</span>
          ),
      },
    ],
    [rule],
  );

  return (
    <Dialog open={rule !== null} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-3xl">
        <DialogHeader>
          <DialogTitle>Run: {rule?.name}</DialogTitle>
          <DialogDescription>
            {run
              ? `${when(run.windowStart)} – ${when(run.windowEnd)}: ${decisions.length} judged, ${matched} matched (${rule ? actionInWords(rule.action) : ''}${rule?.mode === 'dry_run' ? ', dry run' : ''}).`
              : 'Evaluating the rule now...'}
          </DialogDescription>
        </DialogHeader>
        {pending || !run ? (
          <div className="flex min-h-32 items-center justify-center">
            <Spinner className="size-6" label="Running the rule" />
          </div>
        ) : (
          <DataTable
            label="Run decisions"
            data={decisions}
            columns={columns}
            getRowId={(row) => `${row.level}-${row.objectId}`}
            sorting={NO_SORTING}
            onSortingChange={() => {}}
            manualSorting
            emptyMessage="Nothing to judge: no spend or visits for the rule's accounts in this window."
          />
        )}
      </DialogContent>
    </Dialog>
  );
}
