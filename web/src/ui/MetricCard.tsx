// A summary card: a label with an icon, one big figure and a line of detail below it
// (the Stats, Offers and Click Log screens' cards).
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../lib/cn';
import { Card, CardContent } from './Card';

export function MetricCard({
  label,
  value,
  detail,
  icon: Icon,
  valueClassName,
}: {
  label: string;
  value: ReactNode;
  detail?: ReactNode;
  icon?: LucideIcon;
  valueClassName?: string;
}) {
  return (
    <Card className="gap-2 py-4">
      <CardContent className="space-y-1 px-4">
        <div className="flex items-center justify-between gap-2 text-sm font-medium text-muted-foreground">
          <span>{label}</span>
          {Icon && <Icon className="size-4 shrink-0" aria-hidden="true" />}
        </div>
        <div className={cn('truncate text-2xl font-semibold tabular-nums', valueClassName)}>{value}</div>
        {detail && <div className="truncate text-xs text-muted-foreground">{detail}</div>}
      </CardContent>
    </Card>
  );
}
