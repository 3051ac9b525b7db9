// The Change password dialog, opened from the sidebar footer: the current password, the new one twice.
// This session stays signed in; the server signs out every other one, so a lost cookie stops working.
import { zodResolver } from '@hookform/resolvers/zod';
import { passwordChangeBodySchema } from '@tracker/schemas';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { toastValidationError } from '../../lib/failure-toast';
import { Button } from '../../ui/Button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../ui/Dialog';
import { TextField } from '../../ui/TextField';
import { useChangePassword } from './queries';

// The repeat is the form's alone: the wire body is the shared schema's.
const changePasswordFormSchema = passwordChangeBodySchema
  .extend({ confirmPassword: z.string() })
  .refine((form) => form.confirmPassword === form.newPassword, { path: ['confirmPassword'], message: 'The new passwords do not match' });

const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };

export function ChangePasswordDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const changePassword = useChangePassword();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm({ resolver: zodResolver(changePasswordFormSchema), defaultValues: EMPTY });

  useEffect(() => {
    if (open) reset(EMPTY);
  }, [open, reset]);

  const onSubmit = handleSubmit(
    ({ currentPassword, newPassword }) => changePassword.mutate({ currentPassword, newPassword }, { onSuccess: () => onOpenChange(false) }),
    toastValidationError,
  );

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Change password</DialogTitle>
          <DialogDescription>At least 8 characters. You stay signed in here; every other session of your account is signed out.</DialogDescription>
        </DialogHeader>
        <form className="grid gap-4" onSubmit={onSubmit} noValidate aria-label="Change password">
          <TextField label="Current password" type="password" autoComplete="current-password" error={errors.currentPassword} {...register('currentPassword')} />
          <TextField label="New password" type="password" autoComplete="new-password" error={errors.newPassword} {...register('newPassword')} />
          <TextField label="Repeat new password" type="password" autoComplete="new-password" error={errors.confirmPassword} {...register('confirmPassword')} />
          <DialogFooter>
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={changePassword.isPending}>
              {changePassword.isPending ? 'Changing...' : 'Change password'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
