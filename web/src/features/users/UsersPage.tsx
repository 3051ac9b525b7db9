// The User Management screen at /users (spec §2; admin only): the users, Create User, delete (never
// your own account, after 'Are you sure you want to delete this user?'), and per role-user account
// the Manage Permissions, Assign VCNs and Media buyer (sparks, CAKE subid1) dialogs.
import type { ColumnDef, SortingState } from '@tanstack/react-table';
import { format } from 'date-fns';
import { CreditCard, Plus, ShieldCheck, Trash2, UserRoundSearch } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useSignedInUser } from '../../app/auth/auth-context';
import { errorMessage } from '../../lib/api';
import { Badge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { Card, CardContent } from '../../ui/Card';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { PageHeader } from '../../ui/PageHeader';
import { DataTable } from '../../ui/DataTable';
import { CreateUserDialog } from './CreateUserDialog';
import { FEATURE_LABELS } from '../../app/auth/feature-labels';
import { PermissionsDialog } from './PermissionsDialog';
import { useDeleteUser, useUsers, type ManagedUser } from './queries';
import { MediaBuyerDialog } from './MediaBuyerDialog';
import { VcnAssignmentsDialog } from './VcnAssignmentsDialog';

type OpenDialog = { kind: 'permissions' | 'vcns' | 'buyer' | 'delete'; user: ManagedUser } | null;

export function UsersPage() {
  const me = useSignedInUser();
  const users = useUsers();
  const deleteUser = useDeleteUser();
  const [creating, setCreating] = useState(false);
  const [dialog, setDialog] = useState<OpenDialog>(null);
  // Keeps the last user mounted while a dialog animates closed.
  const [dialogUser, setDialogUser] = useState<ManagedUser | null>(null);

  const close = (isOpen: boolean) => {
    if (!isOpen) setDialog(null);
  };
  const [sorting, setSorting] = useState<SortingState>([]);

  const columns = useMemo<ColumnDef<ManagedUser>[]>(() => {
    const open = (kind: NonNullable<OpenDialog>['kind'], user: ManagedUser) => {
      setDialogUser(user);
      setDialog({ kind, user });
    };
    return [
      {
        accessorKey: 'username',
        header: 'Username',
        size: 200,
        meta: { wrap: true, cellClassName: () => 'font-medium' },
        cell: ({ row }) => (
          <>
            {row.original.username}
            {row.original.id === me.id && <span className="ml-2 text-xs text-muted-foreground">(you)</span>}
          </>
        ),
      },
      {
        accessorKey: 'role',
        header: 'Role',
        size: 96,
        cell: ({ row }) => <Badge variant={row.original.role === 'admin' ? 'default' : 'secondary'}>{row.original.role === 'admin' ? 'Admin' : 'User'}</Badge>,
      },
      {
        id: 'permissions',
        header: 'Permissions',
        size: 280,
        meta: { wrap: true },
        cell: ({ row }) =>
          row.original.role === 'admin' ? (
            <span className="text-muted-foreground">All features</span>
          ) : row.original.permissions.length === 0 ? (
            <span className="text-muted-foreground">None</span>
          ) : (
            row.original.permissions.map((feature) => FEATURE_LABELS[feature] ?? feature).join(', ')
          ),
      },
      { accessorKey: 'createdAt', header: 'Created', size: 120, cell: ({ row }) => format(new Date(row.original.createdAt), 'MMM dd, yyyy') },
      {
        id: 'actions',
        header: 'Actions',
        size: 400,
        meta: { align: 'right' },
        cell: ({ row }) => {
          const user = row.original;
          return (
            <>
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
            </>
          );
        },
      },
    ];
  }, [me.id]);

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
          <DataTable
            label="Users"
            data={users.data ?? []}
            columns={columns}
            getRowId={(user) => String(user.id)}
            sorting={sorting}
            onSortingChange={setSorting}
            isPending={users.isPending}
            loadingLabel="Loading users..."
            failure={users.isError && `Failed to fetch users: ${errorMessage(users.error)}`}
            emptyMessage="No users yet"
          />
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
