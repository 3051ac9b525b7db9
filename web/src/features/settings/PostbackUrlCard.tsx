// The read-only Postback URL (spec §2 Settings) from GET /api/postback-url, with a copy button that
// reads 'Copied!' for 2 seconds. The field wraps, so the whole URL (its key and every macro) is visible.
import { Check, Copy } from 'lucide-react';
import { useId } from 'react';
import { errorMessage } from '../../lib/api';
import { Button } from '../../ui/Button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/Card';
import { Label } from '../../ui/Label';
import { Textarea } from '../../ui/Textarea';
import { useCopyIndicator } from '../../ui/use-copy-indicator';
import { usePostbackUrl } from './queries';

export function PostbackUrlCard() {
  const postbackUrl = usePostbackUrl();
  const { copiedKey, copy } = useCopyIndicator();
  const id = useId();
  const url = postbackUrl.data?.url ?? '';

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Postback URL</h2>
        </CardTitle>
        <CardDescription>
          Give this URL to your affiliate network. It reports each conversion with transaction_id, click_id and payout (offer_id,
          offer_name and status are optional).
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-2">
        <Label htmlFor={id}>Postback URL</Label>
        {postbackUrl.isError ? (
          <p className="text-sm text-destructive">Could not load the postback URL: {errorMessage(postbackUrl.error)}</p>
        ) : (
          <div className="flex items-start gap-2">
            <Textarea
              id={id}
              readOnly
              rows={3}
              spellCheck={false}
              value={postbackUrl.isPending ? 'Loading...' : url}
              className="field-sizing-content min-h-0 resize-none font-mono text-xs break-all md:text-xs"
              onFocus={(event) => event.currentTarget.select()}
            />
            <Button variant="outline" disabled={!url} onClick={() => void copy('postback', url)}>
              {copiedKey === 'postback' ? <Check className="text-emerald-600" aria-hidden="true" /> : <Copy aria-hidden="true" />}
              {copiedKey === 'postback' ? 'Copied!' : 'Copy'}
            </Button>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
