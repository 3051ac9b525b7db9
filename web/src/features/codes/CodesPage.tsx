// The Codes screen (spec §2 "Verification code dashboard"): the SafeKey Codes / Billing / Users tabs,
// three cards (Total Codes, Latest Code, Last Updated 'Auto-refreshing'), and the Verification Codes
// table, refetched every 2 s, whose code cells copy on click.
import type { ColumnDef, SortingState } from '@tanstack/react-table';
import type { VerificationCode } from '@tracker/schemas';
import { format, formatDistanceToNowStrict } from 'date-fns';
import { Check, Clock, Copy, Hash, KeyRound, RefreshCw } from 'lucide-react';
import { useMemo, useState } from 'react';
import { NavLink } from 'react-router-dom';
import { useSignedInUser } from '../../app/auth/auth-context';
import { errorMessage } from '../../lib/api';
import { cn } from '../../lib/cn';
import { Button } from '../../ui/Button';
import { Card, CardContent, CardHeader, CardTitle } from '../../ui/Card';
import { DataTable } from '../../ui/DataTable';
import { MetricCard } from '../../ui/MetricCard';
import { PageHeader } from '../../ui/PageHeader';
import { toast } from '../../ui/use-toast';
import { useCodes } from './queries';
import { useCopyCode } from './use-copy-code';
import { useMinWidth } from './use-min-width';
import { useNow } from './use-now';

/** Tailwind's sm and lg: Received At from sm up, Email Subject from lg up, Time below sm. */
const SMALL_PX = 640;
const WIDE_PX = 1024;

function relativeTime(iso: string, now: number): string {
  const at = new Date(iso).getTime();
  if (now - at < 60_000) return 'just now';
  return `${formatDistanceToNowStrict(at)} ago`;
}

function CodeTabs() {
  const isAdmin = useSignedInUser().role === 'admin';
  const tabs = [
    { to: '/codes', label: 'SafeKey Codes' },
    { to: '/billing', label: 'Billing' },
    ...(isAdmin ? [{ to: '/users', label: 'Users' }] : []),
  ];
  return (
    <nav aria-label="Back office" className="inline-flex h-9 w-fit items-center rounded-lg bg-muted p-[3px] text-muted-foreground">
      {tabs.map((tab) => (
        <NavLink
          key={tab.to}
          to={tab.to}
          className={({ isActive }) =>
            cn(
              'inline-flex h-full items-center rounded-md px-3 text-sm font-medium transition-colors',
              isActive ? 'bg-background text-foreground shadow-sm' : 'hover:text-foreground',
            )
          }
        >
          {tab.label}
        </NavLink>
      ))}
    </nav>
  );
}

export function CodesPage() {
  const codes = useCodes();
  const { copiedId, copy } = useCopyCode();
  const [sorting, setSorting] = useState<SortingState>([]);
  const [refreshing, setRefreshing] = useState(false);
  const small = !useMinWidth(SMALL_PX);
  const wide = useMinWidth(WIDE_PX);
  const now = useNow(15_000);
  const list = useMemo(() => codes.data ?? [], [codes.data]);
  const latest = list[0];

  const refresh = async () => {
    setRefreshing(true);
    const result = await codes.refetch();
    setRefreshing(false);
    if (result.isError) toast({ title: 'Refresh failed', description: errorMessage(result.error), variant: 'destructive' });
    else toast({ title: 'Refreshed', description: 'Code list updated' });
  };

  const columns = useMemo<ColumnDef<VerificationCode>[]>(
    () => [
      {
        id: 'code',
        accessorKey: 'code',
        header: 'Verification Code',
        size: 230,
        cell: ({ row }) => {
          const { id, code } = row.original;
          const copied = copiedId === id;
          return (
            <div className="flex items-center gap-1">
              <button
                type="button"
                className="cursor-pointer rounded px-1 font-mono text-lg font-semibold tracking-widest hover:bg-accent"
                title="Click to copy"
                onClick={() => void copy(id, code)}
              >
                {code}
              </button>
              <Button variant="ghost" size="icon" className="size-7" aria-label={`Copy code ${code}`} onClick={() => void copy(id, code)}>
                {copied ? <Check className="text-emerald-600" aria-hidden="true" data-testid="copied-check" /> : <Copy aria-hidden="true" />}
              </Button>
            </div>
          );
        },
      },
      {
        id: 'receivedAt',
        accessorKey: 'receivedAt',
        header: 'Received At',
        size: 220,
        cell: ({ getValue }) => format(new Date(getValue<string>()), 'MMM d, yyyy h:mm:ss a'),
      },
      {
        id: 'subject',
        accessorKey: 'subject',
        header: 'Email Subject',
        size: 420,
        cell: ({ getValue }) => <span title={getValue<string | null>() ?? ''}>{getValue<string | null>() ?? '—'}</span>,
      },
      {
        id: 'time',
        accessorKey: 'receivedAt',
        header: 'Time',
        size: 110,
        cell: ({ getValue }) => format(new Date(getValue<string>()), 'h:mm a'),
      },
    ],
    [copiedId, copy],
  );

  return (
    <div className="space-y-6">
      <PageHeader title="Verification Codes" description="One-time codes from forwarded card-security emails" />
      <CodeTabs />

      <div className="grid gap-4 sm:grid-cols-3">
        <MetricCard label="Total Codes" icon={Hash} value={codes.isPending ? '…' : list.length} />
        <MetricCard
          label="Latest Code"
          icon={KeyRound}
          value={<span className="font-mono tracking-widest">{latest?.code ?? '-'}</span>}
        />
        <MetricCard
          label="Last Updated"
          icon={Clock}
          value={<span className="text-lg">{latest ? relativeTime(latest.extractedAt, now) : 'No codes yet'}</span>}
          detail={
            <span className="inline-flex items-center gap-1">
              <span className="size-2 animate-pulse rounded-full bg-emerald-500" aria-hidden="true" />
              Auto-refreshing
            </span>
          }
        />
      </div>

      <Card>
        <CardHeader className="flex flex-row items-center justify-between gap-2">
          <CardTitle>
            <h2>Verification Codes</h2>
          </CardTitle>
          <Button variant="outline" size="sm" onClick={() => void refresh()} disabled={refreshing}>
            <RefreshCw className={cn(refreshing && 'animate-spin')} aria-hidden="true" />
            Refresh
          </Button>
        </CardHeader>
        <CardContent>
          {codes.isError && !codes.data ? (
            <p className="text-sm text-destructive">Could not load the codes: {errorMessage(codes.error)}</p>
          ) : (
            <DataTable
              label="Verification codes"
              data={list}
              columns={columns}
              getRowId={(row) => String(row.id)}
              sorting={sorting}
              onSortingChange={setSorting}
              columnVisibility={{ receivedAt: !small, subject: wide, time: small }}
              isPending={codes.isPending}
              skeletonRows={3}
              emptyMessage={
                <div className="space-y-1 py-6">
                  <p className="font-medium text-foreground">No verification codes yet</p>
                  <p className="text-sm">
                    Codes appear here when the card-security emails are forwarded to the monitored address. The dashboard
                    updates every 30 seconds.
                  </p>
                </div>
              }
              getRowProps={(row) => ({ 'data-state': copiedId === row.id ? 'selected' : undefined })}
            />
          )}
        </CardContent>
      </Card>
    </div>
  );
}
