// The Create Pixel dialog, also used for editing (spec §2, §4): Pixel Name, Pixel ID, Access Token
// (a password field) and an optional Website URL. Closing resets it; an edit with a blank token
// keeps the stored one.
import { pixelCreateSchema, pixelUpdateSchema } from '@tracker/schemas';
import { useEffect, useId } from 'react';
import { useForm } from 'react-hook-form';
import { parseOrToast } from '../../lib/failure-toast';
import { Button } from '../../ui/Button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../ui/Dialog';
import { Input } from '../../ui/Input';
import { Label } from '../../ui/Label';
import { useCreatePixel, useUpdatePixel, type TiktokPixel } from './queries';

interface PixelFormValues {
  name: string;
  pixelId: string;
  accessToken: string;
  websiteUrl: string;
}

const NEW_PIXEL: PixelFormValues = { name: '', pixelId: '', accessToken: '', websiteUrl: '' };

/** `pixel` null: create mode. */
export function PixelDialog({ open, onOpenChange, pixel }: { open: boolean; onOpenChange: (open: boolean) => void; pixel: TiktokPixel | null }) {
  const createPixel = useCreatePixel();
  const updatePixel = useUpdatePixel();
  const { register, handleSubmit, reset } = useForm<PixelFormValues>({ defaultValues: NEW_PIXEL });
  const ids = { name: useId(), pixelId: useId(), token: useId(), tokenHint: useId(), website: useId() };
  const pending = createPixel.isPending || updatePixel.isPending;

  useEffect(() => {
    if (open) {
      reset(pixel ? { name: pixel.name, pixelId: pixel.pixelId, accessToken: '', websiteUrl: pixel.websiteUrl ?? '' } : NEW_PIXEL);
    }
  }, [open, pixel, reset]);

  const onSubmit = handleSubmit((values) => {
    const close = { onSuccess: () => onOpenChange(false) };
    if (pixel) {
      const body = parseOrToast(pixelUpdateSchema, values);
      if (body) updatePixel.mutate({ id: pixel.id, body }, close);
    } else {
      const body = parseOrToast(pixelCreateSchema, values);
      if (body) createPixel.mutate(body, close);
    }
  });

  const title = pixel ? 'Edit Pixel' : 'Create Pixel';
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>The pixel and Events API access token from TikTok Events Manager.</DialogDescription>
        </DialogHeader>
        <form className="grid gap-4" onSubmit={onSubmit} noValidate aria-label={title}>
          <div className="grid gap-2">
            <Label htmlFor={ids.name}>Pixel Name</Label>
            <Input id={ids.name} autoComplete="off" {...register('name')} />
          </div>
          <div className="grid gap-2">
            <Label htmlFor={ids.pixelId}>Pixel ID</Label>
            <Input id={ids.pixelId} autoComplete="off" className="font-mono" {...register('pixelId')} />
          </div>
          <div className="grid gap-2">
            <Label htmlFor={ids.token}>Access Token</Label>
            <Input
              id={ids.token}
              type="password"
              autoComplete="new-password"
              placeholder={pixel ? 'Leave blank to keep the current token' : undefined}
              aria-describedby={pixel ? ids.tokenHint : undefined}
              {...register('accessToken')}
            />
            {pixel && (
              <p id={ids.tokenHint} className="text-xs text-muted-foreground">
                Leave blank to keep the current token.
              </p>
            )}
          </div>
          <div className="grid gap-2">
            <Label htmlFor={ids.website}>Website URL (optional)</Label>
            <Input id={ids.website} type="url" placeholder="https://shop.example.com" autoComplete="off" {...register('websiteUrl')} />
          </div>
          <DialogFooter>
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={pending}>
              {pixel ? (pending ? 'Saving...' : 'Save Changes') : pending ? 'Creating...' : 'Create Pixel'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
