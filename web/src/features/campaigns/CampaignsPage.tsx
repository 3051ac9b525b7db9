// The Campaigns screen at /campaigns (spec §2): the campaigns table with the admins' BH switch,
// create / edit dialogs, delete, View Code, and the banner when no redirect domain is set.
import type { ColumnDef, SortingState } from '@tanstack/react-table';
import { Code, Plus, Split } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { useSignedInUser } from '../../app/auth/auth-context';
import { errorMessage } from '../../lib/api';
import { Badge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { EditDeleteButtons } from '../../ui/EditDeleteButtons';
import { Card, CardContent } from '../../ui/Card';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { PageHeader } from '../../ui/PageHeader';
import { Switch } from '../../ui/Switch';
import { DataTable } from '../../ui/DataTable';
import { useConfirmTarget } from '../../ui/use-confirm-target';
import { domainHost } from '../domains/queries';
import { settingValue, useSettings } from '../settings/queries';
import { CampaignDialog } from './CampaignDialog';
import { useCampaigns, useDeleteCampaign, useToggleBh, type Campaign } from './queries';
import { RedirectDomainBanner } from './RedirectDomainBanner';
import type { HostSettings } from './tracking-host';
import { ViewCodeDialog } from './ViewCodeDialog';

function Optional({ children }: { children: string | null | undefined }) {
  return children ? <span>{children}</span> : <span className="text-muted-foreground">—</span>;
}

export function CampaignsPage() {
  const isAdmin = useSignedInUser().role === 'admin';
  const campaigns = useCampaigns();
  // Settings are admin-only (spec §6): everyone else's links fall back to the browser's origin.
  const settings = useSettings({ enabled: isAdmin });
  const deleteCampaign = useDeleteCampaign();
  const confirmDelete = useConfirmTarget<Campaign>();
  const toggleBh = useToggleBh();
  const [dialog, setDialog] = useState<{ open: boolean; campaign: Campaign | null }>({ open: false, campaign: null });
  const [code, setCode] = useState<{ open: boolean; campaign: Campaign | null }>({ open: false, campaign: null });
  const [sorting, setSorting] = useState<SortingState>([]);

  // Names wrap rather than end in a hover-only ellipsis; the widths fit 1440 px beside the open sidebar.
  const columns = useMemo<ColumnDef<Campaign>[]>(
    () => [
      {
        accessorKey: 'name',
        header: 'Name',
        size: 180,
        meta: { wrap: true },
        cell: ({ row }) => (
          <>
            <div className="font-medium">{row.original.name}</div>
            <div className="font-mono text-xs text-muted-foreground">{row.original.id}</div>
          </>
        ),
      },
      {
        id: 'lander',
        accessorFn: (campaign) => campaign.lander?.name ?? '',
        header: 'Lander',
        size: 115,
        meta: { wrap: true },
        cell: ({ row }) => (row.original.lander ? row.original.lander.name : <Badge variant="destructive">No lander</Badge>),
      },
      {
        id: 'offer',
        accessorFn: (campaign) => campaign.offer?.name ?? '',
        header: 'Offer',
        size: 115,
        meta: { wrap: true },
        cell: ({ row }) => <Optional>{row.original.offer?.name}</Optional>,
      },
      {
        id: 'domain',
        accessorFn: (campaign) => (campaign.domain ? domainHost(campaign.domain) : ''),
        header: 'Domain',
        size: 120,
        meta: { wrap: true },
        cell: ({ getValue }) => <Optional>{getValue<string>()}</Optional>,
      },
      {
        id: 'spark',
        accessorFn: (campaign) => campaign.spark?.name ?? '',
        header: 'Spark',
        size: 100,
        meta: { wrap: true },
        cell: ({ row }) => <Optional>{row.original.spark?.name}</Optional>,
      },
      {
        id: 'pixel',
        accessorFn: (campaign) => campaign.pixel?.name ?? '',
        header: 'TikTok Pixel',
        size: 120,
        meta: { wrap: true },
        cell: ({ row }) =>
          row.original.pixel ? (
            <div>
              <div>{row.original.pixel.name}</div>
              <div className="text-xs text-muted-foreground">{row.original.defaultTiktokEvent}</div>
            </div>
          ) : (
            <Optional>{null}</Optional>
          ),
      },
      {
        accessorKey: 'bhToggle',
        header: 'BH',
        size: 56,
        cell: ({ row }) => (
          <Switch
            checked={row.original.bhToggle}
            disabled={!isAdmin}
            aria-label={`BH for ${row.original.name}`}
            onCheckedChange={(bhToggle) => toggleBh.mutate({ id: row.original.id, bhToggle })}
          />
        ),
      },
      {
        id: 'actions',
        header: 'Actions',
        size: 290,
        meta: { align: 'right' },
        cell: ({ row }) => (
          <>
            <Button variant="outline" size="sm" onClick={() => setCode({ open: true, campaign: row.original })} aria-label={`View code for ${row.original.name}`}>
              <Code aria-hidden="true" />
              View Code
            </Button>
            <Button asChild variant="outline" size="sm" className="ml-2">
              <Link to={`/campaigns/${encodeURIComponent(row.original.id)}/flow`} aria-label={`Flow of ${row.original.name}`}>
                <Split aria-hidden="true" />
                Flow
              </Link>
            </Button>
            {isAdmin && (
              <>
                <EditDeleteButtons
                  name={row.original.name}
                  onEdit={() => setDialog({ open: true, campaign: row.original })}
                  onDelete={() => confirmDelete.ask(row.original)}
                  deleting={deleteCampaign.isPending}
                />
              </>
            )}
          </>
        ),
      },
    ],
    [isAdmin, toggleBh, deleteCampaign.isPending, confirmDelete],
  );

  const hostSettings: HostSettings = {
    redirectDomain: settingValue(settings.data, 'redirect_domain'),
    globalExitDomain: settingValue(settings.data, 'global_exit_domain'),
  };
  const showBanner = isAdmin && settings.isSuccess && !hostSettings.redirectDomain;

  return (
    <div className="space-y-6">
      <PageHeader
        title="Campaigns"
        description="Campaigns tie a tracking link to a lander, an offer and its tracking extras"
        actions={
          isAdmin && (
            <Button onClick={() => setDialog({ open: true, campaign: null })}>
              <Plus aria-hidden="true" />
              Create Campaign
            </Button>
          )
        }
      />
      {showBanner && <RedirectDomainBanner />}

      <Card className="py-2">
        <CardContent className="px-4">
          <DataTable
            label="Campaigns"
            pinnedColumns={['name']}
            data={campaigns.data ?? []}
            columns={columns}
            getRowId={(campaign) => campaign.id}
            sorting={sorting}
            onSortingChange={setSorting}
            isPending={campaigns.isPending}
            loadingLabel="Loading campaigns..."
            failure={campaigns.isError && `Failed to fetch campaigns: ${errorMessage(campaigns.error)}`}
            emptyMessage={
              <>
                <p className="font-medium text-foreground">No campaigns yet</p>
                {isAdmin && <p className="mt-1 text-sm">Click "Create Campaign" to create one</p>}
              </>
            }
          />
        </CardContent>
      </Card>

      {isAdmin && (
        <CampaignDialog open={dialog.open} campaign={dialog.campaign} onOpenChange={(open) => setDialog((d) => ({ ...d, open }))} />
      )}
      <ViewCodeDialog
        open={code.open}
        campaign={code.campaign}
        hostSettings={hostSettings}
        onOpenChange={(open) => setCode((c) => ({ ...c, open }))}
      />
      <ConfirmDialog
        open={confirmDelete.open}
        onOpenChange={(open) => !open && confirmDelete.close()}
        title="Delete this campaign?"
        description={`"${confirmDelete.target?.name ?? ''}" will be deleted and its tracking link will stop working: visitors go to the Fallback URL (Settings) when one is set, else see a not-found page. This cannot be undone.`}
        pending={deleteCampaign.isPending}
        onConfirm={() => confirmDelete.target && deleteCampaign.mutate(confirmDelete.target.id, { onSettled: confirmDelete.close })}
      />
    </div>
  );
}
