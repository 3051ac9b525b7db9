// Search and purchase (spec §2 Domain Automation, §5): a name read by the one domain-name rule before it
// is sent ('MyTrack.XYZ' is mytrack.xyz), the registrar's answer with its price (Premium Price when
// premium), and a Purchase button once it is available. A name in Your Domains (just bought, or bought
// before) shows its live status and a way to its row instead of a second Purchase.
import { zodResolver } from '@hookform/resolvers/zod';
import { readDomainName } from '@tracker/schemas';
import { ArrowDown, CheckCircle2, Search, ShoppingCart } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { errorMessage } from '../../lib/api';
import { formatMoney } from '../../lib/format';
import { REGISTRAR_CURRENCY } from './registrar-currency';
import { Button } from '../../ui/Button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/Card';
import { TextField } from '../../ui/TextField';
import { useCheckDomain, useDomainList, usePurchaseDomain } from './domain-actions';
import { DomainStatusBadge } from './DomainStatusBadge';
import type { DomainStatus } from './queries';
import { domainRowId, searchPanel, type CheckedName } from './search-result';

// The search field checks the format only; the server adds the .xyz rule and says so.
const searchSchema = z.object({
  domain: z.string().transform((value, ctx) => {
    const read = readDomainName(value);
    if (read.problem !== null) {
      ctx.addIssue({ code: 'custom', message: read.problem });
      return z.NEVER;
    }
    return read.domain;
  }),
});

function showRow(id: number) {
  const row = document.getElementById(domainRowId(id));
  row?.scrollIntoView({ behavior: 'smooth', block: 'center' });
}

export function DomainSearchCard() {
  const [checked, setChecked] = useState<CheckedName | null>(null);
  const [purchased, setPurchased] = useState<{ id: number; status: DomainStatus } | undefined>();
  const [purchaseError, setPurchaseError] = useState<string | null>(null);
  const check = useCheckDomain();
  const purchase = usePurchaseDomain();
  const domains = useDomainList();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: zodResolver(searchSchema), defaultValues: { domain: '' } });

  const forget = () => {
    setChecked(null);
    setPurchased(undefined);
    setPurchaseError(null);
  };
  // A name that fails the format rule clears the last answer too, which was about another name.
  const onSubmit = handleSubmit(({ domain }) => {
    forget();
    check.mutate(domain, { onSuccess: (answer) => setChecked({ ...answer, domain }) });
  }, forget);

  const buy = (domain: string) => {
    setPurchaseError(null);
    purchase.mutate(domain, {
      onSuccess: (answer) => {
        if (answer.success && answer.id !== undefined) setPurchased({ id: answer.id, status: (answer.status ?? 'pending') as DomainStatus });
      },
      // The toast says it too; the panel keeps the reason beside the name (a 409: already in your domains).
      onError: (error) => setPurchaseError(errorMessage(error)),
    });
  };

  const panel = checked ? searchPanel(checked, domains.data, purchased) : null;

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Search Domain</h2>
        </CardTitle>
        <CardDescription>Only .xyz domains are currently supported.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <form className="flex flex-wrap items-start gap-2" onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Search Domain">
          <div className="w-full max-w-md">
            <TextField label="Domain name" placeholder="example.xyz" autoComplete="off" spellCheck={false} error={errors.domain} {...register('domain')} />
          </div>
          <Button type="submit" className="sm:mt-[1.375rem]" disabled={check.isPending}>
            <Search aria-hidden="true" />
            {check.isPending ? 'Checking...' : 'Check Availability'}
          </Button>
        </form>
        {panel && (
          <div
            role="status"
            aria-label="Availability"
            className={
              panel.kind === 'unavailable'
                ? 'rounded-lg border border-destructive/30 bg-destructive/5 p-4'
                : 'flex flex-wrap items-center justify-between gap-3 rounded-lg border border-emerald-200 bg-emerald-50 p-4'
            }
          >
            <div className="grid gap-1">
              {panel.kind === 'owned' ? (
                <p className="flex flex-wrap items-center gap-2 font-medium">
                  <CheckCircle2 className="size-4 text-emerald-700" aria-hidden="true" />
                  {panel.domain} is in Your Domains
                  <DomainStatusBadge status={panel.status} />
                </p>
              ) : (
                <p className="font-medium">{panel.kind === 'available' ? `${panel.domain} is available` : panel.headline}</p>
              )}
              {panel.kind !== 'owned' && panel.price !== null && (
                <p className="text-sm">
                  <span className="text-muted-foreground">{panel.premium ? 'Premium Price' : 'Price'}:</span>{' '}
                  <span className="font-semibold tabular-nums">{formatMoney(panel.price, REGISTRAR_CURRENCY)}</span>
                  <span className="text-muted-foreground"> / first year</span>
                </p>
              )}
              {panel.kind === 'unavailable' && <p className="text-sm text-muted-foreground">{panel.message}</p>}
              {panel.kind === 'owned' && <p className="text-sm text-muted-foreground">Configure its DNS from its row in Your Domains below.</p>}
              {purchaseError && <p className="text-sm [overflow-wrap:anywhere] text-destructive">{purchaseError}</p>}
            </div>
            {panel.kind === 'available' && (
              <Button disabled={purchase.isPending} onClick={() => buy(panel.domain)}>
                <ShoppingCart aria-hidden="true" />
                {purchase.isPending ? 'Purchasing...' : 'Purchase'}
              </Button>
            )}
            {panel.kind === 'owned' && (
              <Button variant="outline" onClick={() => showRow(panel.id)}>
                <ArrowDown aria-hidden="true" />
                Show in Your Domains
              </Button>
            )}
          </div>
        )}
      </CardContent>
    </Card>
  );
}
