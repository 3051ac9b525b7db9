// The Click Log table (spec §2): Status, Converted, Click ID (8 characters), Campaign, Clicked At with
// the exit time below, TikTok Campaign (id and name), Ad Group, Creative, Placement and IP Address.
// Times are shown in the report time zone, not the browser's.
import { tz } from '@date-fns/tz';
import type { ClickLogRow } from '@tracker/schemas';
import { format } from 'date-fns';
import { Badge } from '../../ui/Badge';
import { Spinner } from '../../ui/Spinner';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../ui/Table';
import { TableMessageRow } from '../../ui/TableMessageRow';

/** Spec §9: a click id shows as its first 8 characters. */
export const CLICK_ID_CHARS = 8;

function shortClickId(clickId: string): string {
  return clickId.length > CLICK_ID_CHARS ? `${clickId.slice(0, CLICK_ID_CHARS)}…` : clickId;
}

type InZone = ReturnType<typeof tz>;

function formatTime(iso: string, pattern: string, inZone: InZone): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : format(date, pattern, { in: inZone });
}

function IdAndName({ id, name }: { id: string; name: string }) {
  if (!id && !name) return <span className="text-muted-foreground">-</span>;
  return (
    <div className="max-w-48">
      {name && <div className="truncate">{name}</div>}
      {id && <div className="truncate font-mono text-xs text-muted-foreground">{id}</div>}
    </div>
  );
}

const COLUMNS = 10;

export function ClickLogTable({
  rows,
  timezone,
  isPending,
  failed,
}: {
  rows: readonly ClickLogRow[];
  /** The report time zone (IANA name). */
  timezone: string;
  isPending: boolean;
  failed: boolean;
}) {
  const inZone = tz(timezone);
  return (
    <Table aria-label="Click log">
      <TableHeader>
        <TableRow className="hover:bg-transparent">
          <TableHead>Status</TableHead>
          <TableHead>Converted</TableHead>
          <TableHead>Click ID</TableHead>
          <TableHead>Campaign</TableHead>
          <TableHead>Clicked At</TableHead>
          <TableHead>TikTok Campaign</TableHead>
          <TableHead>Ad Group</TableHead>
          <TableHead>Creative</TableHead>
          <TableHead>Placement</TableHead>
          <TableHead>IP Address</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {isPending ? (
          <TableMessageRow colSpan={COLUMNS}>
            <Spinner label="Loading clicks" />
          </TableMessageRow>
        ) : rows.length === 0 ? (
          <TableMessageRow colSpan={COLUMNS}>{failed ? 'Failed to fetch clicks' : 'No clicks found for the selected filters'}</TableMessageRow>
        ) : (
          rows.map((click) => (
            <TableRow key={click.clickId}>
              <TableCell>
                {click.exitedAt ? <Badge variant="success">Exited</Badge> : <Badge variant="secondary">No Exit</Badge>}
              </TableCell>
              <TableCell className="tabular-nums">
                {click.conversions > 0 ? <Badge variant="default">{click.conversions}</Badge> : <span className="text-muted-foreground">-</span>}
              </TableCell>
              <TableCell className="font-mono text-xs" title={click.clickId}>
                {shortClickId(click.clickId)}
              </TableCell>
              <TableCell className="max-w-48 truncate">{click.campaignName || <span className="text-muted-foreground">-</span>}</TableCell>
              <TableCell className="whitespace-nowrap">
                <div>{formatTime(click.clickedAt, 'MMM dd, yyyy HH:mm:ss', inZone)}</div>
                {click.exitedAt && (
                  <div className="text-xs text-muted-foreground">Exit: {formatTime(click.exitedAt, 'MMM dd, HH:mm:ss', inZone)}</div>
                )}
              </TableCell>
              <TableCell>
                <IdAndName id={click.tiktokCampaignId} name={click.tiktokCampaignName} />
              </TableCell>
              <TableCell>
                <IdAndName id={click.tiktokAdGroupId} name={click.adGroupName} />
              </TableCell>
              <TableCell>
                <IdAndName id={click.tiktokCreativeId} name={click.creativeName} />
              </TableCell>
              <TableCell>{click.placement || <span className="text-muted-foreground">-</span>}</TableCell>
              <TableCell className="font-mono text-xs whitespace-nowrap">{click.ipAddress || '-'}</TableCell>
            </TableRow>
          ))
        )}
      </TableBody>
    </Table>
  );
}
