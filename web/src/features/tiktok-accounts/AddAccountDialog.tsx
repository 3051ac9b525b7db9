// The Add TikTok account dialog: Advertiser ID, Access Token (a password field) and an optional name.
// The server asks TikTok before saving, so a wrong token or id is refused here with TikTok's message.
import { tiktokAccountCreateSchema } from '@tracker/schemas';
import { useEffect, useId } from 'react';
import { useForm } from 'react-hook-form';
import { parseOrToast } from '../../lib/failure-toast';
import { Button } from '../../ui/Button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../ui/Dialog';
import { Input } from '../../ui/Input';
import { Label } from '../../ui/Label';
import { useAddTiktokAccount } from './queries';

interface AccountFormValues {
  advertiserId: string;
  accessToken: string;
  name: string;
}

const EMPTY: AccountFormValues = { advertiserId: '', accessToken: '', name: '' };

export function AddAccountDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const addAccount = useAddTiktokAccount();
  const { register, handleSubmit, reset } = useForm<AccountFormValues>({ defaultValues: EMPTY });
  const ids = { advertiser: useId(), token: useId(), name: useId() };

  useEffect(() => {
    if (open) reset(EMPTY);
  }, [open, reset]);

  const onSubmit = handleSubmit((values) => {
    const body = parseOrToast(tiktokAccountCreateSchema, values);
    if (body) addAccount.mutate(body, { onSuccess: () => onOpenChange(false) });
  });

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
            <Input id={ids.advertiser} inputMode="numeric" autoComplete="off" className="font-mono" {...register('advertiserId')} />
          </div>
          <div className="grid gap-2">
            <Label htmlFor={ids.token}>Access Token</Label>
            <Input id={ids.token} type="password" autoComplete="new-password" {...register('accessToken')} />
          </div>
          <div className="grid gap-2">
            <Label htmlFor={ids.name}>Name (optional)</Label>
            <Input id={ids.name} autoComplete="off" placeholder="As TikTok names the advertiser" {...register('name')} />
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
