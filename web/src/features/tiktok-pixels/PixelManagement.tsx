// The 'Pixel Management' tab (spec §2 TikTok Pixels): Name, Pixel ID, the access token masked as 40
// dots with a per-row show/hide (only an admin's answer carries the token), Website URL, Created,
// Edit and Delete, and the Create Pixel dialog. Writes are admin only (the server enforces it), so
// everyone else reads the list.
import type { ColumnDef, SortingState } from '@tanstack/react-table';
import { format } from 'date-fns';
import { Eye, EyeOff, Plus } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useSignedInUser } from '../../app/auth/auth-context';
import { errorMessage } from '../../lib/api';
import { Button } from '../../ui/Button';
import { EditDeleteButtons } from '../../ui/EditDeleteButtons';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/Card';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { DataTable } from '../../ui/DataTable';
import { useConfirmTarget } from '../../ui/use-confirm-target';
import { PixelDialog } from './PixelDialog';
import { useDeletePixel, usePixels, type TiktokPixel } from './queries';
import { TOKEN_MASK } from './token-mask';

export function PixelManagement() {
  const isAdmin = useSignedInUser().role === 'admin';
  const pixels = usePixels({ poll: true });
  const deletePixel = useDeletePixel();
  const confirmDelete = useConfirmTarget<TiktokPixel>();
  const [dialog, setDialog] = useState<{ open: boolean; pixel: TiktokPixel | null }>({ open: false, pixel: null });
  const [shownTokens, setShownTokens] = useState<ReadonlySet<number>>(new Set());

  const [sorting, setSorting] = useState<SortingState>([]);

  const columns = useMemo<ColumnDef<TiktokPixel>[]>(() => {
    const toggleToken = (id: number) =>
      setShownTokens((shown) => {
        const next = new Set(shown);
        if (!next.delete(id)) next.add(id);
        return next;
      });
    return [
      { accessorKey: 'name', header: 'Name', size: 170, meta: { wrap: true, cellClassName: () => 'font-medium' } },
      { accessorKey: 'pixelId', header: 'Pixel ID', size: 180, meta: { wrap: true, cellClassName: () => 'font-mono text-xs break-all' } },
      {
        id: 'accessToken',
        header: 'Access Token',
        size: 340,
        cell: ({ row }) => {
          const pixel = row.original;
          const shown = shownTokens.has(pixel.id) && Boolean(pixel.accessToken);
          return (
            <div className="flex items-center gap-1">
              <code className="min-w-0 truncate font-mono text-xs" data-testid="pixel-token">
                {shown ? pixel.accessToken : TOKEN_MASK}
              </code>
              {pixel.accessToken && (
                <Button
                  variant="ghost"
                  size="icon"
                  className="size-7 shrink-0"
                  aria-label={shown ? `Hide access token of ${pixel.name}` : `Show access token of ${pixel.name}`}
                  aria-pressed={shown}
                  onClick={() => toggleToken(pixel.id)}
                >
                  {shown ? <EyeOff aria-hidden="true" /> : <Eye aria-hidden="true" />}
                </Button>
              )}
            </div>
          );
        },
      },
      {
        accessorKey: 'websiteUrl',
        header: 'Website URL',
        size: 160,
        cell: ({ row }) => (row.original.websiteUrl ? <span title={row.original.websiteUrl}>{row.original.websiteUrl}</span> : '-'),
      },
      { accessorKey: 'createdAt', header: 'Created', size: 120, cell: ({ row }) => format(new Date(row.original.createdAt), 'MMM dd, yyyy') },
      ...(isAdmin
        ? [
            {
              id: 'actions',
              header: 'Actions',
              size: 100,
              meta: { align: 'right' as const },
              cell: ({ row }: { row: { original: TiktokPixel } }) => (
                <>
                  <EditDeleteButtons
                    name={row.original.name}
                    onEdit={() => setDialog({ open: true, pixel: row.original })}
                    onDelete={() => confirmDelete.ask(row.original)}
                    deleting={deletePixel.isPending}
                  />
                </>
              ),
            } satisfies ColumnDef<TiktokPixel>,
          ]
        : []),
    ];
  }, [isAdmin, shownTokens, deletePixel.isPending, confirmDelete]);

  return (
    <Card>
      <CardHeader className="flex flex-wrap items-start justify-between gap-4">
        <div className="grid gap-1.5">
          <CardTitle>
            <h2>TikTok Pixels</h2>
          </CardTitle>
          <CardDescription>Pixels campaigns report conversions to through the TikTok Events API.</CardDescription>
        </div>
        {isAdmin && (
          <Button onClick={() => setDialog({ open: true, pixel: null })}>
            <Plus aria-hidden="true" />
            Create Pixel
          </Button>
        )}
      </CardHeader>
      <CardContent>
        <DataTable
          label="TikTok Pixels"
          data={pixels.data ?? []}
          columns={columns}
          getRowId={(pixel) => String(pixel.id)}
          sorting={sorting}
          onSortingChange={setSorting}
          isPending={pixels.isPending}
          loadingLabel="Loading pixels..."
          failure={pixels.isError && `Failed to fetch TikTok pixels: ${errorMessage(pixels.error)}`}
          emptyMessage="No TikTok pixels configured. Create one to get started."
        />
      </CardContent>
      {isAdmin && <PixelDialog open={dialog.open} pixel={dialog.pixel} onOpenChange={(open) => setDialog((d) => ({ ...d, open }))} />}
      <ConfirmDialog
        open={confirmDelete.open}
        onOpenChange={(open) => !open && confirmDelete.close()}
        title="Delete this TikTok pixel?"
        description={`"${confirmDelete.target?.name ?? ''}" will be deleted. A pixel a campaign uses cannot be deleted: choose another pixel for the campaign first.`}
        pending={deletePixel.isPending}
        onConfirm={() => confirmDelete.target && deletePixel.mutate(confirmDelete.target.id, { onSettled: confirmDelete.close })}
      />
    </Card>
  );
}
