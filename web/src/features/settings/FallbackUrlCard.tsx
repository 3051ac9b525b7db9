// Fallback URL (setting `fallback_url`; Voluum's "default redirect"): where the tracker sends a
// visitor it cannot route, so paid traffic is never stranded on a not-found page. Blank clears it.
import { fallbackUrlSchema } from '@tracker/schemas';
import { useId, useState, type FormEvent } from 'react';
import { parseOrToast } from '../../lib/failure-toast';
import { Button } from '../../ui/Button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/Card';
import { Input } from '../../ui/Input';
import { Label } from '../../ui/Label';
import { useSaveSettings } from './queries';

export function FallbackUrlCard({ stored }: { stored: string | null }) {
  const saveSettings = useSaveSettings();
  const [value, setValue] = useState(stored ?? '');
  const id = useId();
  const hintId = useId();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const cleared = value.trim() === '';
    const parsed = cleared ? null : parseOrToast(fallbackUrlSchema, value);
    if (!cleared && parsed === null) return;
    // Show what is stored: the server normalises the URL the same way.
    setValue(parsed ?? '');
    saveSettings.mutate([{ key: 'fallback_url', value: parsed }]);
  };

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
              value={value}
              aria-describedby={hintId}
              onChange={(event) => setValue(event.target.value)}
            />
            <Button type="submit" disabled={saveSettings.isPending}>
              Save
            </Button>
          </div>
          <p id={hintId} className="text-xs text-muted-foreground">
            Sent as entered, without a click id, and not counted as a click. Leave blank to show the not-found page.
          </p>
        </form>
      </CardContent>
    </Card>
  );
}
