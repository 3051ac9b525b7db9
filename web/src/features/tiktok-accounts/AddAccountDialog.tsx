// The Add TikTok account dialog: Advertiser ID, Access Token (a password field) and an optional name.
// The server asks TikTok before saving, so a wrong token or id is refused here with TikTok's message.
import { zodResolver } from '@hookform/resolvers/zod';
import { tiktokAccountCreateSchema } from '@tracker/schemas';
import { useEffect, useId } from 'react';
import { useForm } from 'react-hook-form';
import { toastValidationError } from '../../lib/failure-toast';
import { Button } from '../../ui/Button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../ui/Dialog';
import { FieldError } from '../../ui/FieldError';
import { Input } from '../../ui/Input';
import { Label } from '../../ui/Label';
import { useAddTiktokAccount } from './queries';

const EMPTY = { advertiserId: '', accessToken: '', name: '' };

export function AddAccountDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const addAccount = useAddTiktokAccount();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm({ resolver: zodResolver(tiktokAccountCreateSchema), defaultValues: EMPTY });
  const ids = { advertiser: useId(), token: useId(), name: useId(), advertiserError: useId(), tokenError: useId(), nameError: useId() };

  useEffect(() => {
    if (open) reset(EMPTY);
  }, [open, reset]);

  const onSubmit = handleSubmit((body) => addAccount.mutate(body, { onSuccess: () => onOpenChange(false) }), toastValidationError);

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Add TikTok ad account</DialogTitle>
          <DialogDescription>
            The advertiser ID from TikTok Ads Manager and a Marketing API access token with reporting access to it. Time zone and
            currency are read from TikTok.
          </DialogDescription>
        </DialogHeader>
        <form className="grid gap-4" onSubmit={onSubmit} noValidate aria-label="Add TikTok ad account">
          <div className="grid gap-2">
            <Label htmlFor={ids.advertiser}>Advertiser ID</Label>
            <Input
              id={ids.advertiser}
              inputMode="numeric"
              autoComplete="off"
              className="font-mono"
              aria-invalid={errors.advertiserId ? true : undefined}
              aria-describedby={errors.advertiserId ? ids.advertiserError : undefined}
              {...register('advertiserId')}
            />
            <FieldError id={ids.advertiserError} error={errors.advertiserId} />
          </div>
          <div className="grid gap-2">
            <Label htmlFor={ids.token}>Access Token</Label>
            <Input
              id={ids.token}
              type="password"
              autoComplete="new-password"
              aria-invalid={errors.accessToken ? true : undefined}
              aria-describedby={errors.accessToken ? ids.tokenError : undefined}
              {...register('accessToken')}
            />
            <FieldError id={ids.tokenError} error={errors.accessToken} />
          </div>
          <div className="grid gap-2">
            <Label htmlFor={ids.name}>Name (optional)</Label>
            <Input
              id={ids.name}
              autoComplete="off"
              placeholder="As TikTok names the advertiser"
              aria-invalid={errors.name ? true : undefined}
              aria-describedby={errors.name ? ids.nameError : undefined}
              {...register('name')}
            />
            <FieldError id={ids.nameError} error={errors.name} />
          </div>
          <DialogFooter>
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={addAccount.isPending}>
              {addAccount.isPending ? 'Checking with TikTok...' : 'Add account'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
