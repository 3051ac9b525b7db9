// The VCN Spend Summary card (spec §2 item 2): optional start and end dates with Clear Dates, and spend by
// VCN nickname with a totals footer, as the server sums it (DECLINED excluded, largest first).
import type { TransactionSummary } from '@tracker/schemas';
import { formatMoney } from '../../lib/format';
import { STATEMENT_CURRENCY } from './statement-currency';
import { Button } from '../../ui/Button';
import { Card, CardContent, CardHeader, CardTitle } from '../../ui/Card';
import { Input } from '../../ui/Input';
import { Label } from '../../ui/Label';
import { Spinner } from '../../ui/Spinner';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../ui/Table';

export function VcnSpendSummaryCard({
  summary,
  isPending,
  startDate,
  endDate,
  datesSwapped,
  onDatesChange,
}: {
  summary: TransactionSummary | undefined;
  isPending: boolean;
  startDate: string;
  endDate: string;
  /** The last change put the start after the end, and the page swapped them. */
  datesSwapped: boolean;
  onDatesChange: (startDate: string, endDate: string) => void;
}) {
  const rows = summary?.spendByVcn ?? [];
  return (
    <Card>
      <CardHeader className="flex flex-wrap items-end justify-between gap-3">
        <CardTitle>VCN Spend Summary</CardTitle>
        <div className="flex flex-wrap items-end gap-2">
          <div className="grid gap-1.5">
            <Label htmlFor="spend-start" className="text-xs text-muted-foreground">
              Start Date
            </Label>
            <Input id="spend-start" type="date" value={startDate} max={endDate || undefined} onChange={(e) => onDatesChange(e.target.value, endDate)} className="w-40" />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="spend-end" className="text-xs text-muted-foreground">
              End Date
            </Label>
            <Input id="spend-end" type="date" value={endDate} min={startDate || undefined} onChange={(e) => onDatesChange(startDate, e.target.value)} className="w-40" />
          </div>
          <Button variant="outline" disabled={!startDate && !endDate} onClick={() => onDatesChange('', '')}>
            Clear Dates
          </Button>
        </div>
        {datesSwapped && (
          <p role="status" className="basis-full text-right text-xs text-muted-foreground">
            The start date was after the end date, so they were swapped.
          </p>
        )}
      </CardHeader>
      <CardContent>
        {isPending ? (
          <div className="flex justify-center py-6">
            <Spinner label="Loading spend summary" />
          </div>
        ) : rows.length === 0 ? (
          <div className="py-6 text-center text-sm text-muted-foreground">
            <p>No transaction data available</p>
            {(startDate || endDate) && <p className="mt-1">Try adjusting the date range</p>}
          </div>
        ) : (
          <Table aria-label="VCN Spend Summary">
            <TableHeader>
              <TableRow>
                <TableHead>VCN Nickname</TableHead>
                <TableHead className="text-right">Transactions</TableHead>
                <TableHead className="text-right">Total Spend</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {rows.map((row) => (
                <TableRow key={row.vcnNickname}>
                  <TableCell>{row.vcnNickname}</TableCell>
                  <TableCell className="text-right tabular-nums">{row.transactions.toLocaleString('en-US')}</TableCell>
                  <TableCell className="text-right tabular-nums">{formatMoney(row.totalSpend, STATEMENT_CURRENCY)}</TableCell>
                </TableRow>
              ))}
              {summary && (
                <TableRow className="border-t-2 font-semibold">
                  <TableCell>Total</TableCell>
                  <TableCell className="text-right tabular-nums">{summary.spendTotal.transactions.toLocaleString('en-US')}</TableCell>
                  <TableCell className="text-right tabular-nums">{formatMoney(summary.spendTotal.totalSpend, STATEMENT_CURRENCY)}</TableCell>
                </TableRow>
              )}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}
