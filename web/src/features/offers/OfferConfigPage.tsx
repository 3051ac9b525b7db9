// The Offer Configuration screen at /offer-config (spec §2; admin only): the offers table with the
// 50-character UTM preview, the default payout, Add / Edit dialogs, delete, and the list of template tokens.
import { ExternalLink, Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useSignedInUser } from '../../app/auth/auth-context';
import { errorMessage } from '../../lib/api';
import { formatMoney } from '../../lib/format';
import { Button } from '../../ui/Button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/Card';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { PageHeader } from '../../ui/PageHeader';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../ui/Table';
import { TableMessageRow } from '../../ui/TableMessageRow';
import { useConfirmTarget } from '../../ui/use-confirm-target';
import { OfferDialog } from './OfferDialog';
import { useDeleteOffer, useOffers, type Offer } from './queries';
import { UtmTokenHelp } from './UtmTokenHelp';
import { previewUtmTemplate } from './utm-preview';

const COLUMNS = 5;

export function OfferConfigPage() {
  const isAdmin = useSignedInUser().role === 'admin';
  const offers = useOffers();
  const deleteOffer = useDeleteOffer();
  const confirmDelete = useConfirmTarget<Offer>();
  const [dialog, setDialog] = useState<{ open: boolean; offer: Offer | null }>({ open: false, offer: null });

  return (
    <div className="space-y-6">
      <PageHeader
        title="Offer Configuration"
        description="Manage affiliate offers with configurable UTM tracking parameters"
        actions={
          isAdmin && (
            <Button onClick={() => setDialog({ open: true, offer: null })}>
              <Plus aria-hidden="true" />
              Add Offer
            </Button>
          )
        }
      />

      <Card>
        <CardHeader>
          <CardTitle>Offers</CardTitle>
          <CardDescription>Each click to an offer gets its UTM template appended, with the tokens filled in.</CardDescription>
        </CardHeader>
        <CardContent>
          <Table aria-label="Offers">
            <TableHeader>
              <TableRow>
                <TableHead>Name</TableHead>
                <TableHead>URL</TableHead>
                <TableHead>UTM Template</TableHead>
                <TableHead className="text-right">Default Payout</TableHead>
                <TableHead className="text-right">Actions</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {offers.isPending ? (
                <TableMessageRow colSpan={COLUMNS}>Loading offers...</TableMessageRow>
              ) : offers.isError ? (
                <TableMessageRow colSpan={COLUMNS}>Failed to fetch offers: {errorMessage(offers.error)}</TableMessageRow>
              ) : offers.data.length === 0 ? (
                <TableMessageRow colSpan={COLUMNS}>
                  <p className="font-medium text-foreground">No offers configured</p>
                  {isAdmin && <p className="mt-1 text-sm">Click "Add Offer" to create one</p>}
                </TableMessageRow>
              ) : (
                offers.data.map((offer) => (
                  <TableRow key={offer.id}>
                    <TableCell className="font-medium">{offer.name}</TableCell>
                    <TableCell className="max-w-xs">
                      <a
                        href={offer.url}
                        target="_blank"
                        rel="noopener noreferrer"
                        className="inline-flex max-w-full items-center gap-1 text-primary underline-offset-4 hover:underline"
                      >
                        <span className="truncate">{offer.url}</span>
                        <ExternalLink className="size-3 shrink-0" aria-hidden="true" />
                      </a>
                    </TableCell>
                    <TableCell>
                      <code className="font-mono text-xs text-muted-foreground" title={offer.utmTemplate}>
                        {previewUtmTemplate(offer.utmTemplate)}
                      </code>
                    </TableCell>
                    <TableCell className="text-right tabular-nums">
                      {offer.payout === null ? <span className="text-muted-foreground" aria-label="None">—</span> : formatMoney(offer.payout)}
                    </TableCell>
                    <TableCell className="text-right whitespace-nowrap">
                      {isAdmin && (
                        <>
                          <Button
                            variant="ghost"
                            size="icon"
                            aria-label={`Edit ${offer.name}`}
                            onClick={() => setDialog({ open: true, offer })}
                          >
                            <Pencil aria-hidden="true" />
                          </Button>
                          <Button
                            variant="ghost"
                            size="icon"
                            aria-label={`Delete ${offer.name}`}
                            disabled={deleteOffer.isPending}
                            onClick={() => confirmDelete.ask(offer)}
                          >
                            <Trash2 className="text-destructive" aria-hidden="true" />
                          </Button>
                        </>
                      )}
                    </TableCell>
                  </TableRow>
                ))
              )}
            </TableBody>
          </Table>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>UTM Template Tokens</CardTitle>
          <CardDescription>Write the template as query parameters; each token is replaced when a visitor exits to the offer.</CardDescription>
        </CardHeader>
        <CardContent>
          <UtmTokenHelp />
        </CardContent>
      </Card>

      {isAdmin && <OfferDialog open={dialog.open} offer={dialog.offer} onOpenChange={(open) => setDialog((d) => ({ ...d, open }))} />}
      <ConfirmDialog
        open={confirmDelete.open}
        onOpenChange={(open) => !open && confirmDelete.close()}
        title="Delete this offer?"
        description={`"${confirmDelete.target?.name ?? ''}" will be deleted. An offer a campaign uses cannot be deleted: choose another offer for the campaign first.`}
        pending={deleteOffer.isPending}
        onConfirm={() => confirmDelete.target && deleteOffer.mutate(confirmDelete.target.id, { onSettled: confirmDelete.close })}
      />
    </div>
  );
}
