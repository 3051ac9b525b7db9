// The 'Create New Offer' and 'Edit Offer' dialog: Offer Name, Offer URL, UTM Template (3 rows, the
// default template for a new offer), Default payout (optional: what a postback without a payout pays) and Daily cap
// (optional: approved conversions a report day before the offer leaves every rotation until the day turns).
// Checked with the shared schema; a failure toasts 'Validation error'.
// Below the template, the final offer URL for a sample click, or why the template cannot be saved.
import { zodResolver } from '@hookform/resolvers/zod';
import { CURRENCY_CODES, DEFAULT_UTM_TEMPLATE, offerCreateSchema, offerUpdateSchema, type OfferCreateBody, type OfferUpdateBody } from '@tracker/schemas';
import { useEffect, useId } from 'react';
import { Controller, useForm, useWatch, type Control } from 'react-hook-form';
import { toastValidationError } from '../../lib/failure-toast';
import { shownCurrency } from '../../lib/format';
import { Button } from '../../ui/Button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../ui/Dialog';
import { FieldError } from '../../ui/FieldError';
import { Input } from '../../ui/Input';
import { Label } from '../../ui/Label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../ui/Select';
import { Textarea } from '../../ui/Textarea';
import { TextField } from '../../ui/TextField';
import { CurrencyRate } from '../settings/CurrencyRate';
import { useLatestRates } from '../settings/fx-rate-queries';
import { useCreateOffer, useUpdateOffer, type Offer } from './queries';
import { previewOfferUrl } from './utm-preview-url';
import { UtmTokenHelp } from './UtmTokenHelp';

// The select's value for "no currency of its own" (a Radix select item cannot have the empty value).
const WORKSPACE_CURRENCY = 'workspace';

// The create and update bodies share one input shape, so one form serves both modes.
type OfferFormValues = OfferCreateBody;

const NEW_OFFER = { name: '', url: '', utmTemplate: DEFAULT_UTM_TEMPLATE, payout: '', payoutCurrency: null, dailyCap: null } satisfies OfferFormValues;

/** `offer` null: create mode. */
export function OfferDialog({ open, onOpenChange, offer }: { open: boolean; onOpenChange: (open: boolean) => void; offer: Offer | null }) {
  const createOffer = useCreateOffer();
  const updateOffer = useUpdateOffer();
  const {
    register,
    handleSubmit,
    reset,
    control,
    formState: { errors },
  } = useForm<OfferFormValues, unknown, OfferUpdateBody>({ resolver: zodResolver(offer ? offerUpdateSchema : offerCreateSchema), defaultValues: NEW_OFFER });
  const ids = { utm: useId(), help: useId(), preview: useId(), utmError: useId(), payout: useId(), payoutCurrency: useId(), payoutHelp: useId(), payoutError: useId(), cap: useId(), capHelp: useId(), capError: useId() };
  const pending = createOffer.isPending || updateOffer.isPending;

  // Each opening starts from the offer being edited, or from the defaults.
  useEffect(() => {
    if (open) reset(offer ? { name: offer.name, url: offer.url, utmTemplate: offer.utmTemplate, payout: offer.payout ?? '', payoutCurrency: offer.payoutCurrency, dailyCap: offer.dailyCap } : NEW_OFFER);
  }, [open, offer, reset]);

  const onSubmit = handleSubmit((body) => {
    const close = { onSuccess: () => onOpenChange(false) };
    if (offer) updateOffer.mutate({ id: offer.id, body }, close);
    else createOffer.mutate(body, close);
  }, toastValidationError);

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{offer ? 'Edit Offer' : 'Create New Offer'}</DialogTitle>
          <DialogDescription>
            {offer ? 'Change the offer and its UTM tracking parameters.' : 'Add an affiliate offer and the UTM parameters appended to it.'}
          </DialogDescription>
        </DialogHeader>
        <form className="grid gap-4" onSubmit={onSubmit} noValidate aria-label={offer ? 'Edit Offer' : 'Create New Offer'}>
          <TextField
            label="Offer Name"
            autoComplete="off"
            error={errors.name}
            {...register('name')}
          />
          <TextField
            label="Offer URL"
            type="url"
            placeholder="https://offer.example.com/path"
            autoComplete="off"
            error={errors.url}
            {...register('url')}
          />
          <div className="grid gap-2">
            <Label htmlFor={ids.utm}>UTM Template</Label>
            <Textarea
              id={ids.utm}
              rows={3}
              className="font-mono text-xs md:text-xs"
              aria-invalid={errors.utmTemplate ? true : undefined}
              aria-describedby={`${ids.help} ${ids.preview}${errors.utmTemplate ? ` ${ids.utmError}` : ''}`}
              {...register('utmTemplate')}
            />
            <FieldError id={ids.utmError} error={errors.utmTemplate} />
            <UtmTokenHelp id={ids.help} />
          </div>
          <FinalUrlPreview id={ids.preview} control={control} />
          <div className="grid gap-2">
            <div className="grid grid-cols-[1fr_12rem] gap-2">
              <Label htmlFor={ids.payout}>Default payout</Label>
              <Label htmlFor={ids.payoutCurrency}>Payout currency</Label>
              <Input
                id={ids.payout}
                inputMode="decimal"
                placeholder="None"
                autoComplete="off"
                aria-invalid={errors.payout ? true : undefined}
                aria-describedby={`${ids.payoutHelp}${errors.payout ? ` ${ids.payoutError}` : ''}`}
                {...register('payout')}
              />
              <Controller
                control={control}
                name="payoutCurrency"
                render={({ field }) => (
                  <Select value={typeof field.value === 'string' && field.value !== '' ? field.value : WORKSPACE_CURRENCY} onValueChange={(v) => field.onChange(v === WORKSPACE_CURRENCY ? null : v)}>
                    <SelectTrigger id={ids.payoutCurrency} aria-describedby={ids.payoutHelp} onBlur={field.onBlur}>
                      <SelectValue />
                    </SelectTrigger>
                    <SelectContent className="max-h-72">
                      <SelectItem value={WORKSPACE_CURRENCY}>Workspace currency</SelectItem>
                      {CURRENCY_CODES.map((code) => (
                        <SelectItem key={code} value={code}>
                          {code}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                )}
              />
            </div>
            <FieldError id={ids.payoutError} error={errors.payout} />
            <PayoutCurrencyRate control={control} />
            <p id={ids.payoutHelp} className="text-xs text-muted-foreground">
              Paid for a conversion whose postback sends no payout, e.g. 12.50. Left empty, such a postback is refused. The currency is the one the
              network pays this offer in (its postback payouts and this default). Payouts in another currency are converted into the workspace
              currency ({shownCurrency()}) at the reference rate of the conversion&apos;s UTC day; until that day&apos;s rate is published the
              conversion waits and reports leave it out.
            </p>
          </div>
          <div className="grid gap-2">
            <Label htmlFor={ids.cap}>Daily cap</Label>
            <Input
              id={ids.cap}
              inputMode="numeric"
              placeholder="No cap"
              autoComplete="off"
              aria-invalid={errors.dailyCap ? true : undefined}
              aria-describedby={`${ids.capHelp}${errors.dailyCap ? ` ${ids.capError}` : ''}`}
              {...register('dailyCap', { setValueAs: (v: unknown) => (v === '' || v === null || v === undefined ? null : Number(v)) })}
            />
            <FieldError id={ids.capError} error={errors.dailyCap} />
            <p id={ids.capHelp} className="text-xs text-muted-foreground">
              Approved conversions a report day. At the cap the offer leaves every campaign's rotation until the day turns; a path with no offer left sends
              clicks to its fallback offer or the fallback URL.
            </p>
          </div>
          <DialogFooter>
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={pending}>
              {offer ? (pending ? 'Saving...' : 'Save Changes') : pending ? 'Creating...' : 'Create Offer'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** Re-renders alone as the URL or template is typed, so the rest of the form stays still. */
function FinalUrlPreview({ id, control }: { id: string; control: Control<OfferFormValues, unknown, OfferUpdateBody> }) {
  const [url, utmTemplate] = useWatch({ control, name: ['url', 'utmTemplate'] });
  const preview = previewOfferUrl(url ?? '', utmTemplate ?? '');
  return (
    <section id={id} aria-label="Final URL preview" aria-live="polite" className="grid min-w-0 gap-1.5 rounded-md border bg-muted/40 p-3">
      <h3 className="text-xs font-medium">Final URL for a sample click</h3>
      {preview.kind === 'url' ? (
        <code className="font-mono text-xs break-all text-foreground">{preview.url}</code>
      ) : (
        <p className={preview.kind === 'problem' ? 'text-xs text-destructive' : 'text-xs text-muted-foreground'}>{preview.message}</p>
      )}
    </section>
  );
}

/** The chosen payout currency's latest rate in the workspace currency, under the select; nothing for the workspace currency. */
function PayoutCurrencyRate({ control }: { control: Control<OfferFormValues, unknown, OfferUpdateBody> }) {
  const chosen = useWatch({ control, name: 'payoutCurrency' });
  const currency = typeof chosen === 'string' && chosen !== '' && chosen !== shownCurrency() ? chosen : null;
  const { rates, loaded } = useLatestRates(currency ? [currency] : []);
  if (!currency || !loaded) return null;
  const rate = rates.get(currency) ?? null;
  return rate ? (
    <CurrencyRate currency={currency} rate={rate} testId="offer-dialog-rate" />
  ) : (
    <span className="text-xs text-muted-foreground" data-testid="offer-dialog-rate">
      {currency} · no reference rate in the last 7 days yet
    </span>
  );
}
