// Assign VCNs (spec §6): the virtual-card nicknames a role-user account sees in billing, chosen from
// the distinct nicknames of uploaded transactions; saved as the complete list.
import { useEffect, useState } from 'react';
import { errorMessage } from '../../lib/api';
import { Button } from '../../ui/Button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../ui/Dialog';
import { CheckboxList } from './CheckboxList';
import { useSaveVcnAssignments, useVcnAssignments, useVcnOptions, type ManagedUser } from './queries';

export function VcnAssignmentsDialog({ user, open, onOpenChange }: { user: ManagedUser; open: boolean; onOpenChange: (open: boolean) => void }) {
  const options = useVcnOptions({ enabled: open });
  const assignments = useVcnAssignments(user.id, { enabled: open });
  const saveAssignments = useSaveVcnAssignments();
  const [checked, setChecked] = useState<Set<string>>(new Set());

  useEffect(() => {
    if (open && assignments.data) setChecked(new Set(assignments.data));
  }, [open, assignments.data]);

  // A nickname assigned earlier stays listed even when no uploaded transaction carries it any more.
  const choices = [...new Set([...(options.data ?? []), ...(assignments.data ?? [])])].sort((a, b) => a.localeCompare(b));
  const loading = options.isPending || assignments.isPending;
  const failure = options.error ?? assignments.error;

  const onSave = () =>
    saveAssignments.mutate({ id: user.id, vcnNicknames: choices.filter((name) => checked.has(name)) }, { onSuccess: () => onOpenChange(false) });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>Assign VCNs: {user.username}</DialogTitle>
          <DialogDescription>The virtual cards whose transactions this user sees.</DialogDescription>
        </DialogHeader>
        {loading ? (
          <p className="text-sm text-muted-foreground">Loading VCNs...</p>
        ) : failure ? (
          <p className="text-sm text-destructive">Could not load VCNs: {errorMessage(failure)}</p>
        ) : choices.length === 0 ? (
          <p className="text-sm text-muted-foreground">No VCN nicknames yet. They appear once a billing statement is uploaded.</p>
        ) : (
          <div className="max-h-72 overflow-y-auto pr-1">
            <CheckboxList legend="VCN nicknames" options={choices} checked={checked} onChange={setChecked} />
          </div>
        )}
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button onClick={onSave} disabled={saveAssignments.isPending || loading || Boolean(failure)}>
            {saveAssignments.isPending ? 'Saving...' : 'Assign VCNs'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
