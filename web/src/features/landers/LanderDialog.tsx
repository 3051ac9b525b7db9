// The Add Lander / Edit Lander dialog: Lander Name and Lander URL, Cancel and Create Lander (or Save
// Changes). Checked with the shared schema; a failure toasts 'Validation error'.
import { landerCreateSchema, landerUpdateSchema } from '@tracker/schemas';
import { useEffect, useId } from 'react';
import { useForm } from 'react-hook-form';
import { parseOrToast } from '../../lib/failure-toast';
import { Button } from '../../ui/Button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../ui/Dialog';
import { Input } from '../../ui/Input';
import { Label } from '../../ui/Label';
import { useCreateLander, useUpdateLander, type Lander } from './queries';

interface LanderFormValues {
  name: string;
  url: string;
}

const NEW_LANDER: LanderFormValues = { name: '', url: '' };

/** `lander` null: create mode. */
export function LanderDialog({ open, onOpenChange, lander }: { open: boolean; onOpenChange: (open: boolean) => void; lander: Lander | null }) {
  const createLander = useCreateLander();
  const updateLander = useUpdateLander();
  const { register, handleSubmit, reset } = useForm<LanderFormValues>({ defaultValues: NEW_LANDER });
  const ids = { name: useId(), url: useId() };
  const pending = createLander.isPending || updateLander.isPending;

  useEffect(() => {
    if (open) reset(lander ? { name: lander.name, url: lander.url } : NEW_LANDER);
  }, [open, lander, reset]);

  const onSubmit = handleSubmit((values) => {
    const close = { onSuccess: () => onOpenChange(false) };
    if (lander) {
      const body = parseOrToast(landerUpdateSchema, values);
      if (body) updateLander.mutate({ id: lander.id, body }, close);
    } else {
      const body = parseOrToast(landerCreateSchema, values);
      if (body) createLander.mutate(body, close);
    }
  });

  const title = lander ? 'Edit Lander' : 'Add Lander';
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{lander ? 'Change the name or address of this lander.' : 'A landing page campaigns send their visitors to.'}</DialogDescription>
        </DialogHeader>
        <form className="grid gap-4" onSubmit={onSubmit} noValidate aria-label={title}>
          <div className="grid gap-2">
            <Label htmlFor={ids.name}>Lander Name</Label>
            <Input id={ids.name} autoComplete="off" {...register('name')} />
          </div>
          <div className="grid gap-2">
            <Label htmlFor={ids.url}>Lander URL</Label>
            <Input id={ids.url} type="url" placeholder="https://lander.example.com/" autoComplete="off" {...register('url')} />
          </div>
          <DialogFooter>
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={pending}>
              {lander ? (pending ? 'Saving...' : 'Save Changes') : pending ? 'Creating...' : 'Create Lander'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
