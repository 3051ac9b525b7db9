// The Redirect Domain form (spec §2 Settings, §5): the redirect domain (required) and the optional
// global exit domain, each saved with its own POST /api/settings.
import { zodResolver } from '@hookform/resolvers/zod';
import { globalExitDomainSchema, redirectDomainSchema } from '@tracker/schemas';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '../../ui/Button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/Card';
import { Input } from '../../ui/Input';
import { Label } from '../../ui/Label';
import { useSaveSettings } from './queries';

const trackingDomainsSchema = z.object({ redirectDomain: redirectDomainSchema, globalExitDomain: globalExitDomainSchema });
type TrackingDomainsInput = z.input<typeof trackingDomainsSchema>;
type TrackingDomains = z.output<typeof trackingDomainsSchema>;

export function TrackingDomainsForm({ redirectDomain, globalExitDomain }: { redirectDomain: string | null; globalExitDomain: string | null }) {
  const saveSettings = useSaveSettings();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<TrackingDomainsInput, unknown, TrackingDomains>({
    resolver: zodResolver(trackingDomainsSchema),
    defaultValues: { redirectDomain: redirectDomain ?? '', globalExitDomain: globalExitDomain ?? '' },
  });
  const ids = { redirect: useId(), redirectHint: useId(), redirectError: useId(), exit: useId(), exitHint: useId(), exitError: useId() };

  const onSubmit = handleSubmit((values) =>
    saveSettings.mutate(
      [
        { key: 'redirect_domain', value: values.redirectDomain },
        { key: 'global_exit_domain', value: values.globalExitDomain },
      ],
      // Show the host names as the server keeps them (scheme and trailing slash dropped).
      { onSuccess: () => reset({ redirectDomain: values.redirectDomain, globalExitDomain: values.globalExitDomain ?? '' }) },
    ),
  );

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Redirect Domain</h2>
        </CardTitle>
        <CardDescription>The host your tracking links and postbacks use, unless a campaign has its own domain.</CardDescription>
      </CardHeader>
      <CardContent>
        <form className="grid max-w-xl gap-4" onSubmit={onSubmit} noValidate aria-label="Redirect Domain">
          <div className="grid gap-2">
            <Label htmlFor={ids.redirect}>Redirect Domain</Label>
            <Input
              id={ids.redirect}
              placeholder="trk.example.com"
              autoComplete="off"
              aria-invalid={errors.redirectDomain ? true : undefined}
              aria-describedby={errors.redirectDomain ? ids.redirectError : ids.redirectHint}
              {...register('redirectDomain')}
            />
            {errors.redirectDomain ? (
              <p id={ids.redirectError} className="text-sm text-destructive">
                {errors.redirectDomain.message}
              </p>
            ) : (
              <p id={ids.redirectHint} className="text-xs text-muted-foreground">
                A host name only, such as trk.example.com.
              </p>
            )}
          </div>
          <div className="grid gap-2">
            <Label htmlFor={ids.exit}>Global Exit Domain (optional)</Label>
            <Input
              id={ids.exit}
              placeholder="exit.example.com"
              autoComplete="off"
              aria-invalid={errors.globalExitDomain ? true : undefined}
              aria-describedby={errors.globalExitDomain ? ids.exitError : ids.exitHint}
              {...register('globalExitDomain')}
            />
            {errors.globalExitDomain ? (
              <p id={ids.exitError} className="text-sm text-destructive">
                {errors.globalExitDomain.message}
              </p>
            ) : (
              <p id={ids.exitHint} className="text-xs text-muted-foreground">
                Exit clicks from landers go through this host; the lander receives it as the exitUrl parameter. Leave it empty
                and exit clicks use the tracking link's domain.
              </p>
            )}
          </div>
          <div>
            <Button type="submit" disabled={saveSettings.isPending}>
              {saveSettings.isPending ? 'Saving...' : 'Save Domains'}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
