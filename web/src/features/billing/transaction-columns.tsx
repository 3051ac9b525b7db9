// The Transactions table's columns (spec §2 item 5): Date, Status (badges of §4), Merchant, VCN, VCN Last 4,
// Amount; an empty cell shows a dash. Rows arrive sorted by the server, newest first.
import type { ColumnDef } from '@tanstack/react-table';
import type { TransactionRow, TransactionStatus } from '@tracker/schemas';
import { formatMoney } from '../../lib/format';
import { STATEMENT_CURRENCY } from './statement-currency';
import { Badge } from '../../ui/Badge';

const DASH = '-';
const BADGE: Record<TransactionStatus, 'default' | 'secondary' | 'destructive'> = { CLEARED: 'default', PENDING: 'secondary', DECLINED: 'destructive' };
// Statement dates are days; shown as the statement wrote them, not shifted by the browser's zone.
const day = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', year: 'numeric', month: 'short', day: 'numeric' });

export const transactionColumns: ColumnDef<TransactionRow>[] = [
  { id: 'date', header: 'Date', enableSorting: false, cell: ({ row }) => (row.original.transactionDate ? day.format(new Date(row.original.transactionDate)) : DASH) },
  { id: 'status', header: 'Status', enableSorting: false, cell: ({ row }) => <Badge variant={BADGE[row.original.status]}>{row.original.status}</Badge> },
  { id: 'merchant', header: 'Merchant', enableSorting: false, cell: ({ row }) => <span className="whitespace-pre-line">{row.original.merchantName || DASH}</span> },
  { id: 'vcn', header: 'VCN', enableSorting: false, cell: ({ row }) => row.original.vcnNickname || DASH },
  { id: 'vcnLast4', header: 'VCN Last 4', enableSorting: false, cell: ({ row }) => (row.original.vcnLast4 ? <span className="font-mono">{row.original.vcnLast4}</span> : DASH) },
  {
    id: 'amount',
    header: 'Amount',
    enableSorting: false,
    meta: { align: 'right' },
    cell: ({ row }) => <span className="tabular-nums">{formatMoney(row.original.authBillingAmount, STATEMENT_CURRENCY)}</span>,
  },
];
