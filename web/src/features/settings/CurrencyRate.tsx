// A currency as the account and offer screens show it: the code and, when it is not the workspace currency,
// its rate in the workspace currency (currency-rate.ts). One piece for the TikTok account card (the rate its
// spend was last converted at) and the offer screens (the latest reference rate).
import { cn } from '../../lib/cn';
import { rateNote, type RateOfCurrency } from './currency-rate';

export function CurrencyRate({ currency, rate, className, testId }: { currency: string; rate: RateOfCurrency | null; className?: string; testId?: string }) {
  const note = rateNote(currency, rate);
  return (
    <span className={cn('text-xs text-muted-foreground', className)} data-testid={testId}>
      {currency}
      {note && ` · ${note}`}
    </span>
  );
}
