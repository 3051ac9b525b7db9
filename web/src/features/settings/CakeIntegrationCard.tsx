// Settings → Integrations → CAKE: the network's base URL, affiliate id and API key
// (shown masked; left blank it stays as stored), 'Sync now', and the last run's time, rows and error.
import { formatDistanceToNow } from 'date-fns';
import { RefreshCw } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { errorMessage } from '../../lib/api';
import { formatCount } from '../../lib/format';
import { Button } from '../../ui/Button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/Card';
import { Input } from '../../ui/Input';
import { Label } from '../../ui/Label';
import { useCakeIntegration, useSaveCakeIntegration, useSyncCake } from './cake-queries';

export function CakeIntegrationCard() {
  const cake = useCakeIntegration();
  const save = useSaveCakeIntegration();
  const sync = useSyncCake();
  const [baseUrl, setBaseUrl] = useState('');
  const [affiliateId, setAffiliateId] = useState('');
  const [apiKey, setApiKey] = useState('');
  const ids = { baseUrl: useId(), affiliateId: useId(), apiKey: useId() };

  useEffect(() => {
    if (cake.data) {
      setBaseUrl(cake.data.baseUrl);
      setAffiliateId(cake.data.affiliateId);
    }
  }, [cake.data]);

  const data = cake.data;
  const onSave = (event: React.FormEvent) => {
    event.preventDefault();
    save.mutate({ baseUrl, affiliateId, apiKey }, { onSuccess: () => setApiKey('') });
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>CAKE</h2>
        </CardTitle>
        <CardDescription>
          Pulls the network&apos;s conversions and sub-id stats on a schedule and on demand. Postbacks stay the source of truth: CAKE adds only the
          conversions no postback reported, matched by the click id in subid2.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {cake.isPending ? (
          <p className="text-sm text-muted-foreground">Loading...</p>
        ) : cake.isError ? (
          <p className="text-sm text-destructive">Could not load the CAKE settings: {errorMessage(cake.error)}</p>
        ) : (
          <>
            <form className="grid gap-3" onSubmit={onSave}>
              <div className="grid gap-1.5">
                <Label htmlFor={ids.baseUrl}>Base URL</Label>
                <Input id={ids.baseUrl} type="url" value={baseUrl} onChange={(e) => setBaseUrl(e.target.value)} placeholder="https://network.example" />
              </div>
              <div className="grid gap-3 sm:grid-cols-2">
                <div className="grid gap-1.5">
                  <Label htmlFor={ids.affiliateId}>Affiliate ID</Label>
                  <Input id={ids.affiliateId} inputMode="numeric" value={affiliateId} onChange={(e) => setAffiliateId(e.target.value)} placeholder="208330" />
                </div>
                <div className="grid gap-1.5">
                  <Label htmlFor={ids.apiKey}>API key</Label>
                  <Input
                    id={ids.apiKey}
                    type="password"
                    autoComplete="off"
                    value={apiKey}
                    onChange={(e) => setApiKey(e.target.value)}
                    placeholder={data?.apiKeyMasked ? `${data.apiKeyMasked} (unchanged)` : 'Your CAKE API key'}
                  />
                </div>
              </div>
              <div className="flex flex-wrap gap-2">
                <Button type="submit" disabled={save.isPending} aria-label="Save CAKE settings">
                  {save.isPending ? 'Saving...' : 'Save'}
                </Button>
                <Button type="button" variant="outline" disabled={!data?.configured || sync.isPending} onClick={() => sync.mutate()}>
                  <RefreshCw className={sync.isPending ? 'animate-spin' : undefined} aria-hidden="true" />
                  {sync.isPending ? 'Syncing...' : 'Sync now'}
                </Button>
              </div>
            </form>
            <div className="grid gap-1 text-sm" aria-label="Last CAKE sync">
              {!data?.lastRunAt ? (
                <p className="text-muted-foreground">{data?.configured ? 'Not synced yet.' : 'Not configured.'}</p>
              ) : (
                <>
                  <p>
                    Last run {formatDistanceToNow(new Date(data.lastRunAt), { addSuffix: true })}: {formatCount(data.lastRows ?? 0)} rows
                    {data.lastDurationMs !== null ? ` in ${(data.lastDurationMs / 1000).toFixed(1)} s` : ''}
                  </p>
                  {data.lastError && <p className="text-destructive">Last error: {data.lastError}</p>}
                </>
              )}
            </div>
          </>
        )}
      </CardContent>
    </Card>
  );
}
