// Settings → Integrations: the TikTok ad accounts whose spend fills Cost on the dashboard. Per account
// its time zone and currency (as TikTok reports them), the masked token, the last sync (age, rows,
// duration, or its error) and the actions Test connection, Sync now, Backfill and Delete.
import type { ColumnDef } from '@tanstack/react-table';
import type { TiktokAccountView } from '@tracker/schemas';
import { CalendarRange, Plug, Plus, RefreshCw, Trash2 } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { errorMessage } from '../../lib/api';
import { Button } from '../../ui/Button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/Card';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { DataTable } from '../../ui/DataTable';
import { useConfirmTarget } from '../../ui/use-confirm-target';
import { CurrencyRate } from '../settings/CurrencyRate';
import { AddAccountDialog } from './AddAccountDialog';
import { BackfillDialog } from './BackfillDialog';
import { useDeleteTiktokAccount, useSyncTiktokAccount, useTestTiktokAccount, useTiktokAccounts } from './queries';
import { lastSyncSummary } from './sync-status';

const NO_SORTING: [] = [];

/** Re-renders every 30 s, so '3 minutes ago' keeps counting between polls. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

export function TiktokAccountsCard() {
  const accounts = useTiktokAccounts();
  const test = useTestTiktokAccount();
  const sync = useSyncTiktokAccount();
  const remove = useDeleteTiktokAccount();
  const confirmDelete = useConfirmTarget<TiktokAccountView>();
  const [adding, setAdding] = useState(false);
  const [backfill, setBackfill] = useState<TiktokAccountView | null>(null);
  const now = useNow();

  const columns = useMemo<ColumnDef<TiktokAccountView>[]>(
    () => [
      {
        id: 'account',
        header: 'Account',
        size: 200,
        cell: ({ row }) => (
          <div className="grid">
            <span className="truncate font-medium" title={row.original.name}>
              {row.original.name}
            </span>
            <span className="font-mono text-xs text-muted-foreground">{row.original.advertiserId}</span>
          </div>
        ),
      },
      {
        id: 'zone',
        header: 'Time zone',
        size: 190,
        // The currency's rate note is longer than the column: it wraps rather than ending in an ellipsis.
        meta: { wrap: true },
        cell: ({ row }) => (
          <div className="grid text-sm">
            <span>{row.original.timezone}</span>
            <CurrencyRate currency={row.original.currency} rate={row.original.latestRate} testId="account-currency" />
          </div>
        ),
      },
      {
        id: 'token',
        header: 'Access Token',
        size: 110,
        cell: ({ row }) => <code className="font-mono text-xs">{row.original.accessTokenMasked}</code>,
      },
      {
        id: 'lastSync',
        header: 'Last sync',
        size: 230,
        cell: ({ row }) => (
          <div className="grid text-sm" data-testid="tiktok-last-sync">
            <span>{lastSyncSummary(row.original, now)}</span>
            {row.original.lastSyncError && (
              <span className="text-xs break-words whitespace-normal text-destructive" role="status">
                {row.original.lastSyncError}
              </span>
            )}
          </div>
        ),
      },
      {
        id: 'actions',
        header: () => <span className="sr-only">Actions</span>,
        size: 150,
        meta: { align: 'right' },
        cell: ({ row }) => {
          const account = row.original;
          const syncing = sync.isPending && sync.variables?.id === account.id;
          return (
            <div className="flex justify-end gap-1">
              <Button variant="ghost" size="icon" title="Test connection" aria-label={`Test connection of ${account.name}`} disabled={test.isPending} onClick={() => test.mutate(account.id)}>
                <Plug aria-hidden="true" />
              </Button>
              <Button variant="ghost" size="icon" title="Sync now" aria-label={`Sync now ${account.name}`} disabled={sync.isPending} onClick={() => sync.mutate({ id: account.id, body: {} })}>
                <RefreshCw className={syncing ? 'animate-spin' : undefined} aria-hidden="true" />
              </Button>
              <Button variant="ghost" size="icon" title="Backfill" aria-label={`Backfill ${account.name}`} disabled={sync.isPending} onClick={() => setBackfill(account)}>
                <CalendarRange aria-hidden="true" />
              </Button>
              <Button variant="ghost" size="icon" title="Delete" aria-label={`Delete ${account.name}`} disabled={remove.isPending} onClick={() => confirmDelete.ask(account)}>
                <Trash2 className="text-destructive" aria-hidden="true" />
              </Button>
            </div>
          );
        },
      },
    ],
    [now, test, sync, remove, confirmDelete],
  );

  return (
    <Card className="min-w-0 xl:col-span-2">
      <CardHeader className="flex flex-wrap items-start justify-between gap-4 sm:flex-nowrap">
        <div className="grid min-w-0 flex-1 gap-1.5">
          <CardTitle>
            <h2>TikTok ad accounts</h2>
          </CardTitle>
          <CardDescription>
            Spend per TikTok campaign and day fills Cost, Profit and ROI on the dashboard. Today and the 3 days before are re-pulled every
            15 minutes, in each advertiser&apos;s time zone; Sync now pulls them at once, Backfill a longer range.
          </CardDescription>
        </div>
        <Button className="shrink-0" onClick={() => setAdding(true)}>
          <Plus aria-hidden="true" />
          Add account
        </Button>
      </CardHeader>
      <CardContent>
        <DataTable
          label="TikTok ad accounts"
          data={accounts.data ?? []}
          columns={columns}
          getRowId={(row) => String(row.id)}
          sorting={NO_SORTING}
          onSortingChange={() => {}}
          manualSorting
          isPending={accounts.isPending}
          loadingLabel="Loading TikTok accounts..."
          emptyMessage={
            accounts.isError ? `Failed to fetch TikTok accounts: ${errorMessage(accounts.error)}` : 'No TikTok ad accounts yet. Add one to sync spend.'
          }
        />
      </CardContent>
      <AddAccountDialog open={adding} onOpenChange={setAdding} />
      <BackfillDialog account={backfill} onOpenChange={(open) => !open && setBackfill(null)} />
      <ConfirmDialog
        open={confirmDelete.open}
        onOpenChange={(open) => !open && confirmDelete.close()}
        title="Delete this TikTok account?"
        description={`"${confirmDelete.target?.name ?? ''}" will no longer be synced. Spend already synced stays in the reports.`}
        pending={remove.isPending}
        onConfirm={() => confirmDelete.target && remove.mutate(confirmDelete.target.id, { onSettled: confirmDelete.close })}
      />
    </Card>
  );
}
