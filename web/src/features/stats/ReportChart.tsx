// The chart above the report table: visits as bars and conversions on the count axis,
// revenue, spend and profit as lines on the money axis, per day (per hour for a single day) of the report
// time zone. No animation: polling and resizes would replay it every time. Lines are monotone (no
// overshoot between points), only dots when a few buckets have data, and the axes start at zero.
import { useMemo } from 'react';
import { Bar, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis, type DotItemDotProps } from 'recharts';
import { formatCompactMoney, formatCount, formatMoney } from '../../lib/format';
import { Card, CardContent, CardHeader, CardTitle } from '../../ui/Card';
import { Spinner } from '../../ui/Spinner';
import { chartShape, toChartPoints, type ChartPoint } from './chart-series';
import type { ReportSeriesPoint } from './report-types';

const MONEY_SERIES = new Set(['Revenue', 'Spend', 'Profit']);

const compactCount = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });

/** A dot where a line has a value: a lone hour shows as a point, the empty hours as nothing. */
function markNonZero({ cx, cy, value, stroke, index }: DotItemDotProps) {
  if (!value || cx === undefined || cy === undefined) return null;
  return <circle key={`dot-${index}`} cx={cx} cy={cy} r={3.5} fill={stroke} />;
}

export function ReportChart({
  series,
  timeZone,
  isPending,
}: {
  series: readonly ReportSeriesPoint[] | undefined;
  timeZone: string;
  isPending: boolean;
}) {
  const points = useMemo(() => toChartPoints(series ?? [], timeZone), [series, timeZone]);
  const shape = useMemo(() => chartShape(points), [points]);
  const line = shape.sparse ? { dot: markNonZero, strokeOpacity: 0 } : { dot: false as const };

  return (
    <Card className="gap-2 py-4">
      <CardHeader className="flex flex-wrap items-baseline justify-between gap-2 px-4">
        <CardTitle className="text-base">Performance over time</CardTitle>
        <span className="text-xs text-muted-foreground">Times in {timeZone}</span>
      </CardHeader>
      <CardContent className="px-2 sm:px-4">
        <div className="h-72 w-full">
          {isPending ? (
            <div className="flex h-full items-center justify-center">
              <Spinner label="Loading chart" />
            </div>
          ) : points.length === 0 ? (
            <div className="flex h-full items-center justify-center text-sm text-muted-foreground">No data for the selected range</div>
          ) : (
            <ResponsiveContainer width="100%" height="100%">
              <ComposedChart data={points} margin={{ top: 8, right: 4, bottom: 0, left: 4 }}>
                <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="var(--border)" />
                <XAxis dataKey="label" tickLine={false} axisLine={false} fontSize={12} minTickGap={16} />
                <YAxis
                  yAxisId="count"
                  tickLine={false}
                  axisLine={false}
                  fontSize={12}
                  width={44}
                  allowDecimals={false}
                  domain={[shape.countMin, 'auto']}
                  tickFormatter={(v: number) => compactCount.format(v)}
                />
                <YAxis
                  yAxisId="money"
                  orientation="right"
                  tickLine={false}
                  axisLine={false}
                  fontSize={12}
                  width={56}
                  domain={[shape.moneyMin, 'auto']}
                  tickFormatter={(v: number) => formatCompactMoney(v)}
                />
                <Tooltip
                  contentStyle={{ borderRadius: 8, fontSize: 12 }}
                  labelFormatter={(label, payload) => (payload[0]?.payload as ChartPoint | undefined)?.title ?? String(label)}
                  formatter={(value, name) => {
                    const n = typeof value === 'number' ? value : Number(value);
                    return [MONEY_SERIES.has(String(name)) ? formatMoney(n) : formatCount(n), name];
                  }}
                />
                <Legend wrapperStyle={{ fontSize: 12 }} />
                <Bar yAxisId="count" dataKey="visits" name="Visits" fill="#cbd5e1" radius={[3, 3, 0, 0]} maxBarSize={40} isAnimationActive={false} />
                <Line yAxisId="count" dataKey="conversions" name="Conversions" stroke="#8b5cf6" strokeWidth={2} {...line} type="monotone" isAnimationActive={false} />
                <Line yAxisId="money" dataKey="revenue" name="Revenue" stroke="#2563eb" strokeWidth={2} {...line} type="monotone" isAnimationActive={false} />
                <Line yAxisId="money" dataKey="spend" name="Spend" stroke="#f97316" strokeWidth={2} {...line} type="monotone" isAnimationActive={false} />
                <Line yAxisId="money" dataKey="profit" name="Profit" stroke="#16a34a" strokeWidth={2} {...line} type="monotone" isAnimationActive={false} />
              </ComposedChart>
            </ResponsiveContainer>
          )}
        </div>
      </CardContent>
    </Card>
  );
}
