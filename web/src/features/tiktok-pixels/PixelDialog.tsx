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
import { TextField } from '../../ui/TextField';
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
  const ids = { token: useId(), tokenHint: useId(), tokenError: useId() };
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
          <TextField
            label="Pixel Name"
            autoComplete="off"
            error={errors.name}
            {...register('name')}
          />
          <TextField
            label="Pixel ID"
            autoComplete="off"
            className="font-mono"
            error={errors.pixelId}
            {...register('pixelId')}
          />
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
          <TextField
            label="Website URL (optional)"
            type="url"
            placeholder="https://shop.example.com"
            autoComplete="off"
            error={errors.websiteUrl}
            {...register('websiteUrl')}
          />
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
