// The Click Log table's columns for the shared DataTable (spec §2): the spec's ten shown by default, and
// a few more a buyer can switch on (revenue, spark, user agent, bot). Times are in the report time zone.
import type { tz } from '@date-fns/tz';
import type { ColumnDef } from '@tanstack/react-table';
import type { ClickLogRow } from '@tracker/schemas';
import { format } from 'date-fns';
import { formatMoney } from '../../lib/format';
import { Badge } from '../../ui/Badge';

/** Spec §9: a click id shows as its first 8 characters. */
export const CLICK_ID_CHARS = 8;

export function shortClickId(clickId: string): string {
  return clickId.length > CLICK_ID_CHARS ? `${clickId.slice(0, CLICK_ID_CHARS)}…` : clickId;
}

export type InZone = ReturnType<typeof tz>;

export function formatClickTime(iso: string, pattern: string, inZone: InZone): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : format(date, pattern, { in: inZone });
}

/** Default widths fit the spec's ten columns beside the sidebar at 1440 px; names past them end in an
 *  ellipsis with the full text on hover. */
export const CLICK_LOG_COLUMNS = [
  { id: 'status', label: 'Status', size: 86, shown: true },
  { id: 'converted', label: 'Converted', size: 84, shown: true },
  { id: 'clickId', label: 'Click ID', size: 96, shown: true },
  { id: 'campaign', label: 'Campaign', size: 125, shown: true },
  { id: 'clickedAt', label: 'Clicked At', size: 165, shown: true },
  { id: 'tiktokCampaign', label: 'TikTok Campaign', size: 125, shown: true },
  { id: 'adGroup', label: 'Ad Group', size: 110, shown: true },
  { id: 'creative', label: 'Creative', size: 105, shown: true },
  { id: 'placement', label: 'Placement', size: 90, shown: true },
  { id: 'ipAddress', label: 'IP Address', size: 110, shown: true },
  { id: 'revenue', label: 'Revenue', size: 100, shown: false },
  { id: 'spark', label: 'Spark', size: 130, shown: false },
  { id: 'userAgent', label: 'User Agent', size: 260, shown: false },
  { id: 'bot', label: 'Bot', size: 120, shown: false },
] as const;
export type ClickLogColumnId = (typeof CLICK_LOG_COLUMNS)[number]['id'];
export const DEFAULT_HIDDEN_COLUMNS: ClickLogColumnId[] = CLICK_LOG_COLUMNS.filter((c) => !c.shown).map((c) => c.id);

const dash = <span className="text-muted-foreground">-</span>;

function IdAndName({ id, name }: { id: string; name: string }) {
  if (!id && !name) return dash;
  return (
    <div className="min-w-0">
      {name && (
        <div className="truncate" title={name}>
          {name}
        </div>
      )}
      {id && <div className="truncate font-mono text-xs text-muted-foreground">{id}</div>}
    </div>
  );
}

function plain(text: string, className?: string) {
  return text ? (
    <span className={className} title={text}>
      {text}
    </span>
  ) : (
    dash
  );
}

export function clickLogTableColumns(inZone: InZone): ColumnDef<ClickLogRow>[] {
  const cells: Record<ClickLogColumnId, ColumnDef<ClickLogRow>['cell']> = {
    status: ({ row }) => (row.original.exitedAt ? <Badge variant="success">Exited</Badge> : <Badge variant="secondary">No Exit</Badge>),
    converted: ({ row }) => (row.original.conversions > 0 ? <Badge variant="default">{row.original.conversions}</Badge> : dash),
    clickId: ({ row }) => (
      <span className="font-mono text-xs" title={row.original.clickId}>
        {shortClickId(row.original.clickId)}
      </span>
    ),
    campaign: ({ row }) => plain(row.original.campaignName),
    clickedAt: ({ row }) => (
      <div>
        <div>{formatClickTime(row.original.clickedAt, 'MMM dd, yyyy HH:mm:ss', inZone)}</div>
        {row.original.exitedAt && (
          <div className="text-xs text-muted-foreground">Exit: {formatClickTime(row.original.exitedAt, 'MMM dd, HH:mm:ss', inZone)}</div>
        )}
      </div>
    ),
    tiktokCampaign: ({ row }) => <IdAndName id={row.original.tiktokCampaignId} name={row.original.tiktokCampaignName} />,
    adGroup: ({ row }) => <IdAndName id={row.original.tiktokAdGroupId} name={row.original.adGroupName} />,
    creative: ({ row }) => <IdAndName id={row.original.tiktokCreativeId} name={row.original.creativeName} />,
    placement: ({ row }) => plain(row.original.placement),
    ipAddress: ({ row }) => plain(row.original.ipAddress, 'font-mono text-xs'),
    revenue: ({ row }) => (row.original.conversions > 0 ? formatMoney(row.original.revenue) : dash),
    spark: ({ row }) => plain(row.original.sparkId, 'font-mono text-xs'),
    userAgent: ({ row }) => plain(row.original.userAgent, 'text-xs'),
    bot: ({ row }) => plain(row.original.bot),
  };
  return CLICK_LOG_COLUMNS.map(
    (column): ColumnDef<ClickLogRow> => ({
      id: column.id,
      header: column.label,
      size: column.size,
      // The server orders the log (newest first); a header sorting one page would only mislead.
      enableSorting: false,
      cell: cells[column.id],
      ...(column.id === 'revenue' ? { meta: { align: 'right' as const } } : {}),
    }),
  );
}
