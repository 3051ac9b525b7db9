// Media buyer assignments: the sparks and CAKE subid1 values of a role-user account.
// Their clicks show under this user in the Media Buyer grouping, and the user then sees only those
// clicks, conversions and spend; with none, the user sees the team's data. Saved as complete lists.
import { useEffect, useId, useState } from 'react';
import { errorMessage } from '../../lib/api';
import { Button } from '../../ui/Button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../ui/Dialog';
import { Label } from '../../ui/Label';
import { Textarea } from '../../ui/Textarea';
import { useSparks } from '../sparks/queries';
import { CheckboxList } from './CheckboxList';
import { useSaveMediaBuyerAssignments, useSparkAssignments, useSubid1Assignments, type ManagedUser } from './queries';

/** One value per line or comma: trimmed, blanks and repeats dropped (the server does the same). */
export const parseSubid1s = (text: string) => [...new Set(text.split(/[\n,]/).map((v) => v.trim()).filter((v) => v !== ''))];

export function MediaBuyerDialog({ user, open, onOpenChange }: { user: ManagedUser; open: boolean; onOpenChange: (open: boolean) => void }) {
  const sparks = useSparks({ enabled: open });
  const sparkAssignments = useSparkAssignments(user.id, { enabled: open });
  const subid1Assignments = useSubid1Assignments(user.id, { enabled: open });
  const save = useSaveMediaBuyerAssignments();
  const [checked, setChecked] = useState<Set<string>>(new Set());
  const [subid1Text, setSubid1Text] = useState('');
  const subid1Id = useId();

  useEffect(() => {
    if (open && sparkAssignments.data) setChecked(new Set(sparkAssignments.data.map(String)));
  }, [open, sparkAssignments.data]);
  useEffect(() => {
    if (open && subid1Assignments.data) setSubid1Text(subid1Assignments.data.join('\n'));
  }, [open, subid1Assignments.data]);

  const sparkList = [...(sparks.data ?? [])].sort((a, b) => a.name.localeCompare(b.name));
  const labels = new Map(sparkList.map((s) => [String(s.id), `${s.name} (${s.sparkId})`]));
  const loading = sparks.isPending || sparkAssignments.isPending || subid1Assignments.isPending;
  const failure = sparks.error ?? sparkAssignments.error ?? subid1Assignments.error;

  const onSave = () =>
    save.mutate(
      { id: user.id, sparkIds: sparkList.filter((s) => checked.has(String(s.id))).map((s) => s.id), subid1s: parseSubid1s(subid1Text) },
      { onSuccess: () => onOpenChange(false) },
    );

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>Media buyer: {user.username}</DialogTitle>
          <DialogDescription>
            Clicks of these sparks (and CAKE rows with these subid1 values) are this buyer&apos;s. With any assigned, {user.username} sees only
            their own clicks, conversions and spend; with none, the whole team&apos;s.
          </DialogDescription>
        </DialogHeader>
        {loading ? (
          <p className="text-sm text-muted-foreground">Loading assignments...</p>
        ) : failure ? (
          <p className="text-sm text-destructive">Could not load assignments: {errorMessage(failure)}</p>
        ) : (
          <div className="grid gap-4">
            <div className="grid gap-2">
              <p className="text-sm font-medium">Sparks</p>
              {sparkList.length === 0 ? (
                <p className="text-sm text-muted-foreground">No sparks yet. Create one on the Sparks screen.</p>
              ) : (
                <div className="max-h-56 overflow-y-auto pr-1">
                  <CheckboxList legend="Sparks" options={sparkList.map((s) => String(s.id))} checked={checked} onChange={setChecked} labelOf={(id) => labels.get(id) ?? id} />
                </div>
              )}
            </div>
            <div className="grid gap-2">
              <Label htmlFor={subid1Id}>CAKE subid1 values</Label>
              <Textarea id={subid1Id} rows={3} value={subid1Text} onChange={(e) => setSubid1Text(e.target.value)} placeholder="One per line, e.g. mia" spellCheck={false} />
              <p className="text-xs text-muted-foreground">The subid1 your offers send to CAKE for this buyer.</p>
            </div>
          </div>
        )}
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button onClick={onSave} disabled={save.isPending || loading || Boolean(failure)}>
            {save.isPending ? 'Saving...' : 'Save assignments'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
