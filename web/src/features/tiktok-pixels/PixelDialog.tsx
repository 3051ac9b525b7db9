// The Create Pixel dialog, also used for editing (spec §2, §4): Pixel Name, Pixel ID, Access Token
// (a password field) and an optional Website URL. Closing resets it; an edit with a blank token
// keeps the stored one.
import { zodResolver } from '@hookform/resolvers/zod';
import { pixelCreateSchema, pixelUpdateSchema, type PixelCreateBody, type PixelUpdateBody } from '@tracker/schemas';
import { useEffect, useId } from 'react';
import { useForm } from 'react-hook-form';
import { toastValidationError } from '../../lib/failure-toast';
import { Button } from '../../ui/Button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../ui/Dialog';
import { FieldError } from '../../ui/FieldError';
import { Input } from '../../ui/Input';
import { Label } from '../../ui/Label';
import { useCreatePixel, useUpdatePixel, type TiktokPixel } from './queries';

// The create and update bodies share one input shape, so one form serves both modes.
const NEW_PIXEL = { name: '', pixelId: '', accessToken: '', websiteUrl: '' } satisfies PixelCreateBody;

/** `pixel` null: create mode. */
export function PixelDialog({ open, onOpenChange, pixel }: { open: boolean; onOpenChange: (open: boolean) => void; pixel: TiktokPixel | null }) {
  const createPixel = useCreatePixel();
  const updatePixel = useUpdatePixel();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<PixelCreateBody, unknown, PixelUpdateBody>({
    resolver: zodResolver(pixel ? pixelUpdateSchema : pixelCreateSchema),
    defaultValues: NEW_PIXEL,
  });
  const ids = {
    name: useId(),
    pixelId: useId(),
    token: useId(),
    tokenHint: useId(),
    website: useId(),
    nameError: useId(),
    pixelIdError: useId(),
    tokenError: useId(),
    websiteError: useId(),
  };
  const pending = createPixel.isPending || updatePixel.isPending;

  useEffect(() => {
    if (open) {
      reset(pixel ? { name: pixel.name, pixelId: pixel.pixelId, accessToken: '', websiteUrl: pixel.websiteUrl ?? '' } : NEW_PIXEL);
    }
  }, [open, pixel, reset]);

  const onSubmit = handleSubmit((body) => {
    const close = { onSuccess: () => onOpenChange(false) };
    if (pixel) updatePixel.mutate({ id: pixel.id, body }, close);
    else createPixel.mutate(body, close);
  }, toastValidationError);

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
            <Input
              id={ids.name}
              autoComplete="off"
              aria-invalid={errors.name ? true : undefined}
              aria-describedby={errors.name ? ids.nameError : undefined}
              {...register('name')}
            />
            <FieldError id={ids.nameError} error={errors.name} />
          </div>
          <div className="grid gap-2">
            <Label htmlFor={ids.pixelId}>Pixel ID</Label>
            <Input
              id={ids.pixelId}
              autoComplete="off"
              className="font-mono"
              aria-invalid={errors.pixelId ? true : undefined}
              aria-describedby={errors.pixelId ? ids.pixelIdError : undefined}
              {...register('pixelId')}
            />
            <FieldError id={ids.pixelIdError} error={errors.pixelId} />
          </div>
          <div className="grid gap-2">
            <Label htmlFor={ids.token}>Access Token</Label>
            <Input
              id={ids.token}
              type="password"
              autoComplete="new-password"
              placeholder={pixel ? 'Leave blank to keep the current token' : undefined}
              aria-invalid={errors.accessToken ? true : undefined}
              aria-describedby={[pixel && ids.tokenHint, errors.accessToken && ids.tokenError].filter(Boolean).join(' ') || undefined}
              {...register('accessToken')}
            />
            <FieldError id={ids.tokenError} error={errors.accessToken} />
            {pixel && (
              <p id={ids.tokenHint} className="text-xs text-muted-foreground">
                Leave blank to keep the current token.
              </p>
            )}
          </div>
          <div className="grid gap-2">
            <Label htmlFor={ids.website}>Website URL (optional)</Label>
            <Input
              id={ids.website}
              type="url"
              placeholder="https://shop.example.com"
              autoComplete="off"
              aria-invalid={errors.websiteUrl ? true : undefined}
              aria-describedby={errors.websiteUrl ? ids.websiteError : undefined}
              {...register('websiteUrl')}
            />
            <FieldError id={ids.websiteError} error={errors.websiteUrl} />
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
