// The create / edit campaign dialog (spec §2, §5): a name and a lander (required); offer, domain
// (active ones with a subdomain), spark and TikTok pixel optional; the TikTok event only with a pixel.
// A new campaign omits what is not chosen; an edit sends null to clear it.
import { zodResolver } from '@hookform/resolvers/zod';
import {
  campaignCreateSchema,
  campaignUpdateSchema,
  DEFAULT_TIKTOK_EVENT,
  TIKTOK_EVENTS,
  type CampaignCreateBody,
  type CampaignUpdateBody,
  type TiktokEventName,
} from '@tracker/schemas';
import { useEffect, useId, type ReactNode } from 'react';
import { Controller, useForm, type Control } from 'react-hook-form';
import { z } from 'zod';
import { toastValidationError } from '../../lib/failure-toast';
import { Button } from '../../ui/Button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../ui/Dialog';
import { Label } from '../../ui/Label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../ui/Select';
import { Switch } from '../../ui/Switch';
import { TextField } from '../../ui/TextField';
import { domainHost, isUsableDomain, useDomainsOrNone } from '../domains/queries';
import { useLanders } from '../landers/queries';
import { useOffers } from '../offers/queries';
import { useSparks } from '../sparks/queries';
import { usePixels } from '../tiktok-pixels/queries';
import { useCreateCampaign, useUpdateCampaign, type Campaign } from './queries';

/** Radix Select cannot hold '', so an unchosen option is this. */
const NONE = 'none';

interface CampaignFormValues {
  name: string;
  landerId: string;
  offerId: string;
  domainId: string;
  sparkId: string;
  tiktokPixelId: string;
  defaultTiktokEvent: TiktokEventName;
  bhToggle: boolean;
}

const NEW_CAMPAIGN: CampaignFormValues = {
  name: '',
  landerId: NONE,
  offerId: NONE,
  domainId: NONE,
  sparkId: NONE,
  tiktokPixelId: NONE,
  defaultTiktokEvent: DEFAULT_TIKTOK_EVENT,
  bhToggle: false,
};

const choice = (id: number | null | undefined) => (id == null ? NONE : String(id));
const idOf = (value: string) => (value === NONE ? null : Number(value));

type CampaignFormOutput = z.output<typeof createFormSchema> | z.output<typeof updateFormSchema>;

function valuesOf(campaign: Campaign): CampaignFormValues {
  return {
    name: campaign.name,
    landerId: choice(campaign.landerId),
    offerId: choice(campaign.offerId),
    domainId: choice(campaign.domainId),
    sparkId: choice(campaign.sparkId),
    tiktokPixelId: choice(campaign.tiktokPixelId),
    defaultTiktokEvent: campaign.defaultTiktokEvent ?? DEFAULT_TIKTOK_EVENT,
    bhToggle: campaign.bhToggle,
  };
}

function createBody(values: CampaignFormValues): CampaignCreateBody {
  const body: CampaignCreateBody = { name: values.name, bhToggle: values.bhToggle };
  const landerId = idOf(values.landerId);
  const offerId = idOf(values.offerId);
  const domainId = idOf(values.domainId);
  const sparkId = idOf(values.sparkId);
  const tiktokPixelId = idOf(values.tiktokPixelId);
  if (landerId !== null) body.landerId = landerId;
  if (offerId !== null) body.offerId = offerId;
  if (domainId !== null) body.domainId = domainId;
  if (sparkId !== null) body.sparkId = sparkId;
  if (tiktokPixelId !== null) {
    body.tiktokPixelId = tiktokPixelId;
    body.defaultTiktokEvent = values.defaultTiktokEvent;
  }
  return body;
}

function updateBody(values: CampaignFormValues): CampaignUpdateBody {
  const tiktokPixelId = idOf(values.tiktokPixelId);
  return {
    name: values.name,
    landerId: idOf(values.landerId),
    offerId: idOf(values.offerId),
    domainId: idOf(values.domainId),
    sparkId: idOf(values.sparkId),
    tiktokPixelId,
    ...(tiktokPixelId !== null && { defaultTiktokEvent: values.defaultTiktokEvent }),
    bhToggle: values.bhToggle,
  };
}

// The form's selects hold strings; each mode maps them to its request body, which the shared schema then
// checks, and tags the body with the request it is for.
const campaignFormSchema = z.object({
  name: z.string(),
  landerId: z.string(),
  offerId: z.string(),
  domainId: z.string(),
  sparkId: z.string(),
  tiktokPixelId: z.string(),
  defaultTiktokEvent: z.enum(TIKTOK_EVENTS),
  bhToggle: z.boolean(),
});
const createFormSchema = campaignFormSchema
  .transform(createBody)
  .pipe(campaignCreateSchema)
  .transform((create) => ({ create }));
const updateFormSchema = campaignFormSchema
  .transform(updateBody)
  .pipe(campaignUpdateSchema)
  .transform((update) => ({ update }));

function SelectField({
  control,
  name,
  label,
  placeholder,
  noneLabel,
  options,
  hint,
}: {
  control: Control<CampaignFormValues, unknown, CampaignFormOutput>;
  name: 'landerId' | 'offerId' | 'domainId' | 'sparkId' | 'tiktokPixelId' | 'defaultTiktokEvent';
  label: string;
  placeholder: string;
  /** The label of the "nothing chosen" item; absent for a required choice. */
  noneLabel?: string;
  options: { value: string; label: string }[];
  hint?: ReactNode;
}) {
  const id = useId();
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Controller
        control={control}
        name={name}
        render={({ field }) => (
          <Select value={field.value === NONE && !noneLabel ? '' : field.value} onValueChange={field.onChange}>
            <SelectTrigger id={id} onBlur={field.onBlur}>
              <SelectValue placeholder={placeholder} />
            </SelectTrigger>
            <SelectContent>
              {noneLabel && <SelectItem value={NONE}>{noneLabel}</SelectItem>}
              {options.map((option) => (
                <SelectItem key={option.value} value={option.value}>
                  {option.label}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        )}
      />
      {hint && <p className="text-xs text-muted-foreground">{hint}</p>}
    </div>
  );
}

/** `campaign` null: create mode. */
export function CampaignDialog({
  open,
  onOpenChange,
  campaign,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  campaign: Campaign | null;
}) {
  const createCampaign = useCreateCampaign();
  const updateCampaign = useUpdateCampaign();
  const landers = useLanders({ enabled: open });
  const offers = useOffers({ enabled: open });
  const domains = useDomainsOrNone({ enabled: open });
  const sparks = useSparks({ enabled: open });
  const pixels = usePixels({ enabled: open });
  const {
    register,
    control,
    handleSubmit,
    reset,
    watch,
    formState: { errors },
  } = useForm<CampaignFormValues, unknown, CampaignFormOutput>({
    resolver: zodResolver(campaign ? updateFormSchema : createFormSchema),
    defaultValues: NEW_CAMPAIGN,
  });
  const ids = { bh: useId() };
  const pending = createCampaign.isPending || updateCampaign.isPending;
  const hasPixel = watch('tiktokPixelId') !== NONE;

  useEffect(() => {
    if (open) reset(campaign ? valuesOf(campaign) : NEW_CAMPAIGN);
  }, [open, campaign, reset]);

  const onSubmit = handleSubmit((output) => {
    const close = { onSuccess: () => onOpenChange(false) };
    if ('update' in output) {
      if (campaign) updateCampaign.mutate({ id: campaign.id, body: output.update }, close);
    } else {
      createCampaign.mutate(output.create, close);
    }
  }, toastValidationError);

  // Only active domains with a subdomain can route traffic; a campaign's current one stays listed.
  const domainOptions = (domains.data ?? [])
    .filter((domain) => isUsableDomain(domain) || domain.id === campaign?.domainId)
    .map((domain) => ({ value: String(domain.id), label: domainHost(domain) }));

  const title = campaign ? 'Edit Campaign' : 'Create Campaign';
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>A campaign sends its tracking link's visitors to a lander, and exits on to its offer.</DialogDescription>
        </DialogHeader>
        <form className="grid gap-4" onSubmit={onSubmit} noValidate aria-label={title}>
          <TextField
            label="Campaign Name"
            autoComplete="off"
            error={errors.name}
            {...register('name')}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <SelectField
              control={control}
              name="landerId"
              label="Lander"
              placeholder={landers.isPending ? 'Loading landers...' : 'Select a lander'}
              options={(landers.data ?? []).map((lander) => ({ value: String(lander.id), label: lander.name }))}
              hint={landers.data?.length === 0 ? 'Add a lander on the Landers screen first.' : undefined}
            />
            <SelectField
              control={control}
              name="offerId"
              label="Offer (optional)"
              placeholder="No offer"
              noneLabel="No offer"
              options={(offers.data ?? []).map((offer) => ({ value: String(offer.id), label: offer.name }))}
            />
            <SelectField
              control={control}
              name="domainId"
              label="Domain (optional)"
              placeholder="No custom domain"
              noneLabel="No custom domain"
              options={domainOptions}
              hint={domainOptions.length === 0 ? 'No active domains with a subdomain yet.' : undefined}
            />
            <SelectField
              control={control}
              name="sparkId"
              label="Spark (optional)"
              placeholder="No spark"
              noneLabel="No spark"
              options={(sparks.data ?? []).map((spark) => ({ value: String(spark.id), label: spark.name }))}
            />
            <SelectField
              control={control}
              name="tiktokPixelId"
              label="TikTok Pixel (optional)"
              placeholder="No pixel"
              noneLabel="No pixel"
              options={(pixels.data ?? []).map((pixel) => ({ value: String(pixel.id), label: `${pixel.name} (${pixel.pixelId})` }))}
            />
            {hasPixel && (
              <SelectField
                control={control}
                name="defaultTiktokEvent"
                label="TikTok Event"
                placeholder="Select an event"
                options={TIKTOK_EVENTS.map((event) => ({ value: event, label: event }))}
                hint="Sent to the pixel when a conversion arrives."
              />
            )}
          </div>
          <div className="flex items-center gap-3">
            <Controller
              control={control}
              name="bhToggle"
              render={({ field }) => <Switch id={ids.bh} checked={field.value} onCheckedChange={field.onChange} />}
            />
            <Label htmlFor={ids.bh}>BH</Label>
          </div>
          <DialogFooter>
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={pending}>
              {campaign ? (pending ? 'Saving...' : 'Save Changes') : pending ? 'Creating...' : 'Create Campaign'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
