// The Landers screen at /landers (spec §2): Name, URL (new tab) and Actions; admins add, edit and
// delete, everyone else reads.
import type { ColumnDef, SortingState } from '@tanstack/react-table';
import { ExternalLink, Plus } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useSignedInUser } from '../../app/auth/auth-context';
import { errorMessage } from '../../lib/api';
import { Button } from '../../ui/Button';
import { EditDeleteButtons } from '../../ui/EditDeleteButtons';
import { Card, CardContent } from '../../ui/Card';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { DataTable } from '../../ui/DataTable';
import { PageHeader } from '../../ui/PageHeader';
import { useConfirmTarget } from '../../ui/use-confirm-target';
import { LanderDialog } from './LanderDialog';
import { useDeleteLander, useLanders, type Lander } from './queries';

export function LandersPage() {
  const isAdmin = useSignedInUser().role === 'admin';
  const landers = useLanders();
  const deleteLander = useDeleteLander();
  const confirmDelete = useConfirmTarget<Lander>();
  const [dialog, setDialog] = useState<{ open: boolean; lander: Lander | null }>({ open: false, lander: null });
  const [sorting, setSorting] = useState<SortingState>([]);

  const columns = useMemo<ColumnDef<Lander>[]>(
    () => [
      { accessorKey: 'name', header: 'Name', size: 260, meta: { cellClassName: () => 'font-medium' } },
      {
        accessorKey: 'url',
        header: 'URL',
        size: 480,
        cell: ({ row }) => (
          <a
            href={row.original.url}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex max-w-full items-center gap-1 text-primary underline-offset-4 hover:underline"
          >
            <span className="truncate">{row.original.url}</span>
            <ExternalLink className="size-3 shrink-0" aria-hidden="true" />
          </a>
        ),
      },
      ...(isAdmin
        ? [
            {
              id: 'actions',
              header: 'Actions',
              size: 110,
              enableSorting: false,
              meta: { align: 'right' as const },
              cell: ({ row }: { row: { original: Lander } }) => (
                <>
                  <EditDeleteButtons
                    name={row.original.name}
                    onEdit={() => setDialog({ open: true, lander: row.original })}
                    onDelete={() => confirmDelete.ask(row.original)}
                    deleting={deleteLander.isPending}
                  />
                </>
              ),
            } satisfies ColumnDef<Lander>,
          ]
        : []),
    ],
    [isAdmin, deleteLander.isPending, confirmDelete],
  );

  return (
    <div className="space-y-6">
      <PageHeader
        title="Landers"
        description="Landing pages your campaigns send visitors to"
        actions={
          isAdmin && (
            <Button onClick={() => setDialog({ open: true, lander: null })}>
              <Plus aria-hidden="true" />
              Add Lander
            </Button>
          )
        }
      />
      <Card className="py-2">
        <CardContent className="px-4">
          <DataTable
            label="Landers"
            data={landers.data ?? []}
            columns={columns}
            getRowId={(lander) => String(lander.id)}
            sorting={sorting}
            onSortingChange={setSorting}
            isPending={landers.isPending}
            loadingLabel="Loading landers..."
            failure={landers.isError && `Failed to fetch landers: ${errorMessage(landers.error)}`}
            emptyMessage={
              <>
                <p className="font-medium text-foreground">No landers available</p>
                {isAdmin && <p className="mt-1 text-sm">Click "Add Lander" to create one</p>}
              </>
            }
          />
        </CardContent>
      </Card>
      {isAdmin && <LanderDialog open={dialog.open} lander={dialog.lander} onOpenChange={(open) => setDialog((d) => ({ ...d, open }))} />}
      <ConfirmDialog
        open={confirmDelete.open}
        onOpenChange={(open) => !open && confirmDelete.close()}
        title="Delete this lander?"
        description={`"${confirmDelete.target?.name ?? ''}" will be deleted. A lander a campaign uses cannot be deleted: choose another lander for the campaign first.`}
        pending={deleteLander.isPending}
        onConfirm={() => confirmDelete.target && deleteLander.mutate(confirmDelete.target.id, { onSettled: confirmDelete.close })}
      />
    </div>
  );
}
