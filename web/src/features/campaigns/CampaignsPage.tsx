// The Campaigns screen at /campaigns (spec §2): the campaigns table with the admins' BH switch,
// create / edit dialogs, delete, View Code, and the banner when no redirect domain is set.
import { Code, Pencil, Plus, Split, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useSignedInUser } from '../../app/auth/auth-context';
import { errorMessage } from '../../lib/api';
import { Badge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { Card, CardContent } from '../../ui/Card';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { PageHeader } from '../../ui/PageHeader';
import { Switch } from '../../ui/Switch';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../ui/Table';
import { TableMessageRow } from '../../ui/TableMessageRow';
import { useConfirmTarget } from '../../ui/use-confirm-target';
import { domainHost } from '../domains/queries';
import { settingValue, useSettings } from '../settings/queries';
import { CampaignDialog } from './CampaignDialog';
import { useCampaigns, useDeleteCampaign, useToggleBh, type Campaign } from './queries';
import { RedirectDomainBanner } from './RedirectDomainBanner';
import type { HostSettings } from './tracking-host';
import { ViewCodeDialog } from './ViewCodeDialog';

const COLUMNS = 8;

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
          <Table aria-label="Campaigns">
            <TableHeader>
              <TableRow>
                <TableHead>Name</TableHead>
                <TableHead>Lander</TableHead>
                <TableHead>Offer</TableHead>
                <TableHead>Domain</TableHead>
                <TableHead>Spark</TableHead>
                <TableHead>TikTok Pixel</TableHead>
                <TableHead>BH</TableHead>
                <TableHead className="text-right">Actions</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {campaigns.isPending ? (
                <TableMessageRow colSpan={COLUMNS}>Loading campaigns...</TableMessageRow>
              ) : campaigns.isError ? (
                <TableMessageRow colSpan={COLUMNS}>Failed to fetch campaigns: {errorMessage(campaigns.error)}</TableMessageRow>
              ) : campaigns.data.length === 0 ? (
                <TableMessageRow colSpan={COLUMNS}>
                  <p className="font-medium text-foreground">No campaigns yet</p>
                  {isAdmin && <p className="mt-1 text-sm">Click "Create Campaign" to create one</p>}
                </TableMessageRow>
              ) : (
                campaigns.data.map((campaign) => (
                  <TableRow key={campaign.id}>
                    <TableCell>
                      <div className="font-medium">{campaign.name}</div>
                      <div className="font-mono text-xs text-muted-foreground">{campaign.id}</div>
                    </TableCell>
                    <TableCell>
                      {campaign.lander ? campaign.lander.name : <Badge variant="destructive">No lander</Badge>}
                    </TableCell>
                    <TableCell>
                      <Optional>{campaign.offer?.name}</Optional>
                    </TableCell>
                    <TableCell>
                      <Optional>{campaign.domain ? domainHost(campaign.domain) : null}</Optional>
                    </TableCell>
                    <TableCell>
                      <Optional>{campaign.spark?.name}</Optional>
                    </TableCell>
                    <TableCell>
                      {campaign.pixel ? (
                        <div>
                          <div>{campaign.pixel.name}</div>
                          <div className="text-xs text-muted-foreground">{campaign.defaultTiktokEvent}</div>
                        </div>
                      ) : (
                        <Optional>{null}</Optional>
                      )}
                    </TableCell>
                    <TableCell>
                      <Switch
                        checked={campaign.bhToggle}
                        disabled={!isAdmin}
                        aria-label={`BH for ${campaign.name}`}
                        onCheckedChange={(bhToggle) => toggleBh.mutate({ id: campaign.id, bhToggle })}
                      />
                    </TableCell>
                    <TableCell className="text-right whitespace-nowrap">
                      <Button variant="outline" size="sm" onClick={() => setCode({ open: true, campaign })} aria-label={`View code for ${campaign.name}`}>
                        <Code aria-hidden="true" />
                        View Code
                      </Button>
                      <Button asChild variant="outline" size="sm" className="ml-2">
                        <Link to={`/campaigns/${encodeURIComponent(campaign.id)}/flow`} aria-label={`Flow of ${campaign.name}`}>
                          <Split aria-hidden="true" />
                          Flow
                        </Link>
                      </Button>
                      {isAdmin && (
                        <>
                          <Button
                            variant="ghost"
                            size="icon"
                            aria-label={`Edit ${campaign.name}`}
                            onClick={() => setDialog({ open: true, campaign })}
                          >
                            <Pencil aria-hidden="true" />
                          </Button>
                          <Button
                            variant="ghost"
                            size="icon"
                            aria-label={`Delete ${campaign.name}`}
                            disabled={deleteCampaign.isPending}
                            onClick={() => confirmDelete.ask(campaign)}
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
