// A domain's status as a badge (spec §4): each state in words, with a spinner while a job works on
// it; a status this screen does not know shows as Failed.
import { Loader2 } from 'lucide-react';
import type { ComponentProps } from 'react';
import { Badge } from '../../ui/Badge';
import type { DomainStatus } from './queries';

type Variant = NonNullable<ComponentProps<typeof Badge>['variant']>;

const LOOKS: Record<DomainStatus, { label: string; variant: Variant; busy?: boolean }> = {
  pending: { label: 'Pending', variant: 'secondary', busy: true },
  purchasing: { label: 'Purchasing', variant: 'secondary', busy: true },
  purchased: { label: 'Purchased', variant: 'outline' },
  configuring_dns: { label: 'Configuring DNS', variant: 'secondary', busy: true },
  active: { label: 'Active', variant: 'success' },
  dns_failed: { label: 'DNS Failed', variant: 'destructive' },
  failed: { label: 'Failed', variant: 'destructive' },
};

export function domainStatusLabel(status: string): string {
  return (LOOKS[status as DomainStatus] ?? LOOKS.failed).label;
}

export function DomainStatusBadge({ status }: { status: string }) {
  const look = LOOKS[status as DomainStatus] ?? LOOKS.failed;
  return (
    <Badge variant={look.variant}>
      {look.busy && <Loader2 className="animate-spin" aria-hidden="true" />}
      {look.label}
    </Badge>
  );
}
