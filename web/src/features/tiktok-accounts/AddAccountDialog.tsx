// The Add TikTok account dialog: Advertiser ID, Access Token (a password field) and an optional name.
// The server asks TikTok before saving, so a wrong token or id is refused here with TikTok's message.
import { zodResolver } from '@hookform/resolvers/zod';
import { tiktokAccountCreateSchema } from '@tracker/schemas';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { toastValidationError } from '../../lib/failure-toast';
import { Button } from '../../ui/Button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../ui/Dialog';
import { TextField } from '../../ui/TextField';
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
          <TextField
            label="Advertiser ID"
            inputMode="numeric"
            autoComplete="off"
            className="font-mono"
            error={errors.advertiserId}
            {...register('advertiserId')}
          />
          <TextField
            label="Access Token"
            type="password"
            autoComplete="new-password"
            error={errors.accessToken}
            {...register('accessToken')}
          />
          <TextField
            label="Name (optional)"
            autoComplete="off"
            placeholder="As TikTok names the advertiser"
            error={errors.name}
            {...register('name')}
          />
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
