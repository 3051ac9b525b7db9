// The Click Log table's columns for the shared DataTable (spec §2): the spec's ten shown by default, and
// a few more a buyer can switch on (country, device, OS, browser, flow rule, spark, user agent, bot). Times are in the report time zone.
import type { tz } from '@date-fns/tz';
import type { ColumnDef } from '@tanstack/react-table';
import { EMPTY_GROUP_LABELS, TRACKING_VARIABLES, type AudienceVariable, type ClickLogRow } from '@tracker/schemas';
import { format } from 'date-fns';
import { formatMoney } from '../../lib/format';
import { Badge } from '../../ui/Badge';
import { ClickIdCell } from '../../ui/ClickId';

export type InZone = ReturnType<typeof tz>;

export function formatClickTime(iso: string, pattern: string, inZone: InZone): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : format(date, pattern, { in: inZone });
}

/** Room for the table at 1440 px with the sidebar open: 1440 less the sidebar (16rem), the page's
 *  padding (2 × 1rem), the card's border and padding (2 × 1px + 2 × 1rem) and a scroll bar (15 px). */
export const CLICK_LOG_WIDTH_AT_1440 = 1440 - 256 - 32 - 2 - 32 - 15;

/** An audience column, labelled as the tracking-variable catalogue names it; hidden until switched on. */
function audienceColumn<V extends AudienceVariable>(id: V, size: number) {
  const label = TRACKING_VARIABLES.find((v) => v.id === id)?.label ?? id;
  return { id, label, size, shown: false, wrap: true } as const;
}

/** Default widths fit the spec's ten columns in CLICK_LOG_WIDTH_AT_1440; a longer name or placement wraps
 *  onto more lines (`wrap`), so it reads without hovering; the Columns menu hides what a buyer does not read,
 *  and what it adds scrolls sideways inside the card past the pinned status, payout and click id. */
export const CLICK_LOG_COLUMNS = [
  { id: 'status', label: 'Status', size: 76, shown: true, wrap: false },
  // The count and the approved payout, so a buyer sees what a click earned without another column.
  { id: 'converted', label: 'Converted', size: 104, shown: true, wrap: false },
  { id: 'clickId', label: 'Click ID', size: 100, shown: true, wrap: false },
  { id: 'campaign', label: 'Campaign', size: 120, shown: true, wrap: true },
  { id: 'clickedAt', label: 'Clicked At', size: 160, shown: true, wrap: false },
  { id: 'tiktokCampaign', label: 'TikTok Campaign', size: 124, shown: true, wrap: true },
  { id: 'adGroup', label: 'Ad Group', size: 112, shown: true, wrap: true },
  { id: 'creative', label: 'Creative', size: 112, shown: true, wrap: true },
  { id: 'placement', label: 'Placement', size: 92, shown: true, wrap: true },
  { id: 'ipAddress', label: 'IP Address', size: 100, shown: true, wrap: true },
  // Derived from the IP and user agent by the projector; clicks recorded before that show a dash.
  audienceColumn('country', 130),
  audienceColumn('device', 90),
  audienceColumn('os', 90),
  audienceColumn('browser', 120),
  // The campaign flow's rule that routed the click, as the Stats screen's Rule grouping names it.
  { id: 'rule', label: 'Rule', size: 120, shown: false, wrap: true },
  { id: 'spark', label: 'Spark', size: 170, shown: false, wrap: true },
  { id: 'userAgent', label: 'User Agent', size: 260, shown: false, wrap: true },
  { id: 'bot', label: 'Bot', size: 120, shown: false, wrap: true },
] as const;

/** Kept in view while the optional columns scroll sideways: what tells one click from another. */
export const CLICK_LOG_PINNED_COLUMNS: readonly ClickLogColumnId[] = ['status', 'converted', 'clickId'];
export type ClickLogColumnId = (typeof CLICK_LOG_COLUMNS)[number]['id'];
export const DEFAULT_HIDDEN_COLUMNS: ClickLogColumnId[] = CLICK_LOG_COLUMNS.filter((c) => !c.shown).map((c) => c.id);

const dash = <span className="text-muted-foreground">-</span>;

/** The name in full (the cell wraps it) over the platform's id on one line, whole on hover and in the CSV. */
function IdAndName({ id, name }: { id: string; name: string }) {
  if (!id && !name) return dash;
  return (
    <div className="min-w-0">
      {name && <div>{name}</div>}
      {id && (
        <div className="truncate font-mono text-xs text-muted-foreground" title={id}>
          {id}
        </div>
      )}
    </div>
  );
}

/** The text as it is (its column wraps it), or a dash. */
function plain(text: string, className?: string) {
  return text ? <span className={className}>{text}</span> : dash;
}

const countryNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });

/** 'US' as 'United States'; a code Intl cannot read stays as it is. */
export function countryName(code: string): string {
  if (!code) return '';
  try {
    return countryNames.of(code) ?? code;
  } catch {
    return code;
  }
}

/** Approved conversions with their payout; then what is still pending (and its payout) and what was rejected,
 *  so a click whose postback is waiting on the network does not read as unconverted. */
function ConvertedCell({ row }: { row: ClickLogRow }) {
  const { conversions, revenue, pendingConversions, pendingPayout, rejectedConversions } = row;
  if (conversions <= 0 && pendingConversions <= 0 && rejectedConversions <= 0) return dash;
  const parts = [
    conversions > 0 && `${conversions} approved, payout ${formatMoney(revenue)}`,
    pendingConversions > 0 && `${pendingConversions} pending, payout ${formatMoney(pendingPayout)}`,
    rejectedConversions > 0 && `${rejectedConversions} rejected`,
  ].filter(Boolean);
  return (
    <span className="inline-flex flex-wrap items-center gap-1.5" title={parts.join('; ')}>
      {conversions > 0 && (
        <>
          <Badge variant="default">{conversions}</Badge>
          <span className="tabular-nums" data-testid="click-payout">
            {formatMoney(revenue)}
          </span>
        </>
      )}
      {pendingConversions > 0 && <Badge variant="secondary">{pendingConversions} pending</Badge>}
      {rejectedConversions > 0 && (
        <Badge variant="outline" className="text-muted-foreground">
          {rejectedConversions} rejected
        </Badge>
      )}
    </span>
  );
}

export function clickLogTableColumns(inZone: InZone): ColumnDef<ClickLogRow>[] {
  const cells: Record<ClickLogColumnId, ColumnDef<ClickLogRow>['cell']> = {
    status: ({ row }) => (row.original.exitedAt ? <Badge variant="success">Exited</Badge> : <Badge variant="secondary">No Exit</Badge>),
    converted: ({ row }) => <ConvertedCell row={row.original} />,
    clickId: ({ row }) => <ClickIdCell clickId={row.original.clickId} />,
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
    // An IPv6 address has no spaces to wrap at.
    ipAddress: ({ row }) => plain(row.original.ipAddress, 'font-mono text-xs break-all'),
    country: ({ row }) => plain(countryName(row.original.country)),
    device: ({ row }) => plain(row.original.device),
    os: ({ row }) => plain(row.original.os),
    browser: ({ row }) => plain(row.original.browser),
    rule: ({ row }) => (row.original.rule ? plain(row.original.rule) : <span className="text-muted-foreground">{EMPTY_GROUP_LABELS.rule}</span>),
    spark: ({ row }) => plain(row.original.sparkId, 'font-mono text-xs break-all'),
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
      meta: { wrap: column.wrap },
      cell: cells[column.id],
    }),
  );
}
