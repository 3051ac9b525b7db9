// Maximum Domain Price (spec §2 Settings, §5): a number (step 0.01, min 0, default 5.00), saved when
// the field loses focus and its value changed. Domains over it are refused at the availability check.
import { zodResolver } from '@hookform/resolvers/zod';
import { DEFAULT_MAX_DOMAIN_PRICE, maxDomainPriceSchema } from '@tracker/schemas';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { toastValidationError } from '../../lib/failure-toast';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/Card';
import { FieldError } from '../../ui/FieldError';
import { Input } from '../../ui/Input';
import { Label } from '../../ui/Label';
import { useSaveSettings } from './queries';

const priceFormSchema = z.object({ price: maxDomainPriceSchema });

export function MaxDomainPriceCard({ stored }: { stored: string | null }) {
  const saveSettings = useSaveSettings();
  const [saved, setSaved] = useState(stored ?? DEFAULT_MAX_DOMAIN_PRICE);
  const {
    register,
    handleSubmit,
    setValue,
    formState: { errors },
  } = useForm({ resolver: zodResolver(priceFormSchema), defaultValues: { price: saved } });
  const id = useId();
  const hintId = useId();
  const errorId = useId();

  const save = handleSubmit(({ price }) => {
    // Show the price as stored: with exactly 2 decimals.
    setValue('price', price);
    if (price === saved) return;
    saveSettings.mutate([{ key: 'max_domain_price', value: price }], { onSuccess: () => setSaved(price) });
  }, toastValidationError);

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Domain Purchasing</h2>
        </CardTitle>
        <CardDescription>Domains priced above this are refused when their availability is checked.</CardDescription>
      </CardHeader>
      <CardContent className="grid max-w-xs gap-2">
        <Label htmlFor={id}>Maximum Domain Price ($)</Label>
        <Input
          id={id}
          type="number"
          inputMode="decimal"
          step={0.01}
          min={0}
          aria-invalid={errors.price ? true : undefined}
          aria-describedby={errors.price ? `${hintId} ${errorId}` : hintId}
          {...register('price', { onBlur: () => void save() })}
        />
        <FieldError id={errorId} error={errors.price} />
        <p id={hintId} className="text-xs text-muted-foreground">
          Saved when you leave the field.
        </p>
      </CardContent>
    </Card>
  );
}
