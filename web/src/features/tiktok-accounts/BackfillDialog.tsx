// 'Backfill': re-pulls an account's spend for a chosen range (up to a year), in TikTok's 30-day windows.
// Dates are the advertiser's calendar days, as TikTok reports them.
import { zodResolver } from '@hookform/resolvers/zod';
import { spendSyncBodySchema, type TiktokAccountView } from '@tracker/schemas';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { toastValidationError } from '../../lib/failure-toast';
import { Button } from '../../ui/Button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../ui/Dialog';
import { TextField } from '../../ui/TextField';
import { useSyncTiktokAccount } from './queries';

export function BackfillDialog({ account, onOpenChange }: { account: TiktokAccountView | null; onOpenChange: (open: boolean) => void }) {
  const sync = useSyncTiktokAccount();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm({ resolver: zodResolver(spendSyncBodySchema), defaultValues: { startDate: '', endDate: '' } });

  useEffect(() => {
    if (account) reset({ startDate: '', endDate: '' });
  }, [account, reset]);

  const onSubmit = handleSubmit((body) => {
    if (account) sync.mutate({ id: account.id, body }, { onSuccess: () => onOpenChange(false) });
  }, toastValidationError);

  return (
    <Dialog open={account !== null} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>Backfill spend</DialogTitle>
          <DialogDescription>
            Re-pulls {account?.name ?? 'the account'}&apos;s spend for these days ({account?.timezone}); each day&apos;s figures replace what
            was synced before.
          </DialogDescription>
        </DialogHeader>
        <form className="grid gap-4" onSubmit={onSubmit} noValidate aria-label="Backfill spend">
          <div className="grid grid-cols-2 gap-4">
            <TextField
              label="Start date"
              type="date"
              error={errors.startDate}
              {...register('startDate')}
            />
            <TextField
              label="End date"
              type="date"
              error={errors.endDate}
              {...register('endDate')}
            />
          </div>
          <DialogFooter>
            <Button variant="outline" onClick={() => onOpenChange(false)} disabled={sync.isPending}>
              Cancel
            </Button>
            <Button type="submit" disabled={sync.isPending}>
              {sync.isPending ? 'Syncing...' : 'Backfill'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
