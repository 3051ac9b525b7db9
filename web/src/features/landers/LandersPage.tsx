// The Landers screen at /landers (spec §2): Name, URL (new tab) and Actions; admins add, edit and
// delete, everyone else reads.
import { ExternalLink, Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useSignedInUser } from '../../app/auth/auth-context';
import { errorMessage } from '../../lib/api';
import { Button } from '../../ui/Button';
import { Card, CardContent } from '../../ui/Card';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { PageHeader } from '../../ui/PageHeader';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../ui/Table';
import { TableMessageRow } from '../../ui/TableMessageRow';
import { useConfirmTarget } from '../../ui/use-confirm-target';
import { LanderDialog } from './LanderDialog';
import { useDeleteLander, useLanders, type Lander } from './queries';

export function LandersPage() {
  const isAdmin = useSignedInUser().role === 'admin';
  const landers = useLanders();
  const deleteLander = useDeleteLander();
  const confirmDelete = useConfirmTarget<Lander>();
  const [dialog, setDialog] = useState<{ open: boolean; lander: Lander | null }>({ open: false, lander: null });
  const columns = isAdmin ? 3 : 2;

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
          <Table aria-label="Landers">
            <TableHeader>
              <TableRow>
                <TableHead>Name</TableHead>
                <TableHead>URL</TableHead>
                {isAdmin && <TableHead className="text-right">Actions</TableHead>}
              </TableRow>
            </TableHeader>
            <TableBody>
              {landers.isPending ? (
                <TableMessageRow colSpan={columns}>Loading landers...</TableMessageRow>
              ) : landers.isError ? (
                <TableMessageRow colSpan={columns}>Failed to fetch landers: {errorMessage(landers.error)}</TableMessageRow>
              ) : landers.data.length === 0 ? (
                <TableMessageRow colSpan={columns}>
                  <p className="font-medium text-foreground">No landers available</p>
                  {isAdmin && <p className="mt-1 text-sm">Click "Add Lander" to create one</p>}
                </TableMessageRow>
              ) : (
                landers.data.map((lander) => (
                  <TableRow key={lander.id}>
                    <TableCell className="font-medium">{lander.name}</TableCell>
                    <TableCell className="max-w-md">
                      <a
                        href={lander.url}
                        target="_blank"
                        rel="noopener noreferrer"
                        className="inline-flex max-w-full items-center gap-1 text-primary underline-offset-4 hover:underline"
                      >
                        <span className="truncate">{lander.url}</span>
                        <ExternalLink className="size-3 shrink-0" aria-hidden="true" />
                      </a>
                    </TableCell>
                    {isAdmin && (
                      <TableCell className="text-right whitespace-nowrap">
                        <Button variant="ghost" size="icon" aria-label={`Edit ${lander.name}`} onClick={() => setDialog({ open: true, lander })}>
                          <Pencil aria-hidden="true" />
                        </Button>
                        <Button
                          variant="ghost"
                          size="icon"
                          aria-label={`Delete ${lander.name}`}
                          disabled={deleteLander.isPending}
                          onClick={() => confirmDelete.ask(lander)}
                        >
                          <Trash2 className="text-destructive" aria-hidden="true" />
                        </Button>
                      </TableCell>
                    )}
                  </TableRow>
                ))
              )}
            </TableBody>
          </Table>
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
