// The 'Pixel Unlocker' tab (spec §2 TikTok Pixels): fire one test event at a pixel through the
// TikTok Events API, with an optional test event code, and show TikTok's answer with a Success or
// Error badge; a how-to list beside it.
import { DEFAULT_TIKTOK_EVENT, SELECT_PIXEL_MESSAGE, TIKTOK_EVENTS, type TiktokEventName } from '@tracker/schemas';
import { Zap } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { ApiError } from '../../lib/api';
import { Badge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/Card';
import { Input } from '../../ui/Input';
import { Label } from '../../ui/Label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../ui/Select';
import { toast } from '../../ui/use-toast';
import { useFireTestEvent, usePixels } from './queries';

interface ShownResult {
  success: boolean;
  body: unknown;
}

/** What the panel shows for a failed call: the server's JSON when it sent some, else its text. */
function failureBody(error: Error): unknown {
  if (error instanceof ApiError) {
    try {
      return JSON.parse(error.bodyText);
    } catch {
      return { message: error.message };
    }
  }
  return { message: error.message };
}

export function PixelUnlocker() {
  const pixels = usePixels({ poll: true });
  const fireEvent = useFireTestEvent();
  const [pixelId, setPixelId] = useState('');
  const [eventName, setEventName] = useState<TiktokEventName>(DEFAULT_TIKTOK_EVENT);
  const [testEventCode, setTestEventCode] = useState('');
  const [result, setResult] = useState<ShownResult | null>(null);
  const ids = { pixel: useId(), event: useId(), code: useId() };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!pixelId) {
      toast({ title: 'Validation error', description: SELECT_PIXEL_MESSAGE, variant: 'destructive' });
      return;
    }
    setResult(null);
    fireEvent.mutate(
      { id: Number(pixelId), body: { eventName, testEventCode: testEventCode.trim() || undefined } },
      {
        onSuccess: (answer) => setResult({ success: answer.success, body: answer }),
        onError: (error) => setResult({ success: false, body: failureBody(error) }),
      },
    );
  };

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
      <Card>
        <CardHeader>
          <CardTitle>
            <h2>Fire a Test Event</h2>
          </CardTitle>
          <CardDescription>Send one event to TikTok to check a pixel and its access token.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-6">
          <form className="grid gap-4" onSubmit={onSubmit} aria-label="Fire a Test Event">
            <div className="grid gap-4 sm:grid-cols-2">
              <div className="grid gap-2">
                <Label htmlFor={ids.pixel}>Pixel</Label>
                <Select value={pixelId} onValueChange={setPixelId}>
                  <SelectTrigger id={ids.pixel}>
                    <SelectValue placeholder={pixels.isPending ? 'Loading pixels...' : 'Select a pixel'} />
                  </SelectTrigger>
                  <SelectContent>
                    {(pixels.data ?? []).map((pixel) => (
                      <SelectItem key={pixel.id} value={String(pixel.id)}>
                        {pixel.name} ({pixel.pixelId})
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              </div>
              <div className="grid gap-2">
                <Label htmlFor={ids.event}>Event Name</Label>
                <Select value={eventName} onValueChange={(value) => setEventName(value as TiktokEventName)}>
                  <SelectTrigger id={ids.event}>
                    <SelectValue />
                  </SelectTrigger>
                  <SelectContent>
                    {TIKTOK_EVENTS.map((name) => (
                      <SelectItem key={name} value={name}>
                        {name}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              </div>
            </div>
            <div className="grid gap-2">
              <Label htmlFor={ids.code}>Test Event Code (optional)</Label>
              <Input
                id={ids.code}
                placeholder="TEST12345"
                autoComplete="off"
                value={testEventCode}
                onChange={(event) => setTestEventCode(event.target.value)}
              />
            </div>
            <div>
              <Button type="submit" disabled={fireEvent.isPending}>
                <Zap aria-hidden="true" />
                {fireEvent.isPending ? 'Firing...' : 'Fire Test Event'}
              </Button>
            </div>
          </form>

          {result && (
            <section className="grid gap-2" aria-label="TikTok response">
              <div className="flex items-center gap-2">
                <h3 className="text-sm font-medium">Response</h3>
                <Badge variant={result.success ? 'success' : 'destructive'}>{result.success ? 'Success' : 'Error'}</Badge>
              </div>
              <pre className="max-h-80 overflow-auto rounded-md border bg-muted/50 p-3 font-mono text-xs">
                {JSON.stringify(result.body, null, 2)}
              </pre>
            </section>
          )}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>
            <h2>How to use</h2>
          </CardTitle>
        </CardHeader>
        <CardContent>
          <ol className="list-decimal space-y-2 pl-5 text-sm text-muted-foreground">
            <li>Select the pixel to test.</li>
            <li>Choose the event to send, such as CompletePayment.</li>
            <li>
              To watch it arrive, open the pixel in TikTok Events Manager, go to Test Events, and copy its test event code into the
              field.
            </li>
            <li>Click Fire Test Event and read TikTok's answer below the form.</li>
            <li>A Success badge means TikTok accepted the event; the event then shows in Events Manager.</li>
          </ol>
        </CardContent>
      </Card>
    </div>
  );
}
