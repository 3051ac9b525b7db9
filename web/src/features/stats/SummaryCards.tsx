// The six summary cards over the report totals (spec §2; the totals alone until the rows answer): Visits, Conversions
// with CR, Revenue with EPV, Spend with CPV, Profit in green or red, and ROI with ROAS ('—' without spend). EPV is
// revenue / visits, the table's EPV column; the table's EPC is revenue / exit clicks. Until the first answer the
// figures are placeholders, never zeros: a buyer glancing at "$0.00 profit" while the report loads would read it as
// a fact.
import { DollarSign, MousePointerClick, Percent, Target, TrendingDown, TrendingUp, Wallet } from 'lucide-react';
import { formatCount, formatMoney, formatPercent, formatPerVisit, formatRoas, formatRoi, moneySign } from '../../lib/format';
import { MetricCard } from '../../ui/MetricCard';
import { Skeleton } from '../../ui/Skeleton';
import type { ReportTotals } from './report-types';

const CARDS = [
  ['Visits', MousePointerClick],
  ['Conversions', Target],
  ['Revenue', DollarSign],
  ['Spend', Wallet],
  ['Profit', TrendingUp],
  ['ROI / ROAS', Percent],
] as const;

/** `failed`: the report could not be read (the page says why); the cards show a dash instead of pulsing. */
export function SummaryCards({ totals, failed = false }: { totals: ReportTotals | undefined; failed?: boolean }) {
  if (!totals) {
    return (
      <div className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-6" aria-busy={!failed}>
        {CARDS.map(([label, icon]) => (
          <MetricCard key={label} label={label} icon={icon} value={failed ? '—' : <Skeleton className="my-1 h-6 w-20" aria-label={`${label} loading`} />} detail={failed ? 'Not available' : '\u00a0'} />
        ))}
      </div>
    );
  }
  const losing = moneySign(totals.profit) < 0;
  return (
    <div className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-6">
      <MetricCard label="Visits" icon={MousePointerClick} value={formatCount(totals.clicks)} detail="Total visits" />
      <MetricCard label="Conversions" icon={Target} value={formatCount(totals.conversions)} detail={`CR: ${formatPercent(totals.cr)}`} />
      <MetricCard label="Revenue" icon={DollarSign} value={formatMoney(totals.revenue)} detail={`EPV: ${formatPerVisit(totals.epv)}`} />
      <MetricCard label="Spend" icon={Wallet} value={formatMoney(totals.spend)} detail={`CPV: ${formatPerVisit(totals.cpv)}`} />
      <MetricCard
        label="Profit"
        icon={losing ? TrendingDown : TrendingUp}
        value={formatMoney(totals.profit)}
        valueClassName={losing ? 'text-red-600' : 'text-emerald-600'}
        detail="Net profit"
      />
      <MetricCard label="ROI / ROAS" icon={Percent} value={formatRoi(totals.roi)} detail={`ROAS: ${formatRoas(totals.roas)}`} />
    </div>
  );
}
