// The 'Create New Spark' form (spec §2 Spark Setup, §5): a name and a 4-row code snippet, both
// required ('Name is required', 'Code is required'); cleared after the spark is created.
import { zodResolver } from '@hookform/resolvers/zod';
import { sparkCreateSchema, type SparkCreateBody } from '@tracker/schemas';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../ui/Button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/Card';
import { Input } from '../../ui/Input';
import { Label } from '../../ui/Label';
import { Textarea } from '../../ui/Textarea';
import { useCreateSpark } from './queries';

export function CreateSparkForm() {
  const createSpark = useCreateSpark();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<SparkCreateBody>({ resolver: zodResolver(sparkCreateSchema), defaultValues: { name: '', code: '' } });
  const ids = { name: useId(), code: useId(), nameError: useId(), codeError: useId() };

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
          <div className="grid gap-2">
            <Label htmlFor={ids.name}>Name</Label>
            <Input
              id={ids.name}
              placeholder="e.g. Summer promo"
              autoComplete="off"
              aria-invalid={errors.name ? true : undefined}
              aria-describedby={errors.name ? ids.nameError : undefined}
              {...register('name')}
            />
            {errors.name && (
              <p id={ids.nameError} className="text-sm text-destructive">
                {errors.name.message}
              </p>
            )}
          </div>
          <div className="grid gap-2">
            <Label htmlFor={ids.code}>Code</Label>
            <Textarea
              id={ids.code}
              rows={4}
              placeholder="Paste the tracking code"
              className="font-mono text-xs md:text-xs"
              aria-invalid={errors.code ? true : undefined}
              aria-describedby={errors.code ? ids.codeError : undefined}
              {...register('code')}
            />
            {errors.code && (
              <p id={ids.codeError} className="text-sm text-destructive">
                {errors.code.message}
              </p>
            )}
          </div>
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
