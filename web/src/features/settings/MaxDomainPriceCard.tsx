// Maximum Domain Price (spec §2 Settings, §5): a number (step 0.01, min 0, default 5.00), saved when
// the field loses focus and its value changed. Domains over it are refused at the availability check.
import { DEFAULT_MAX_DOMAIN_PRICE, maxDomainPriceSchema } from '@tracker/schemas';
import { useId, useState } from 'react';
import { parseOrToast } from '../../lib/failure-toast';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/Card';
import { Input } from '../../ui/Input';
import { Label } from '../../ui/Label';
import { useSaveSettings } from './queries';

export function MaxDomainPriceCard({ stored }: { stored: string | null }) {
  const saveSettings = useSaveSettings();
  const [saved, setSaved] = useState(stored ?? DEFAULT_MAX_DOMAIN_PRICE);
  const [value, setValue] = useState(saved);
  const id = useId();
  const hintId = useId();

  const onBlur = () => {
    const price = parseOrToast(maxDomainPriceSchema, value);
    if (price === null) return;
    setValue(price);
    if (price === saved) return;
    saveSettings.mutate([{ key: 'max_domain_price', value: price }], { onSuccess: () => setSaved(price) });
  };

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
          value={value}
          aria-describedby={hintId}
          onChange={(event) => setValue(event.target.value)}
          onBlur={onBlur}
        />
        <p id={hintId} className="text-xs text-muted-foreground">
          Saved when you leave the field.
        </p>
      </CardContent>
    </Card>
  );
}
