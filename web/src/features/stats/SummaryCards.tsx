// The six summary cards over the report totals (spec §2): Visits, Conversions with CR, Revenue with EPV,
// Spend with CPV, Profit in green or red, and ROI with ROAS ('—' without spend). EPV is revenue / visits,
// the table's EPV column; the table's EPC is revenue / exit clicks.
import { DollarSign, MousePointerClick, Percent, Target, TrendingDown, TrendingUp, Wallet } from 'lucide-react';
import { formatCount, formatMoney, formatPercent, formatPerVisit, formatRoas, formatRoi, moneySign } from '../../lib/format';
import { MetricCard } from '../../ui/MetricCard';
import type { ReportRow } from './report-types';

export function SummaryCards({ totals }: { totals: ReportRow | undefined }) {
  const losing = moneySign(totals?.profit) < 0;
  return (
    <div className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-6">
      <MetricCard label="Visits" icon={MousePointerClick} value={formatCount(totals?.clicks ?? 0)} detail="Total visits" />
      <MetricCard label="Conversions" icon={Target} value={formatCount(totals?.conversions ?? 0)} detail={`CR: ${formatPercent(totals?.cr ?? 0)}`} />
      <MetricCard label="Revenue" icon={DollarSign} value={formatMoney(totals?.revenue)} detail={`EPV: ${formatPerVisit(totals?.epv ?? 0)}`} />
      <MetricCard label="Spend" icon={Wallet} value={formatMoney(totals?.spend)} detail={`CPV: ${formatPerVisit(totals ? totals.cpv : 0)}`} />
      <MetricCard
        label="Profit"
        icon={losing ? TrendingDown : TrendingUp}
        value={formatMoney(totals?.profit)}
        valueClassName={losing ? 'text-red-600' : 'text-emerald-600'}
        detail="Net profit"
      />
      <MetricCard label="ROI / ROAS" icon={Percent} value={totals ? formatRoi(totals.roi) : formatRoi(0)} detail={`ROAS: ${totals ? formatRoas(totals.roas) : formatRoas(0)}`} />
    </div>
  );
}
