// Settings → Alerts: when two of the checks fire. Hours without conversions (a campaign that converted
// yesterday and not for this many hours of today) and the report lag in minutes; each saved when its
// field is left with a changed value, like the domain price.
import { zodResolver } from '@hookform/resolvers/zod';
import {
  conversionsSilentHoursSchema,
  DEFAULT_CONVERSIONS_SILENT_HOURS,
  DEFAULT_PROJECTOR_LAG_MINUTES,
  projectorLagMinutesSchema,
  type SettingKey,
} from '@tracker/schemas';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { toastValidationError } from '../../lib/failure-toast';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/Card';
import { FieldError } from '../../ui/FieldError';
import { Input } from '../../ui/Input';
import { Label } from '../../ui/Label';
import { useSaveSettings } from '../settings/queries';

const thresholdsSchema = z.object({ hours: conversionsSilentHoursSchema, lagMinutes: projectorLagMinutesSchema });
type Field = 'hours' | 'lagMinutes';
const KEYS: Record<Field, SettingKey> = { hours: 'alert_conversions_silent_hours', lagMinutes: 'alert_projector_lag_minutes' };

export function AlertThresholdsCard({ hours, lagMinutes }: { hours: string | null; lagMinutes: string | null }) {
  const saveSettings = useSaveSettings();
  const [saved, setSaved] = useState({ hours: hours ?? String(DEFAULT_CONVERSIONS_SILENT_HOURS), lagMinutes: lagMinutes ?? String(DEFAULT_PROJECTOR_LAG_MINUTES) });
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: zodResolver(thresholdsSchema), defaultValues: saved });
  const ids = { hours: useId(), hoursError: useId(), lag: useId(), lagError: useId() };

  const save = (field: Field) =>
    handleSubmit((values) => {
      if (values[field] === saved[field]) return;
      saveSettings.mutate([{ key: KEYS[field], value: values[field] }], { onSuccess: () => setSaved((s) => ({ ...s, [field]: values[field] })) });
    }, toastValidationError)();

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Alert thresholds</h2>
        </CardTitle>
        <CardDescription>
          A TikTok spend sync fires after an hour of failing. Saved when you leave a field.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4 sm:grid-cols-2">
        <div className="grid content-start gap-2">
          <Label htmlFor={ids.hours}>Hours without conversions</Label>
          <Input
            id={ids.hours}
            type="number"
            inputMode="numeric"
            min={1}
            max={23}
            step={1}
            aria-invalid={errors.hours ? true : undefined}
            aria-describedby={errors.hours ? ids.hoursError : undefined}
            {...register('hours', { onBlur: () => void save('hours') })}
          />
          <FieldError id={ids.hoursError} error={errors.hours} />
          <p className="text-xs text-muted-foreground">A campaign that converted yesterday and not for this many hours today.</p>
        </div>
        <div className="grid content-start gap-2">
          <Label htmlFor={ids.lag}>Report lag (minutes)</Label>
          <Input
            id={ids.lag}
            type="number"
            inputMode="numeric"
            min={1}
            max={1440}
            step={1}
            aria-invalid={errors.lagMinutes ? true : undefined}
            aria-describedby={errors.lagMinutes ? ids.lagError : undefined}
            {...register('lagMinutes', { onBlur: () => void save('lagMinutes') })}
          />
          <FieldError id={ids.lagError} error={errors.lagMinutes} />
          <p className="text-xs text-muted-foreground">Clicks and conversions this old not yet in the reports.</p>
        </div>
      </CardContent>
    </Card>
  );
}
