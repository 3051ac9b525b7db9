// The 'Edit Spark' dialog: the spark's name and code snippet, with the create form's rules and messages.
// Its Spark ID is shown but fixed, since tracking links already carry it.
import { zodResolver } from '@hookform/resolvers/zod';
import { sparkCreateSchema, type SparkCreateBody } from '@tracker/schemas';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../ui/Button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../ui/Dialog';
import { useUpdateSpark, type Spark } from './queries';
import { SparkFields } from './SparkFields';

/** `spark` null: closed. */
export function EditSparkDialog({ spark, onClose }: { spark: Spark | null; onClose: () => void }) {
  const updateSpark = useUpdateSpark();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<SparkCreateBody>({ resolver: zodResolver(sparkCreateSchema), defaultValues: { name: '', code: '' } });

  // Each opening starts from the spark being edited.
  useEffect(() => {
    if (spark) reset({ name: spark.name, code: spark.code });
  }, [spark, reset]);

  const onSubmit = handleSubmit((body) => {
    if (spark) updateSpark.mutate({ id: spark.id, body }, { onSuccess: onClose });
  });

  return (
    <Dialog open={spark !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>Edit Spark</DialogTitle>
          <DialogDescription>
            Spark ID <code className="font-mono text-xs">{spark?.sparkId}</code> stays the same, so tracking links keep working.
          </DialogDescription>
        </DialogHeader>
        <form className="grid gap-4" onSubmit={onSubmit} noValidate aria-label="Edit Spark">
          <SparkFields register={register} errors={errors} codeRows={8} />
          <DialogFooter>
            <Button variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={updateSpark.isPending}>
              {updateSpark.isPending ? 'Saving...' : 'Save Changes'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
