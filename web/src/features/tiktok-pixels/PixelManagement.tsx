// The 'Pixel Management' tab (spec §2 TikTok Pixels): Name, Pixel ID, the access token masked as 40
// dots with a per-row show/hide (only an admin's answer carries the token), Website URL, Created,
// Edit and Delete, and the Create Pixel dialog. Writes are admin only (the server enforces it), so
// everyone else reads the list.
import { format } from 'date-fns';
import { Eye, EyeOff, Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useSignedInUser } from '../../app/auth/auth-context';
import { errorMessage } from '../../lib/api';
import { Button } from '../../ui/Button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/Card';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../ui/Table';
import { TableMessageRow } from '../../ui/TableMessageRow';
import { useConfirmTarget } from '../../ui/use-confirm-target';
import { PixelDialog } from './PixelDialog';
import { useDeletePixel, usePixels, type TiktokPixel } from './queries';
import { TOKEN_MASK } from './token-mask';

export function PixelManagement() {
  const isAdmin = useSignedInUser().role === 'admin';
  const columns = isAdmin ? 6 : 5;
  const pixels = usePixels({ poll: true });
  const deletePixel = useDeletePixel();
  const confirmDelete = useConfirmTarget<TiktokPixel>();
  const [dialog, setDialog] = useState<{ open: boolean; pixel: TiktokPixel | null }>({ open: false, pixel: null });
  const [shownTokens, setShownTokens] = useState<ReadonlySet<number>>(new Set());

  const toggleToken = (id: number) =>
    setShownTokens((shown) => {
      const next = new Set(shown);
      if (!next.delete(id)) next.add(id);
      return next;
    });

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
        <Table aria-label="TikTok Pixels">
          <TableHeader>
            <TableRow>
              <TableHead>Name</TableHead>
              <TableHead>Pixel ID</TableHead>
              <TableHead>Access Token</TableHead>
              <TableHead>Website URL</TableHead>
              <TableHead>Created</TableHead>
              {isAdmin && <TableHead className="text-right">Actions</TableHead>}
            </TableRow>
          </TableHeader>
          <TableBody>
            {pixels.isPending ? (
              <TableMessageRow colSpan={columns}>Loading pixels...</TableMessageRow>
            ) : pixels.isError ? (
              <TableMessageRow colSpan={columns}>Failed to fetch TikTok pixels: {errorMessage(pixels.error)}</TableMessageRow>
            ) : pixels.data.length === 0 ? (
              <TableMessageRow colSpan={columns}>No TikTok pixels configured. Create one to get started.</TableMessageRow>
            ) : (
              pixels.data.map((pixel) => {
                const shown = shownTokens.has(pixel.id) && Boolean(pixel.accessToken);
                return (
                  <TableRow key={pixel.id}>
                    <TableCell className="font-medium">{pixel.name}</TableCell>
                    <TableCell className="font-mono text-xs">{pixel.pixelId}</TableCell>
                    <TableCell>
                      <div className="flex items-center gap-1">
                        <code className="max-w-80 truncate font-mono text-xs" data-testid="pixel-token">
                          {shown ? pixel.accessToken : TOKEN_MASK}
                        </code>
                        {pixel.accessToken && (
                          <Button
                            variant="ghost"
                            size="icon"
                            className="size-7"
                            aria-label={shown ? `Hide access token of ${pixel.name}` : `Show access token of ${pixel.name}`}
                            aria-pressed={shown}
                            onClick={() => toggleToken(pixel.id)}
                          >
                            {shown ? <EyeOff aria-hidden="true" /> : <Eye aria-hidden="true" />}
                          </Button>
                        )}
                      </div>
                    </TableCell>
                    <TableCell className="max-w-48 truncate">{pixel.websiteUrl || '-'}</TableCell>
                    <TableCell className="whitespace-nowrap">{format(new Date(pixel.createdAt), 'MMM dd, yyyy')}</TableCell>
                    {isAdmin && (
                      <TableCell className="text-right whitespace-nowrap">
                        <Button variant="ghost" size="icon" aria-label={`Edit ${pixel.name}`} onClick={() => setDialog({ open: true, pixel })}>
                          <Pencil aria-hidden="true" />
                        </Button>
                        <Button
                          variant="ghost"
                          size="icon"
                          aria-label={`Delete ${pixel.name}`}
                          disabled={deletePixel.isPending}
                          onClick={() => confirmDelete.ask(pixel)}
                        >
                          <Trash2 className="text-destructive" aria-hidden="true" />
                        </Button>
                      </TableCell>
                    )}
                  </TableRow>
                );
              })
            )}
          </TableBody>
        </Table>
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
