// The User Management screen at /users (spec §2; admin only): the users, Create User, delete (never
// your own account, after 'Are you sure you want to delete this user?'), and per role-user account
// the Manage Permissions, Assign VCNs and Media buyer (sparks, CAKE subid1) dialogs.
import { format } from 'date-fns';
import { CreditCard, Plus, ShieldCheck, Trash2, UserRoundSearch } from 'lucide-react';
import { useState } from 'react';
import { useSignedInUser } from '../../app/auth/auth-context';
import { errorMessage } from '../../lib/api';
import { Badge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { Card, CardContent } from '../../ui/Card';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { PageHeader } from '../../ui/PageHeader';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../ui/Table';
import { TableMessageRow } from '../../ui/TableMessageRow';
import { CreateUserDialog } from './CreateUserDialog';
import { FEATURE_LABELS } from '../../app/auth/feature-labels';
import { PermissionsDialog } from './PermissionsDialog';
import { useDeleteUser, useUsers, type ManagedUser } from './queries';
import { MediaBuyerDialog } from './MediaBuyerDialog';
import { VcnAssignmentsDialog } from './VcnAssignmentsDialog';

const COLUMNS = 5;

type OpenDialog = { kind: 'permissions' | 'vcns' | 'buyer' | 'delete'; user: ManagedUser } | null;

export function UsersPage() {
  const me = useSignedInUser();
  const users = useUsers();
  const deleteUser = useDeleteUser();
  const [creating, setCreating] = useState(false);
  const [dialog, setDialog] = useState<OpenDialog>(null);
  // Keeps the last user mounted while a dialog animates closed.
  const [dialogUser, setDialogUser] = useState<ManagedUser | null>(null);

  const open = (kind: NonNullable<OpenDialog>['kind'], user: ManagedUser) => {
    setDialogUser(user);
    setDialog({ kind, user });
  };
  const close = (isOpen: boolean) => {
    if (!isOpen) setDialog(null);
  };

  return (
    <div className="space-y-6">
      <PageHeader
        title="User Management"
        description="Accounts, their roles, feature permissions and virtual cards"
        actions={
          <Button onClick={() => setCreating(true)}>
            <Plus aria-hidden="true" />
            Create User
          </Button>
        }
      />
      <p className="text-sm text-muted-foreground">
        Media buyers: a user with sparks or CAKE subid1 values assigned sees only the clicks, conversions and spend of those, in every report, the
        Click Log, Conversions and Offers. A user without any sees the whole team&apos;s data. Admins always see everything.
      </p>
      <Card className="py-2">
        <CardContent className="px-4">
          <Table aria-label="Users">
            <TableHeader>
              <TableRow>
                <TableHead>Username</TableHead>
                <TableHead>Role</TableHead>
                <TableHead>Permissions</TableHead>
                <TableHead>Created</TableHead>
                <TableHead className="text-right">Actions</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {users.isPending ? (
                <TableMessageRow colSpan={COLUMNS}>Loading users...</TableMessageRow>
              ) : users.isError ? (
                <TableMessageRow colSpan={COLUMNS}>Failed to fetch users: {errorMessage(users.error)}</TableMessageRow>
              ) : users.data.length === 0 ? (
                <TableMessageRow colSpan={COLUMNS}>No users yet</TableMessageRow>
              ) : (
                users.data.map((user) => (
                  <TableRow key={user.id}>
                    <TableCell className="font-medium">
                      {user.username}
                      {user.id === me.id && <span className="ml-2 text-xs text-muted-foreground">(you)</span>}
                    </TableCell>
                    <TableCell>
                      <Badge variant={user.role === 'admin' ? 'default' : 'secondary'}>{user.role === 'admin' ? 'Admin' : 'User'}</Badge>
                    </TableCell>
                    <TableCell className="max-w-sm text-sm">
                      {user.role === 'admin' ? (
                        <span className="text-muted-foreground">All features</span>
                      ) : user.permissions.length === 0 ? (
                        <span className="text-muted-foreground">None</span>
                      ) : (
                        user.permissions.map((feature) => FEATURE_LABELS[feature] ?? feature).join(', ')
                      )}
                    </TableCell>
                    <TableCell className="whitespace-nowrap">{format(new Date(user.createdAt), 'MMM dd, yyyy')}</TableCell>
                    <TableCell className="text-right whitespace-nowrap">
                      {user.role === 'user' && (
                        <>
                          <Button variant="outline" size="sm" onClick={() => open('permissions', user)} aria-label={`Manage permissions of ${user.username}`}>
                            <ShieldCheck aria-hidden="true" />
                            Permissions
                          </Button>{' '}
                          <Button variant="outline" size="sm" onClick={() => open('vcns', user)} aria-label={`Assign VCNs to ${user.username}`}>
                            <CreditCard aria-hidden="true" />
                            VCNs
                          </Button>{' '}
                          <Button variant="outline" size="sm" onClick={() => open('buyer', user)} aria-label={`Media buyer assignments of ${user.username}`}>
                            <UserRoundSearch aria-hidden="true" />
                            Media buyer
                          </Button>
                        </>
                      )}
                      {user.id !== me.id && (
                        <Button variant="ghost" size="icon" aria-label={`Delete ${user.username}`} onClick={() => open('delete', user)}>
                          <Trash2 className="text-destructive" aria-hidden="true" />
                        </Button>
                      )}
                    </TableCell>
                  </TableRow>
                ))
              )}
            </TableBody>
          </Table>
        </CardContent>
      </Card>

      <CreateUserDialog open={creating} onOpenChange={setCreating} />
      {dialogUser && (
        <>
          <PermissionsDialog key={`p${dialogUser.id}`} user={dialogUser} open={dialog?.kind === 'permissions'} onOpenChange={close} />
          <VcnAssignmentsDialog key={`v${dialogUser.id}`} user={dialogUser} open={dialog?.kind === 'vcns'} onOpenChange={close} />
          <MediaBuyerDialog key={`b${dialogUser.id}`} user={dialogUser} open={dialog?.kind === 'buyer'} onOpenChange={close} />
          <ConfirmDialog
            open={dialog?.kind === 'delete'}
            onOpenChange={close}
            title="Are you sure you want to delete this user?"
            description={`${dialogUser.username} will no longer be able to sign in. This cannot be undone.`}
            pending={deleteUser.isPending}
            onConfirm={() => deleteUser.mutate(dialogUser.id, { onSuccess: () => setDialog(null) })}
          />
        </>
      )}
    </div>
  );
}
