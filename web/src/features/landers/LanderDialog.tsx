// The Add Lander / Edit Lander dialog: Lander Name and Lander URL, Cancel and Create Lander (or Save
// Changes). Checked with the shared schema; a failure toasts 'Validation error'.
import { zodResolver } from '@hookform/resolvers/zod';
import { landerCreateSchema, landerUpdateSchema, type LanderCreateBody } from '@tracker/schemas';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { toastValidationError } from '../../lib/failure-toast';
import { Button } from '../../ui/Button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../ui/Dialog';
import { TextField } from '../../ui/TextField';
import { useCreateLander, useUpdateLander, type Lander } from './queries';

const NEW_LANDER = { name: '', url: '' } satisfies LanderCreateBody;

/** `lander` null: create mode. */
export function LanderDialog({ open, onOpenChange, lander }: { open: boolean; onOpenChange: (open: boolean) => void; lander: Lander | null }) {
  const createLander = useCreateLander();
  const updateLander = useUpdateLander();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm({ resolver: zodResolver(lander ? landerUpdateSchema : landerCreateSchema), defaultValues: NEW_LANDER });
  const pending = createLander.isPending || updateLander.isPending;

  useEffect(() => {
    if (open) reset(lander ? { name: lander.name, url: lander.url } : NEW_LANDER);
  }, [open, lander, reset]);

  const onSubmit = handleSubmit((body) => {
    const close = { onSuccess: () => onOpenChange(false) };
    if (lander) updateLander.mutate({ id: lander.id, body }, close);
    else createLander.mutate(body, close);
  }, toastValidationError);

  const title = lander ? 'Edit Lander' : 'Add Lander';
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{lander ? 'Change the name or address of this lander.' : 'A landing page campaigns send their visitors to.'}</DialogDescription>
        </DialogHeader>
        <form className="grid gap-4" onSubmit={onSubmit} noValidate aria-label={title}>
          <TextField
            label="Lander Name"
            autoComplete="off"
            error={errors.name}
            {...register('name')}
          />
          <TextField
            label="Lander URL"
            type="url"
            placeholder="https://lander.example.com/"
            autoComplete="off"
            error={errors.url}
            {...register('url')}
          />
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
