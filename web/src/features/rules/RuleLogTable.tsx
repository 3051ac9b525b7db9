// The action log as a table, for one rule (its Log dialog) or every rule (the Automation log card): when
// (report time zone), which rule, the object, the action and its change, what became of it, and TikTok's
// code and message where TikTok answered.
import type { ColumnDef } from '@tanstack/react-table';
import { RULE_ACTION_LABELS, RULE_LEVEL_LABELS, type Rule, type RuleLogEntry } from '@tracker/schemas';
import { useMemo } from 'react';
import { Badge } from '../../ui/Badge';
import { DataTable } from '../../ui/DataTable';
import { metricsInWords, RESULT_LABELS, resultTone, shownMetrics } from './rule-words';
import { useTimeInZone } from './time-in-zone';

const NO_SORTING: [] = [];

export function ObjectCell({ level, objectId, objectName }: { level: RuleLogEntry['level']; objectId: string; objectName: string }) {
  return (
    <div className="grid min-w-0 whitespace-normal">
      <span className="font-medium break-words">{objectName || objectId}</span>
      <span className="font-mono text-xs text-muted-foreground">
        {RULE_LEVEL_LABELS[level]} {objectId}
      </span>
    </div>
  );
}

export function RuleLogTable({
  label,
  entries,
  rules,
  showRule,
  isPending,
  emptyMessage,
}: {
  label: string;
  entries: readonly RuleLogEntry[];
  /** The rules, to show the metrics each one tests. */
  rules: readonly Rule[] | undefined;
  showRule: boolean;
  isPending: boolean;
  emptyMessage: string;
}) {
  const { when } = useTimeInZone();
  const columns = useMemo<ColumnDef<RuleLogEntry>[]>(() => {
    const conditionsOf = (ruleId: number) => rules?.find((r) => r.id === ruleId)?.conditions;
    const all: (ColumnDef<RuleLogEntry> | false)[] = [
      { id: 'at', header: 'Time', size: 110, cell: ({ row }) => <span className="text-sm whitespace-nowrap tabular-nums">{when(row.original.at)}</span> },
      showRule && { id: 'rule', header: 'Rule', size: 140, meta: { wrap: true }, cell: ({ row }) => <span className="break-words">{row.original.ruleName}</span> },
      { id: 'object', header: 'Object', size: 170, cell: ({ row }) => <ObjectCell {...row.original} /> },
      {
        id: 'action',
        header: 'Action',
        size: 200,
        cell: ({ row }) => (
          <div className="grid gap-0.5 whitespace-normal">
            <span className="flex items-center gap-1.5">
              {RULE_ACTION_LABELS[row.original.action]}
              {row.original.mode === 'dry_run' && <Badge variant="outline">Dry run</Badge>}
            </span>
            <span className="text-xs break-words text-muted-foreground">{metricsInWords(row.original.metrics, shownMetrics(conditionsOf(row.original.ruleId)))}</span>
          </div>
        ),
      },
      { id: 'change', header: 'Change', size: 130, meta: { wrap: true }, cell: ({ row }) => <span className="text-sm break-words">{row.original.change || '—'}</span> },
      { id: 'result', header: 'Result', size: 140, cell: ({ row }) => <Badge variant={resultTone(row.original.result)}>{RESULT_LABELS[row.original.result]}</Badge> },
      {
        id: 'tiktok',
        header: 'TikTok',
        size: 150,
        cell: ({ row }) =>
          row.original.tiktokCode === null ? (
            <span className="text-muted-foreground">—</span>
          ) : (
            <div className="grid gap-0.5 whitespace-normal">
              <span className="font-mono text-xs">
                code {row.original.tiktokCode}
                {row.original.tiktokMessage ? `: ${row.original.tiktokMessage}` : ''}
              </span>
              {row.original.tiktokRequestId && <span className="font-mono text-xs text-muted-foreground">request {row.original.tiktokRequestId}</span>}
            </div>
          ),
      },
    ];
    return all.filter((c): c is ColumnDef<RuleLogEntry> => c !== false);
  }, [when, rules, showRule]);

  return (
    <DataTable
      label={label}
      data={entries}
      columns={columns}
      getRowId={(row) => String(row.id)}
      sorting={NO_SORTING}
      onSortingChange={() => {}}
      manualSorting
      isPending={isPending}
      loadingLabel="Loading the log..."
      emptyMessage={emptyMessage}
    />
  );
}
