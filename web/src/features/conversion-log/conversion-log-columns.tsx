// The conversion log table's columns: when the postback came, its transaction and click, the campaign,
// what it said (status, payout), what it did (outcome) and the transaction's status history.
import type { tz } from '@date-fns/tz';
import type { ColumnDef } from '@tanstack/react-table';
import { FOREIGN_CLICK_ID_MESSAGE, isCurrencyCode, type ConversionLogRow, type ConversionOutcome } from '@tracker/schemas';
import { format } from 'date-fns';
import { formatMoney, shownCurrency } from '../../lib/format';
import { Badge } from '../../ui/Badge';
import { Tooltip, TooltipContent, TooltipTrigger } from '../../ui/Tooltip';
import { ClickIdCell } from '../../ui/ClickId';

type InZone = ReturnType<typeof tz>;

const dash = <span className="text-muted-foreground">-</span>;

function time(iso: string, pattern: string, inZone: InZone): string {
  return format(new Date(iso), pattern, { in: inZone });
}

const STATUS_VARIANT = { approved: 'success', pending: 'secondary', rejected: 'destructive' } as const;

function StatusBadge({ status }: { status: string }) {
  const variant = STATUS_VARIANT[status as keyof typeof STATUS_VARIANT] ?? 'outline';
  return (
    <Badge variant={variant} className="capitalize">
      {status}
    </Badge>
  );
}

/** What the postback did, in the words a buyer debugging a network integration looks for. */
export function describeOutcome(
  row: Pick<ConversionLogRow, 'outcome' | 'attributed' | 'parkedAt' | 'waitingForRate' | 'waitedForRate'>,
): { label: string; detail: string } {
  if (row.outcome === 'parked' && row.waitingForRate) {
    const { currency, day } = row.waitingForRate;
    return {
      label: `Waiting for the ${currency} rate`,
      detail: `Its offer pays in ${currency}: counted once the reference rate of ${day} is published (or entered in Settings → Currency)`,
    };
  }
  const labels: Record<ConversionOutcome, string> = {
    new: 'New conversion',
    revised: 'Status or payout changed',
    replay: 'Replay (no change)',
    parked: 'Waiting for its click',
    refused: 'Refused (400): not our click ID',
  };
  const details: string[] = [];
  if (row.outcome === 'refused') details.push(FOREIGN_CLICK_ID_MESSAGE);
  else if (row.outcome === 'parked') details.push("Click ID not seen yet: retried until it is, then counted on the 'No click' row");
  else if (row.attributed === false) details.push("Unknown click ID: counted on the 'No click' row");
  else if (row.waitedForRate) details.push("Waited for its payout's reference rate, then counted");
  else if (row.parkedAt) details.push('Waited for its click, then matched');
  return { label: labels[row.outcome], detail: details.join('; ') };
}

function OutcomeCell({ row }: { row: ConversionLogRow }) {
  const { label, detail } = describeOutcome(row);
  return (
    <div className="min-w-0" title={detail || label}>
      <div className="truncate">{label}</div>
      {detail && <div className="truncate text-xs text-muted-foreground">{detail}</div>}
    </div>
  );
}

/** A payout in the currency it was received in: its offer's, or the workspace's. */
function receivedMoney(payout: string, currency: string | null): string {
  return currency && isCurrencyCode(currency) ? formatMoney(payout, currency) : formatMoney(payout);
}

/** What the network paid, and on hover how the transaction's current payout was counted in the workspace currency. */
function PayoutCell({ row }: { row: ConversionLogRow }) {
  const received = receivedMoney(row.payout, row.payoutCurrency);
  const c = row.conversion;
  if (!c) {
    return (
      <span className="tabular-nums" data-testid="conversion-payout">
        {received}
      </span>
    );
  }
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <button type="button" className="cursor-help tabular-nums underline decoration-muted-foreground decoration-dotted underline-offset-4" data-testid="conversion-payout">
          {received}
        </button>
      </TooltipTrigger>
      <TooltipContent className="max-w-sm text-left">
        <p className="font-medium">Counted as {formatMoney(row.currentPayout ?? '0')}</p>
        <p className="tabular-nums">
          {receivedMoney(c.originalPayout, c.originalCurrency)} at {c.rate} {shownCurrency()} per {c.originalCurrency} (reference rate of {c.rateDay})
        </p>
      </TooltipContent>
    </Tooltip>
  );
}

function HistoryCell({ row, inZone }: { row: ConversionLogRow; inZone: InZone }) {
  if (row.history.length === 0) return dash;
  // A transaction's postbacks all pay in its offer's currency.
  const currency = row.payoutCurrency ?? row.conversion?.originalCurrency ?? null;
  const steps = row.history.map((h) => `${time(h.receivedAt, 'MMM dd HH:mm:ss', inZone)} ${h.status} ${receivedMoney(h.payout, currency)}${h.outcome === 'replay' || h.outcome === 'refused' ? ` (${h.outcome})` : ''}`);
  // Replays repeat the state before them and refused postbacks changed nothing: the line shows only the
  // changes, the tooltip every postback.
  const changes = row.history.filter((h) => h.outcome !== 'replay' && h.outcome !== 'refused').map((h) => h.status);
  return (
    <div className="min-w-0 text-xs" title={steps.join('\n')} data-testid="conversion-history">
      <div className="truncate">{changes.join(' → ')}</div>
      {row.history.length > 1 && <div className="truncate text-muted-foreground">{row.history.length} postbacks</div>}
    </div>
  );
}

export function conversionLogColumns(inZone: InZone): ColumnDef<ConversionLogRow>[] {
  const columns: Array<{ id: string; header: string; size: number; cell: ColumnDef<ConversionLogRow>['cell'] }> = [
    // The year is the range's: the day and second are what a buyer matches against a network's log.
    { id: 'receivedAt', header: 'Received', size: 140, cell: ({ row }) => time(row.original.receivedAt, 'MMM dd HH:mm:ss', inZone) },
    {
      id: 'transactionId',
      header: 'Transaction ID',
      size: 140,
      cell: ({ row }) => (
        <span className="block truncate font-mono text-xs" title={row.original.transactionId}>
          {row.original.transactionId}
        </span>
      ),
    },
    {
      id: 'clickId',
      header: 'Click ID',
      size: 130,
      cell: ({ row }) => (row.original.clickId ? <ClickIdCell clickId={row.original.clickId} /> : <span className="text-muted-foreground">-</span>),
    },
    {
      id: 'campaign',
      header: 'Campaign',
      size: 130,
      cell: ({ row }) => {
        const name = row.original.campaignName ?? row.original.campaignId;
        return name ? (
          <span className="block truncate" title={name}>
            {name}
          </span>
        ) : (
          dash
        );
      },
    },
    { id: 'status', header: 'Status', size: 96, cell: ({ row }) => <StatusBadge status={row.original.status} /> },
    {
      id: 'payout',
      header: 'Payout',
      size: 84,
      cell: ({ row }) => <PayoutCell row={row.original} />,
    },
    { id: 'outcome', header: 'Outcome', size: 200, cell: ({ row }) => <OutcomeCell row={row.original} /> },
    { id: 'history', header: 'Status History', size: 180, cell: ({ row }) => <HistoryCell row={row.original} inZone={inZone} /> },
  ];
  return columns.map((c) => ({ ...c, enableSorting: false, meta: c.id === 'payout' ? { align: 'right' } : undefined }));
}
