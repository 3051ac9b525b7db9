// The invoice history card of either tab: the kind's own columns between the invoice number and the PDF
// status and actions, sorting, the loading and empty texts, and delete after the §5 confirmation.
import type { InvoiceKind } from '@tracker/schemas';
import type { UseQueryResult } from '@tanstack/react-query';
import { createColumnHelper, type ColumnDef, type SortingState } from '@tanstack/react-table';
import { useState, type ReactNode } from 'react';
import { Badge } from '../../ui/Badge';
import { Card, CardContent, CardHeader, CardTitle } from '../../ui/Card';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { DataTable } from '../../ui/DataTable';
import { useConfirmTarget } from '../../ui/use-confirm-target';
import { InvoiceActions } from './InvoiceActions';
import { useDeleteInvoice } from './queries';

interface InvoiceRow {
  id: number;
  invoiceNumber: string;
  pdfGenerated: boolean;
}

export function InvoiceHistory<T extends InvoiceRow>({
  kind,
  noun,
  invoices,
  columns,
  billedTo,
  action,
}: {
  kind: InvoiceKind;
  /** 'Publisher' or 'Advertiser': the title, the table's name and the texts. */
  noun: string;
  invoices: UseQueryResult<T[]>;
  /** The columns between the invoice number and the PDF status. */
  columns: ColumnDef<T, never>[];
  /** Who the invoice is for, named in the delete confirmation. */
  billedTo: (invoice: T) => string;
  /** A button in the card's header. */
  action?: ReactNode;
}) {
  const deleteInvoice = useDeleteInvoice(kind);
  const confirm = useConfirmTarget<T>();
  const [sorting, setSorting] = useState<SortingState>([]);
  const column = createColumnHelper<T>();
  const allColumns = [
    column.accessor((r) => r.invoiceNumber, {
      id: 'invoiceNumber',
      header: 'Invoice #',
      size: 110,
      cell: (c) => <span className="font-mono text-xs">{c.getValue()}</span>,
    }),
    ...columns,
    column.accessor((r) => r.pdfGenerated, {
      id: 'pdfGenerated',
      header: 'PDF',
      size: 95,
      cell: (c) => (c.getValue() ? <Badge variant="success">Generated</Badge> : <Badge variant="outline">Not yet</Badge>),
    }),
    column.display({
      id: 'actions',
      size: 120,
      header: () => <span className="sr-only">Actions</span>,
      cell: (c) => <InvoiceActions kind={kind} id={c.row.original.id} invoiceNumber={c.row.original.invoiceNumber} onDelete={() => confirm.ask(c.row.original)} />,
    }),
  ] as ColumnDef<T>[];
  const lower = noun.toLowerCase();
  return (
    <Card>
      <CardHeader className={action ? 'flex flex-row items-start justify-between gap-2' : undefined}>
        <CardTitle>
          <h2>{noun} Invoice History</h2>
        </CardTitle>
        {action}
      </CardHeader>
      <CardContent>
        <DataTable
          label={`${noun} invoices`}
          data={invoices.data ?? []}
          columns={allColumns}
          getRowId={(r) => String(r.id)}
          sorting={sorting}
          onSortingChange={setSorting}
          isPending={invoices.isPending}
          loadingLabel="Loading invoices..."
          emptyMessage={invoices.isError ? 'Failed to load invoices' : `No ${lower} invoices yet.`}
        />
        <ConfirmDialog
          open={confirm.open}
          onOpenChange={(open) => !open && confirm.close()}
          title={`Delete this ${lower} invoice?`}
          description={confirm.target ? `${confirm.target.invoiceNumber} for ${billedTo(confirm.target)} will be removed. This cannot be undone.` : undefined}
          pending={deleteInvoice.isPending}
          onConfirm={() => confirm.target && deleteInvoice.mutate(confirm.target.id, { onSettled: confirm.close })}
        />
      </CardContent>
    </Card>
  );
}
