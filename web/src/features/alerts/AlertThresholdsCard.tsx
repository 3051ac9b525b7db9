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

/** The two fields, each with its label, bounds and what it means. */
const FIELDS: ReadonlyArray<{ field: Field; label: string; max: number; help: string }> = [
  { field: 'hours', label: 'Hours without conversions', max: 23, help: 'A campaign that converted yesterday and not for this many hours today.' },
  { field: 'lagMinutes', label: 'Report lag (minutes)', max: 1440, help: 'Clicks and conversions this old not yet in the reports.' },
];

export function AlertThresholdsCard({ hours, lagMinutes }: { hours: string | null; lagMinutes: string | null }) {
  const saveSettings = useSaveSettings();
  const [saved, setSaved] = useState({ hours: hours ?? String(DEFAULT_CONVERSIONS_SILENT_HOURS), lagMinutes: lagMinutes ?? String(DEFAULT_PROJECTOR_LAG_MINUTES) });
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: zodResolver(thresholdsSchema), defaultValues: saved });
  const idPrefix = useId();

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
        {FIELDS.map(({ field, label, max, help }) => {
          const id = `${idPrefix}-${field}`;
          const errorId = `${id}-error`;
          return (
            <div key={field} className="grid content-start gap-2">
              <Label htmlFor={id}>{label}</Label>
              <Input
                id={id}
                type="number"
                inputMode="numeric"
                min={1}
                max={max}
                step={1}
                aria-invalid={errors[field] ? true : undefined}
                aria-describedby={errors[field] ? errorId : undefined}
                {...register(field, { onBlur: () => void save(field) })}
              />
              <FieldError id={errorId} error={errors[field]} />
              <p className="text-xs text-muted-foreground">{help}</p>
            </div>
          );
        })}
      </CardContent>
    </Card>
  );
}
