// The Create User dialog (spec §5 "Create user"): username, password, role (user by default) and, for
// a role user, the features it may use (spec §6), granted with the account. A missing username or
// password toasts 'Missing fields'. The server checks the rest.
import { FEATURES, ROLES, USER_REQUIRED_MESSAGE, type Feature, type Role } from '@tracker/schemas';
import { useEffect, useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { FEATURE_LABELS } from '../../app/auth/feature-labels';
import { Button } from '../../ui/Button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../ui/Dialog';
import { Input } from '../../ui/Input';
import { Label } from '../../ui/Label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../ui/Select';
import { toast } from '../../ui/use-toast';
import { CheckboxList } from './CheckboxList';
import { useCreateUser } from './queries';

interface UserFormValues {
  username: string;
  password: string;
  role: Role;
  features: Feature[];
}

const NEW_USER: UserFormValues = { username: '', password: '', role: 'user', features: [] };
const ROLE_LABELS: Record<Role, string> = { admin: 'Admin', user: 'User' };

export function CreateUserDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const createUser = useCreateUser();
  const { register, control, handleSubmit, reset, watch } = useForm<UserFormValues>({ defaultValues: NEW_USER });
  const ids = { username: useId(), password: useId(), role: useId() };
  const role = watch('role');

  useEffect(() => {
    if (open) reset(NEW_USER);
  }, [open, reset]);

  const onSubmit = handleSubmit((values) => {
    const username = values.username.trim();
    if (!username || !values.password) {
      const [title, description] = USER_REQUIRED_MESSAGE.split(': ');
      toast({ title, description, variant: 'destructive' });
      return;
    }
    // An admin has every feature: ticks made before switching the role to Admin are not sent.
    const features = values.role === 'user' ? FEATURES.filter((feature) => values.features.includes(feature)) : [];
    createUser.mutate({ ...values, username, features }, { onSuccess: () => onOpenChange(false) });
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>Create User</DialogTitle>
          <DialogDescription>Users see only the screens you grant them; admins see everything.</DialogDescription>
        </DialogHeader>
        <form className="grid gap-4" onSubmit={onSubmit} noValidate aria-label="Create User">
          <div className="grid gap-2">
            <Label htmlFor={ids.username}>Username</Label>
            <Input id={ids.username} autoComplete="off" {...register('username')} />
          </div>
          <div className="grid gap-2">
            <Label htmlFor={ids.password}>Password</Label>
            <Input id={ids.password} type="password" autoComplete="new-password" {...register('password')} />
            <p className="text-xs text-muted-foreground">At least 8 characters.</p>
          </div>
          <div className="grid gap-2">
            <Label htmlFor={ids.role}>Role</Label>
            <Controller
              control={control}
              name="role"
              render={({ field }) => (
                <Select value={field.value} onValueChange={field.onChange}>
                  <SelectTrigger id={ids.role}>
                    <SelectValue />
                  </SelectTrigger>
                  <SelectContent>
                    {ROLES.map((role) => (
                      <SelectItem key={role} value={role}>
                        {ROLE_LABELS[role]}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              )}
            />
          </div>
          {role === 'user' && (
            <div className="grid gap-2">
              {/* The list's own legend names it for screen readers; this is its visible twin. */}
              <span className="text-sm leading-none font-medium" aria-hidden="true">
                Features
              </span>
              <p className="text-xs text-muted-foreground">
                The screens this user may open. TikTok Pixels, Codes and Transactions are always open.
              </p>
              <Controller
                control={control}
                name="features"
                render={({ field }) => (
                  <CheckboxList
                    legend="Features"
                    className="grid-cols-2"
                    options={FEATURES}
                    checked={new Set(field.value)}
                    onChange={(next) => field.onChange([...next])}
                    labelOf={(feature) => FEATURE_LABELS[feature]}
                  />
                )}
              />
            </div>
          )}
          <DialogFooter>
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={createUser.isPending}>
              {createUser.isPending ? 'Creating...' : 'Create User'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
