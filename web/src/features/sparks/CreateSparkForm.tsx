// The 'Create New Spark' form (spec §2 Spark Setup, §5): a name and a 4-row code snippet, both
// required ('Name is required', 'Code is required'); cleared after the spark is created.
import { zodResolver } from '@hookform/resolvers/zod';
import { sparkCreateSchema, type SparkCreateBody } from '@tracker/schemas';
import { useForm } from 'react-hook-form';
import { Button } from '../../ui/Button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/Card';
import { useCreateSpark } from './queries';
import { SparkFields } from './SparkFields';

export function CreateSparkForm() {
  const createSpark = useCreateSpark();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<SparkCreateBody>({ resolver: zodResolver(sparkCreateSchema), defaultValues: { name: '', code: '' } });

  const onSubmit = handleSubmit((body) => createSpark.mutate(body, { onSuccess: () => reset() }));

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Create New Spark</h2>
        </CardTitle>
        <CardDescription>Name a tracking-code snippet; the spark gets an ID you can add to tracking links.</CardDescription>
      </CardHeader>
      <CardContent>
        <form className="grid gap-4" onSubmit={onSubmit} noValidate aria-label="Create New Spark">
          <SparkFields register={register} errors={errors} codeRows={4} namePlaceholder="e.g. Summer promo" codePlaceholder="Paste the tracking code" />
          <div>
            <Button type="submit" disabled={createSpark.isPending}>
              {createSpark.isPending ? 'Creating...' : 'Create Spark'}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
