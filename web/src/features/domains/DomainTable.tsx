// The table of domains (spec §2 Domain Automation): status badges that change live while jobs run,
// what each domain cost, its nameservers, the last error, its transition history, and the actions
// its status allows: Configure DNS, Retry Configuration, Migrate to Workers, Update NS, Delete.
import type { ColumnDef, SortingState } from '@tanstack/react-table';
import { format } from 'date-fns';
import { ArrowRightLeft, Cloud, History, RefreshCw, Settings2, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { errorMessage } from '../../lib/api';
import { formatMoney } from '../../lib/format';
import { REGISTRAR_CURRENCY } from './registrar-currency';
import { Button } from '../../ui/Button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/Card';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { DataTable } from '../../ui/DataTable';
import { Popover, PopoverContent, PopoverTrigger } from '../../ui/Popover';
import { useConfirmTarget } from '../../ui/use-confirm-target';
import { ConfigureDnsDialog } from './ConfigureDnsDialog';
import { useDeleteDomain, useDomainList, useMigrateToWorkers, useUpdateNameservers } from './domain-actions';
import { DomainStatusBadge, domainStatusLabel } from './DomainStatusBadge';
import { domainHost, type Domain } from './queries';
import { domainRowId } from './search-result';

const when = (iso: string | null | undefined, pattern = 'MMM dd, yyyy HH:mm') => (iso ? format(new Date(iso), pattern) : '-');

function TransitionHistory({ domain }: { domain: Domain }) {
  const transitions = domain.transitions ?? [];
  return (
    <Popover>
      <PopoverTrigger asChild>
        <Button variant="ghost" size="icon" aria-label={`History of ${domain.domain}`} title="History">
          <History aria-hidden="true" />
        </Button>
      </PopoverTrigger>
      <PopoverContent align="end" className="w-96">
        <h3 className="mb-2 text-sm font-medium">History of {domain.domain}</h3>
        {transitions.length === 0 ? (
          <p className="text-sm text-muted-foreground">No status changes recorded.</p>
        ) : (
          <ol className="grid max-h-72 gap-2 overflow-auto text-sm">
            {[...transitions].reverse().map((t, i) => (
              <li key={`${t.at}-${i}`} className="grid gap-0.5 border-l-2 pl-2">
                <span>
                  {t.from ? `${domainStatusLabel(t.from)} → ` : ''}
                  <span className="font-medium">{domainStatusLabel(t.to)}</span>
                </span>
                <span className="text-xs text-muted-foreground">{when(t.at, 'MMM dd, yyyy HH:mm:ss')}</span>
                {t.error && <span className="text-xs break-words text-destructive">{t.error}</span>}
              </li>
            ))}
          </ol>
        )}
      </PopoverContent>
    </Popover>
  );
}

export function DomainTable() {
  const domains = useDomainList();
  const updateNs = useUpdateNameservers();
  const migrate = useMigrateToWorkers();
  const remove = useDeleteDomain();
  const confirmDelete = useConfirmTarget<Domain>();
  const [configuring, setConfiguring] = useState<Domain | null>(null);
  const [sorting, setSorting] = useState<SortingState>([]);

  const columns: ColumnDef<Domain>[] = [
    {
      id: 'domain',
      header: 'Domain',
      accessorFn: (d) => d.domain,
      size: 200,
      cell: ({ row: { original: d } }) => (
        <div className="grid gap-0.5">
          <span className="font-medium">{d.domain}</span>
          {d.subdomain && <span className="font-mono text-xs text-muted-foreground">{domainHost(d)}</span>}
        </div>
      ),
    },
    {
      id: 'status',
      header: 'Status',
      accessorFn: (d) => d.status,
      size: 200,
      cell: ({ row: { original: d } }) => (
        <div className="grid gap-1">
          <DomainStatusBadge status={d.status} />
          {d.errorMessage && <span className="text-xs break-words whitespace-normal text-destructive">{d.errorMessage}</span>}
        </div>
      ),
    },
    {
      id: 'price',
      header: 'Price',
      accessorFn: (d) => Number(d.purchaseAmount ?? 0),
      size: 80,
      meta: { align: 'right' },
      cell: ({ row: { original: d } }) => (d.purchaseAmount ? formatMoney(d.purchaseAmount, REGISTRAR_CURRENCY) : '-'),
    },
    {
      id: 'nameservers',
      header: 'Nameservers',
      enableSorting: false,
      size: 180,
      cell: ({ row: { original: d } }) =>
        d.nameservers?.length ? (
          <div className="grid font-mono text-xs">
            {d.nameservers.map((ns) => (
              <span key={ns}>{ns}</span>
            ))}
          </div>
        ) : (
          '-'
        ),
    },
    {
      id: 'purchasedAt',
      header: 'Purchased',
      accessorFn: (d) => d.purchasedAt ?? '',
      size: 140,
      cell: ({ row: { original: d } }) => when(d.purchasedAt),
    },
    {
      id: 'actions',
      header: 'Actions',
      enableSorting: false,
      size: 240,
      cell: ({ row: { original: d } }) => (
        <div className="flex flex-wrap items-center justify-end gap-1">
          {d.status === 'purchased' && (
            <Button size="sm" onClick={() => setConfiguring(d)}>
              <Settings2 aria-hidden="true" />
              Configure DNS
            </Button>
          )}
          {(d.status === 'configuring_dns' || d.status === 'dns_failed') && (
            <Button size="sm" variant="outline" onClick={() => setConfiguring(d)}>
              <RefreshCw aria-hidden="true" />
              Retry Configuration
            </Button>
          )}
          {d.status === 'active' && d.subdomain && (
            <Button size="sm" variant="outline" disabled={migrate.isPending} onClick={() => migrate.mutate(d.id)}>
              <ArrowRightLeft aria-hidden="true" />
              Migrate to Workers
            </Button>
          )}
          {d.cloudflareZoneId && (
            <Button size="sm" variant="outline" disabled={updateNs.isPending} onClick={() => updateNs.mutate(d.id)}>
              <Cloud aria-hidden="true" />
              Update NS
            </Button>
          )}
          <TransitionHistory domain={d} />
          <Button variant="ghost" size="icon" aria-label={`Delete ${d.domain}`} disabled={remove.isPending} onClick={() => confirmDelete.ask(d)}>
            <Trash2 className="text-destructive" aria-hidden="true" />
          </Button>
        </div>
      ),
    },
  ];

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Your Domains</h2>
        </CardTitle>
        <CardDescription>Statuses update by themselves while a purchase or DNS configuration runs.</CardDescription>
      </CardHeader>
      <CardContent>
        <DataTable
          label="Domains"
          data={domains.data ?? []}
          columns={columns}
          getRowId={(d) => String(d.id)}
          // The search panel's 'Show in Your Domains' scrolls to the row by this id.
          getRowProps={(d) => ({ id: domainRowId(d.id) })}
          sorting={sorting}
          onSortingChange={setSorting}
          isPending={domains.isPending}
          loadingLabel="Loading domains..."
          emptyMessage={
            domains.isError ? `Failed to fetch domains: ${errorMessage(domains.error)}` : 'No domains yet. Search for a .xyz domain above to buy one.'
          }
        />
      </CardContent>
      <ConfigureDnsDialog domain={configuring} onClose={() => setConfiguring(null)} />
      <ConfirmDialog
        open={confirmDelete.open}
        onOpenChange={(open) => !open && confirmDelete.close()}
        title="Delete this domain?"
        description={`${confirmDelete.target?.domain ?? ''} is removed from the tracker and campaigns using it fall back to the redirect domain. The registration and its Cloudflare zone stay as they are.`}
        pending={remove.isPending}
        onConfirm={() => confirmDelete.target && remove.mutate(confirmDelete.target.id, { onSettled: confirmDelete.close })}
      />
    </Card>
  );
}
