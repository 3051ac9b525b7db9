// Currency (setting `currency`, ISO 4217, default USD) and the reference rates behind conversions
// (docs/currencies.md): the ECB's daily euro rates of the last two weeks for one currency, which day and source
// each is, and a form to enter a manual rate for a day, which wins over the ECB's for that day.
import { zodResolver } from '@hookform/resolvers/zod';
import { CURRENCY_CODES, DEFAULT_CURRENCY, fxRateParamsSchema, rateSchema, type CurrencyCode } from '@tracker/schemas';
import { format } from 'date-fns';
import { useId, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { errorMessage } from '../../lib/api';
import { toastValidationError } from '../../lib/failure-toast';
import { Badge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/Card';
import { FieldError } from '../../ui/FieldError';
import { Input } from '../../ui/Input';
import { Label } from '../../ui/Label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../ui/Select';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../ui/Table';
import { useEnterManualRate, useFxRates, useRemoveManualRate } from './fx-rate-queries';
import { useSaveSettings } from './queries';

/** The days of rates the card lists: two weeks covers any ECB gap (Easter's is five days) with room to spare. */
const LISTED_DAYS = 14;

const names = new Intl.DisplayNames(['en'], { type: 'currency' });
const currencyName = (code: string) => names.of(code) ?? code;
const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

const manualRateFormSchema = z.object({
  day: fxRateParamsSchema.shape.date,
  currency: fxRateParamsSchema.shape.currency,
  rate: rateSchema,
});

export function CurrencyCard({ stored }: { stored: string | null }) {
  const saveSettings = useSaveSettings();
  const [currency, setCurrency] = useState(stored ?? DEFAULT_CURRENCY);
  // EUR's rate is always 1: show the dollar's against it then.
  const [shown, setShown] = useState(currency === 'EUR' ? 'USD' : currency);
  const ids = { currency: useId(), shown: useId(), day: useId(), rateCurrency: useId(), rate: useId(), dayError: useId(), currencyError: useId(), rateError: useId() };
  const range = useMemo(() => ({ startDate: utcDay(Date.now() - (LISTED_DAYS - 1) * 86_400_000), endDate: utcDay(Date.now()) }), []);
  const rates = useFxRates(range);
  const enter = useEnterManualRate();
  const remove = useRemoveManualRate();
  const rows = rates.data?.rates.filter((r) => r.currency === shown) ?? [];

  const onCurrency = (next: string) => {
    const previous = currency;
    setCurrency(next);
    if (next !== 'EUR') setShown(next);
    saveSettings.mutate([{ key: 'currency', value: next }], { onError: () => setCurrency(previous) });
  };

  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm({ resolver: zodResolver(manualRateFormSchema), defaultValues: { day: utcDay(Date.now()), currency: shown, rate: '' } });
  const onEnter = handleSubmit((values) => {
    enter.mutate(values, {
      onSuccess: (row) => {
        setShown(row.currency);
        reset({ day: values.day, currency: row.currency, rate: '' });
      },
    });
  }, toastValidationError);

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Currency</h2>
        </CardTitle>
        <CardDescription>
          The workspace currency, and the European Central Bank&apos;s daily reference rates the workers fetch (1 EUR in each currency). A day
          without a publication uses the last one before it; a rate entered here wins over the ECB&apos;s for its day. TikTok spend is converted at the rate
          of its own day; offer payouts are not converted yet: they count as recorded.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        <div className="grid max-w-xs gap-2">
          <Label htmlFor={ids.currency}>Workspace currency</Label>
          <Select value={currency} onValueChange={onCurrency} disabled={saveSettings.isPending}>
            <SelectTrigger id={ids.currency}>
              <SelectValue />
            </SelectTrigger>
            <CurrencyOptions codes={CURRENCY_CODES} />
          </Select>
        </div>

        <div className="grid gap-2">
          <div className="flex flex-wrap items-end justify-between gap-2">
            <div className="grid gap-1.5">
              <Label htmlFor={ids.shown}>Reference rates of</Label>
              <Select value={shown} onValueChange={setShown}>
                <SelectTrigger id={ids.shown} className="w-48">
                  <SelectValue />
                </SelectTrigger>
                <CurrencyOptions codes={CURRENCY_CODES.filter((code) => code !== 'EUR')} />
              </Select>
            </div>
            <p className="text-xs text-muted-foreground" aria-label="Newest ECB rates">
              {rates.data ? (rates.data.latestEcbDay ? `Newest ECB rates: ${rates.data.latestEcbDay}` : 'No ECB rates fetched yet') : ''}
            </p>
          </div>
          {rates.isPending ? (
            <p className="text-sm text-muted-foreground">Loading rates...</p>
          ) : rates.isError ? (
            <p className="text-sm text-destructive">Could not load the rates: {errorMessage(rates.error)}</p>
          ) : (
            <Table aria-label={`Reference rates of ${shown}`}>
              <TableHeader>
                <TableRow>
                  <TableHead>Day</TableHead>
                  <TableHead className="text-right">1 EUR =</TableHead>
                  <TableHead>Source</TableHead>
                  <TableHead>
                    <span className="sr-only">Actions</span>
                  </TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {rows.length === 0 ? (
                  <TableRow>
                    <TableCell colSpan={4} className="text-muted-foreground">
                      No rates of {shown} in the last {LISTED_DAYS} days.
                    </TableCell>
                  </TableRow>
                ) : (
                  rows.map((row) => (
                    <TableRow key={`${row.day} ${row.currency}`}>
                      <TableCell className="tabular-nums">{row.day}</TableCell>
                      <TableCell className="text-right tabular-nums">
                        {row.rate} {row.currency}
                      </TableCell>
                      <TableCell>
                        {row.source === 'ecb' ? (
                          <Badge variant="secondary">ECB</Badge>
                        ) : (
                          <span className="flex flex-wrap items-center gap-2">
                            <Badge variant="outline">Manual</Badge>
                            <span className="text-xs text-muted-foreground">
                              by {row.enteredBy ?? 'a deleted user'}, {format(new Date(row.enteredAt), 'yyyy-MM-dd HH:mm')}
                              {row.ecbRate ? ` (ECB: ${row.ecbRate})` : ''}
                            </span>
                          </span>
                        )}
                      </TableCell>
                      <TableCell className="text-right">
                        {row.source === 'manual' && (
                          <Button
                            type="button"
                            variant="ghost"
                            size="sm"
                            disabled={remove.isPending}
                            onClick={() => remove.mutate({ day: row.day, currency: row.currency })}
                            aria-label={`Remove the manual rate of ${row.currency} for ${row.day}`}
                          >
                            Remove
                          </Button>
                        )}
                      </TableCell>
                    </TableRow>
                  ))
                )}
              </TableBody>
            </Table>
          )}
        </div>

        <form className="grid gap-2" noValidate onSubmit={onEnter} aria-label="Enter a rate">
          <p className="text-sm font-medium">Enter a rate</p>
          <div className="grid gap-3 sm:grid-cols-[auto_8rem_1fr_auto] sm:items-end">
            <div className="grid gap-1.5">
              <Label htmlFor={ids.day}>Day</Label>
              <Input id={ids.day} type="date" max={utcDay(Date.now())} aria-invalid={errors.day ? true : undefined} aria-describedby={ids.dayError} {...register('day')} />
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor={ids.rateCurrency}>Currency</Label>
              <Input
                id={ids.rateCurrency}
                maxLength={3}
                className="uppercase"
                aria-invalid={errors.currency ? true : undefined}
                aria-describedby={ids.currencyError}
                {...register('currency')}
              />
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor={ids.rate}>1 EUR =</Label>
              <Input id={ids.rate} inputMode="decimal" placeholder="1.0823" aria-invalid={errors.rate ? true : undefined} aria-describedby={ids.rateError} {...register('rate')} />
            </div>
            <Button type="submit" disabled={enter.isPending}>
              {enter.isPending ? 'Saving...' : 'Save rate'}
            </Button>
          </div>
          <FieldError id={ids.dayError} error={errors.day} />
          <FieldError id={ids.currencyError} error={errors.currency} />
          <FieldError id={ids.rateError} error={errors.rate} />
        </form>
      </CardContent>
    </Card>
  );
}

/** A currency list for a Select: 'EUR · Euro'. */
function CurrencyOptions({ codes }: { codes: readonly CurrencyCode[] }) {
  return (
    <SelectContent className="max-h-72">
      {codes.map((code) => (
        <SelectItem key={code} value={code}>
          {code} · {currencyName(code)}
        </SelectItem>
      ))}
    </SelectContent>
  );
}
