// The Offers performance screen at /offers (spec §2): Today or Last 7/30/90 Days (30 by default), cards of
// total revenue (with cost and pending beside it), clicks and conversions, and a table per offer: our own
// visits, clicks on the offer (lander exits), postback conversions, cost and pending, and the affiliate
// network's stats (marked CAKE) once they are synced.
// Visits, Clicks, EPV and EPC mean what they mean on the Stats screen (per visit, per click on the offer).
import { DollarSign, MousePointerClick, Target } from 'lucide-react';
import { useState } from 'react';
import { formatCount, formatMoney, formatPerVisit, NO_RATIO } from '../../lib/format';
import { Badge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { Card, CardContent } from '../../ui/Card';
import { MetricCard } from '../../ui/MetricCard';
import { PageHeader } from '../../ui/PageHeader';
import { Spinner } from '../../ui/Spinner';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../ui/Table';
import { TableMessageRow } from '../../ui/TableMessageRow';
import { DEFAULT_OFFER_RANGE_DAYS, OFFER_RANGE_DAYS, offerRangeLabel, offerTotals, useOfferPerformance, type OfferRangeDays } from './offer-performance';

export function OffersPerformancePage() {
  const [days, setDays] = useState<OfferRangeDays>(DEFAULT_OFFER_RANGE_DAYS);
  const offers = useOfferPerformance(days);
  const rows = offers.data ?? [];
  const totals = offerTotals(rows);

  return (
    <div className="space-y-6">
      <PageHeader
        title="Offers"
        description="View performance metrics by offer"
        actions={
          <div role="group" aria-label="Date range" className="flex flex-wrap gap-2">
            {OFFER_RANGE_DAYS.map((n) => (
              <Button key={n} variant={n === days ? 'default' : 'outline'} aria-pressed={n === days} onClick={() => setDays(n)}>
                {offerRangeLabel(n)}
              </Button>
            ))}
          </div>
        }
      />

      <div className="grid gap-3 sm:grid-cols-3">
        <MetricCard
          label="Total Revenue"
          icon={DollarSign}
          value={offers.isPending ? '—' : formatMoney(totals.revenue)}
          detail={`Cost ${formatMoney(totals.cost)} · ${totals.pendingConversions} pending (${formatMoney(totals.pendingPayout)})`}
        />
        <MetricCard label="Total Clicks" icon={MousePointerClick} value={offers.isPending ? '—' : formatCount(totals.clicks)} detail={offerRangeLabel(days)} />
        <MetricCard
          label="Total Conversions"
          icon={Target}
          value={offers.isPending ? '—' : formatCount(totals.conversions)}
          detail={offerRangeLabel(days)}
        />
      </div>

      <Card className="py-2">
        <CardContent className="px-2 sm:px-4">
          <Table aria-label="Offer performance">
            <TableHeader>
              <TableRow className="hover:bg-transparent">
                <TableHead>Offer ID</TableHead>
                <TableHead>Offer Name</TableHead>
                <TableHead className="text-right">Visits</TableHead>
                <TableHead className="text-right">Clicks</TableHead>
                <TableHead className="text-right">Conversions</TableHead>
                <TableHead className="text-right">Revenue</TableHead>
                <TableHead className="text-right">Cost</TableHead>
                <TableHead className="text-right">Pending</TableHead>
                <TableHead className="text-right">EPV</TableHead>
                <TableHead className="text-right">EPC</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {offers.isPending ? (
                <TableMessageRow colSpan={10}>
                  <Spinner label="Loading offers" />
                </TableMessageRow>
              ) : rows.length === 0 ? (
                <TableMessageRow colSpan={10}>
                  {offers.isError ? 'Failed to fetch offers' : 'No offer data available for the selected date range'}
                </TableMessageRow>
              ) : (
                rows.map((row) => (
                  <TableRow key={`${row.source}:${row.offerId}:${row.offerName}`}>
                    <TableCell className="font-mono text-xs">{row.offerId}</TableCell>
                    <TableCell className="font-medium">
                      {row.offerName}
                      {row.source === 'cake' && (
                        <Badge variant="secondary" className="ml-2" title="Reported by the affiliate network (CAKE)">
                          CAKE
                        </Badge>
                      )}
                    </TableCell>
                    <TableCell className="text-right tabular-nums">{row.visits === null ? NO_RATIO : formatCount(row.visits)}</TableCell>
                    <TableCell className="text-right tabular-nums">{formatCount(row.clicks)}</TableCell>
                    <TableCell className="text-right tabular-nums">{formatCount(row.conversions)}</TableCell>
                    <TableCell className="text-right tabular-nums">{formatMoney(row.revenue)}</TableCell>
                    <TableCell className="text-right tabular-nums">{row.cost === null ? NO_RATIO : formatMoney(row.cost)}</TableCell>
                    <TableCell className="text-right tabular-nums" title={`${row.pendingConversions} pending, payout ${formatMoney(row.pendingPayout)}`}>
                      {row.pendingConversions > 0 ? `${row.pendingConversions} · ${formatMoney(row.pendingPayout)}` : NO_RATIO}
                    </TableCell>
                    <TableCell className="text-right tabular-nums">{formatPerVisit(row.epv)}</TableCell>
                    <TableCell className="text-right tabular-nums">{formatPerVisit(row.epc)}</TableCell>
                  </TableRow>
                ))
              )}
            </TableBody>
          </Table>
        </CardContent>
      </Card>
    </div>
  );
}
