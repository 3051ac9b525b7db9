// The Offer Configuration screen at /offer-config (spec §2; admin only): the offers table with the
// 50-character UTM preview, the default payout, Add / Edit dialogs, delete, and the list of template tokens.
import type { ColumnDef, SortingState } from '@tanstack/react-table';
import { isCurrencyCode, type CurrencyCode } from '@tracker/schemas';
import { ExternalLink, Plus } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useSignedInUser } from '../../app/auth/auth-context';
import { errorMessage } from '../../lib/api';
import { formatMoney } from '../../lib/format';
import { Button } from '../../ui/Button';
import { EditDeleteButtons } from '../../ui/EditDeleteButtons';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/Card';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { PageHeader } from '../../ui/PageHeader';
import { DataTable } from '../../ui/DataTable';
import { toDayParam, todayIn } from '../../ui/date-range-presets';
import { useConfirmTarget } from '../../ui/use-confirm-target';
import { CurrencyRate } from '../settings/CurrencyRate';
import { useLatestRates } from '../settings/fx-rate-queries';
import { useSignedInTimeZone } from '../stats/report-time-zone';
import { OfferDialog } from './OfferDialog';
import { useDeleteOffer, useOffers, type Offer } from './queries';
import { UtmTokenHelp } from './UtmTokenHelp';
import { previewUtmTemplate } from './utm-preview';

/** '50 a day', and when the cap was last reached: 'reached today at 14:32' or 'last reached 2026-11-20'. */
function DailyCap({ offer, today }: { offer: Offer; today: string }) {
  if (offer.dailyCap === null) {
    return (
      <span className="text-muted-foreground" aria-label="No cap">
        —
      </span>
    );
  }
  const hit = offer.capHit;
  return (
    <div>
      <div className="tabular-nums">{offer.dailyCap} a day</div>
      {hit && (
        <div className={hit.day === today ? 'text-xs font-medium text-destructive' : 'text-xs text-muted-foreground'}>
          {hit.day === today ? `Reached today at ${new Date(hit.at).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })}` : `Last reached ${hit.day}`}
        </div>
      )}
    </div>
  );
}

/** The currency an offer's payout is in: its own, or the workspace currency (undefined). */
function payoutCurrencyOf(offer: Offer): CurrencyCode | undefined {
  return offer.payoutCurrency !== null && isCurrencyCode(offer.payoutCurrency) ? offer.payoutCurrency : undefined;
}

export function OfferConfigPage() {
  const isAdmin = useSignedInUser().role === 'admin';
  const today = toDayParam(todayIn(useSignedInTimeZone()));
  const offers = useOffers();
  const { rates: latestRates } = useLatestRates((offers.data ?? []).flatMap((offer) => (offer.payoutCurrency === null ? [] : [offer.payoutCurrency])));
  const deleteOffer = useDeleteOffer();
  const confirmDelete = useConfirmTarget<Offer>();
  const [dialog, setDialog] = useState<{ open: boolean; offer: Offer | null }>({ open: false, offer: null });
  const [sorting, setSorting] = useState<SortingState>([]);

  const columns = useMemo<ColumnDef<Offer>[]>(
    () => [
      { accessorKey: 'name', header: 'Name', size: 240, meta: { wrap: true, cellClassName: () => 'font-medium' } },
      {
        accessorKey: 'url',
        header: 'URL',
        size: 320,
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
      {
        accessorKey: 'utmTemplate',
        header: 'UTM Template',
        size: 400,
        enableSorting: false,
        cell: ({ row }) => (
          <code className="font-mono text-xs text-muted-foreground" title={row.original.utmTemplate}>
            {previewUtmTemplate(row.original.utmTemplate)}
          </code>
        ),
      },
      {
        accessorKey: 'payout',
        header: 'Default Payout',
        size: 200,
        meta: { align: 'right', wrap: true },
        cell: ({ row }) => (
          <div className="grid justify-items-end" data-testid="offer-payout">
            {row.original.payout === null ? (
              <span className="text-muted-foreground" aria-label="None">
                —
              </span>
            ) : (
              <span className="tabular-nums">{formatMoney(row.original.payout, payoutCurrencyOf(row.original))}</span>
            )}
            {/* The offer's own payout currency and its latest rate; none: payouts are in the workspace currency. */}
            {row.original.payoutCurrency !== null && (
              <CurrencyRate className="text-right" currency={row.original.payoutCurrency} rate={latestRates.get(row.original.payoutCurrency) ?? null} testId="offer-currency" />
            )}
          </div>
        ),
      },
      {
        accessorKey: 'dailyCap',
        header: 'Daily Cap',
        size: 170,
        meta: { wrap: true },
        cell: ({ row }) => <DailyCap offer={row.original} today={today} />,
      },
      {
        id: 'actions',
        header: 'Actions',
        size: 110,
        meta: { align: 'right' },
        cell: ({ row }) =>
          isAdmin && (
            <>
              <EditDeleteButtons
                name={row.original.name}
                onEdit={() => setDialog({ open: true, offer: row.original })}
                onDelete={() => confirmDelete.ask(row.original)}
                deleting={deleteOffer.isPending}
              />
            </>
          ),
      },
    ],
    [isAdmin, deleteOffer.isPending, confirmDelete, today, latestRates],
  );

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
          <DataTable
            label="Offers"
            data={offers.data ?? []}
            columns={columns}
            getRowId={(offer) => String(offer.id)}
            sorting={sorting}
            onSortingChange={setSorting}
            isPending={offers.isPending}
            loadingLabel="Loading offers..."
            failure={offers.isError && `Failed to fetch offers: ${errorMessage(offers.error)}`}
            emptyMessage={
              <>
                <p className="font-medium text-foreground">No offers configured</p>
                {isAdmin && <p className="mt-1 text-sm">Click "Add Offer" to create one</p>}
              </>
            }
          />
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
