// The 'Create New Offer' and 'Edit Offer' dialog: Offer Name, Offer URL and UTM Template (3 rows,
// the default template for a new offer). Checked with the shared schema; a failure toasts 'Validation error'.
import { DEFAULT_UTM_TEMPLATE, offerCreateSchema, offerUpdateSchema } from '@tracker/schemas';
import { useEffect, useId } from 'react';
import { useForm } from 'react-hook-form';
import { parseOrToast } from '../../lib/failure-toast';
import { Button } from '../../ui/Button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../ui/Dialog';
import { Input } from '../../ui/Input';
import { Label } from '../../ui/Label';
import { Textarea } from '../../ui/Textarea';
import { useCreateOffer, useUpdateOffer, type Offer } from './queries';
import { UtmTokenHelp } from './UtmTokenHelp';

interface OfferFormValues {
  name: string;
  url: string;
  utmTemplate: string;
}

const NEW_OFFER: OfferFormValues = { name: '', url: '', utmTemplate: DEFAULT_UTM_TEMPLATE };

/** `offer` null: create mode. */
export function OfferDialog({ open, onOpenChange, offer }: { open: boolean; onOpenChange: (open: boolean) => void; offer: Offer | null }) {
  const createOffer = useCreateOffer();
  const updateOffer = useUpdateOffer();
  const { register, handleSubmit, reset } = useForm<OfferFormValues>({ defaultValues: NEW_OFFER });
  const ids = { name: useId(), url: useId(), utm: useId(), help: useId() };
  const pending = createOffer.isPending || updateOffer.isPending;

  // Each opening starts from the offer being edited, or from the defaults.
  useEffect(() => {
    if (open) reset(offer ? { name: offer.name, url: offer.url, utmTemplate: offer.utmTemplate } : NEW_OFFER);
  }, [open, offer, reset]);

  const onSubmit = handleSubmit((values) => {
    const close = { onSuccess: () => onOpenChange(false) };
    if (offer) {
      const body = parseOrToast(offerUpdateSchema, values);
      if (body) updateOffer.mutate({ id: offer.id, body }, close);
    } else {
      const body = parseOrToast(offerCreateSchema, values);
      if (body) createOffer.mutate(body, close);
    }
  });

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
          <div className="grid gap-2">
            <Label htmlFor={ids.name}>Offer Name</Label>
            <Input id={ids.name} autoComplete="off" {...register('name')} />
          </div>
          <div className="grid gap-2">
            <Label htmlFor={ids.url}>Offer URL</Label>
            <Input id={ids.url} type="url" placeholder="https://offer.example.com/path" autoComplete="off" {...register('url')} />
          </div>
          <div className="grid gap-2">
            <Label htmlFor={ids.utm}>UTM Template</Label>
            <Textarea id={ids.utm} rows={3} className="font-mono text-xs md:text-xs" aria-describedby={ids.help} {...register('utmTemplate')} />
            <UtmTokenHelp id={ids.help} />
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
