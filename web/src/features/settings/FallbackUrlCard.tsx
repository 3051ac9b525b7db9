// Fallback URL (setting `fallback_url`; Voluum's "default redirect"): where the tracker sends a
// visitor it cannot route, so paid traffic is never stranded on a not-found page. Blank clears it.
import { zodResolver } from '@hookform/resolvers/zod';
import { fallbackUrlSchema } from '@tracker/schemas';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { toastValidationError } from '../../lib/failure-toast';
import { Button } from '../../ui/Button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/Card';
import { FieldError } from '../../ui/FieldError';
import { Input } from '../../ui/Input';
import { Label } from '../../ui/Label';
import { useSaveSettings } from './queries';

// A blank field clears the setting (null) rather than being refused as a URL.
const fallbackFormSchema = z.object({
  url: z
    .string()
    .trim()
    .transform((v): string | null | undefined => v || null)
    .pipe(fallbackUrlSchema),
});

export function FallbackUrlCard({ stored }: { stored: string | null }) {
  const saveSettings = useSaveSettings();
  const {
    register,
    handleSubmit,
    setValue,
    formState: { errors },
  } = useForm({ resolver: zodResolver(fallbackFormSchema), defaultValues: { url: stored ?? '' } });
  const id = useId();
  const hintId = useId();
  const errorId = useId();

  const onSubmit = handleSubmit(({ url }) => {
    // Show what is stored: the server normalises the URL the same way.
    setValue('url', url ?? '');
    saveSettings.mutate([{ key: 'fallback_url', value: url }]);
  }, toastValidationError);

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Fallback URL</h2>
        </CardTitle>
        <CardDescription>
          Visitors of an unknown or deleted campaign, of a campaign without a lander or offer, or with an unknown click id
          are sent here instead of a not-found page.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form className="grid gap-2" noValidate onSubmit={onSubmit}>
          <Label htmlFor={id}>Fallback URL</Label>
          <div className="flex gap-2">
            <Input
              id={id}
              type="url"
              placeholder="https://example.com/offers"
              aria-invalid={errors.url ? true : undefined}
              aria-describedby={errors.url ? `${hintId} ${errorId}` : hintId}
              {...register('url')}
            />
            <Button type="submit" disabled={saveSettings.isPending}>
              Save
            </Button>
          </div>
          <FieldError id={errorId} error={errors.url} />
          <p id={hintId} className="text-xs text-muted-foreground">
            Sent as entered, without a click id, and not counted as a click. Leave blank to show the not-found page.
          </p>
        </form>
      </CardContent>
    </Card>
  );
}
