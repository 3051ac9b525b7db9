// Manage Permissions (spec §6): a checkbox per feature for a role-user account, saved as the
// complete list with POST /api/users/:id/permissions.
import { FEATURES, type Feature } from '@tracker/schemas';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../lib/api';
import { Button } from '../../ui/Button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../ui/Dialog';
import { CheckboxList } from './CheckboxList';
import { FEATURE_LABELS } from '../../app/auth/feature-labels';
import { useSaveUserPermissions, useUserPermissions, type ManagedUser } from './queries';

export function PermissionsDialog({ user, open, onOpenChange }: { user: ManagedUser; open: boolean; onOpenChange: (open: boolean) => void }) {
  const permissions = useUserPermissions(user.id, { enabled: open });
  const savePermissions = useSaveUserPermissions();
  const [checked, setChecked] = useState<Set<Feature>>(new Set(user.permissions));

  // Start from what the server holds each time the dialog opens.
  useEffect(() => {
    if (open && permissions.data) setChecked(new Set(permissions.data));
  }, [open, permissions.data]);

  const onSave = () =>
    savePermissions.mutate(
      { id: user.id, features: FEATURES.filter((feature) => checked.has(feature)) },
      { onSuccess: () => onOpenChange(false) },
    );

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>Manage Permissions: {user.username}</DialogTitle>
          <DialogDescription>Choose the screens this user may open. TikTok Pixels, Codes and Transactions are always open.</DialogDescription>
        </DialogHeader>
        {permissions.isPending ? (
          <p className="text-sm text-muted-foreground">Loading permissions...</p>
        ) : permissions.isError ? (
          <p className="text-sm text-destructive">Could not load permissions: {errorMessage(permissions.error)}</p>
        ) : (
          <CheckboxList
            legend="Features"
            options={FEATURES}
            checked={checked}
            onChange={setChecked}
            labelOf={(feature) => FEATURE_LABELS[feature]}
          />
        )}
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button onClick={onSave} disabled={savePermissions.isPending || !permissions.isSuccess}>
            {savePermissions.isPending ? 'Saving...' : 'Save Permissions'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
