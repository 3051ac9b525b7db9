// The View Code dialog: the campaign's TikTok tracking URL with a copy button, and the exit code its
// lander includes (the exit script and an example exit link), with a warning when there is no offer.
import { AlertTriangle, Check, Copy } from 'lucide-react';
import { useId } from 'react';
import { Alert, AlertDescription, AlertTitle } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../ui/Dialog';
import { Label } from '../../ui/Label';
import { useCopyIndicator } from '../../ui/use-copy-indicator';
import type { Campaign } from './queries';
import { exitLinkExample, exitScriptTag, trackingUrl } from './tracking-code';
import { exitOrigin, trackingOrigin, type HostSettings } from './tracking-host';

function CodeBlock({ id, code, copyLabel, copied, onCopy }: { id: string; code: string; copyLabel: string; copied: boolean; onCopy: () => void }) {
  return (
    <div className="flex items-start gap-2">
      <pre
        id={id}
        tabIndex={0}
        className="min-w-0 flex-1 overflow-x-auto rounded-md border bg-muted/50 p-3 font-mono text-xs leading-relaxed break-all whitespace-pre-wrap"
      >
        {code}
      </pre>
      <Button variant="outline" size="sm" onClick={onCopy} aria-label={copyLabel} aria-describedby={id}>
        {copied ? <Check className="text-emerald-600" aria-hidden="true" /> : <Copy aria-hidden="true" />}
        {copied ? 'Copied' : 'Copy'}
      </Button>
    </div>
  );
}

export function ViewCodeDialog({
  open,
  campaign,
  hostSettings,
  onOpenChange,
}: {
  open: boolean;
  campaign: Campaign | null;
  hostSettings: HostSettings;
  onOpenChange: (open: boolean) => void;
}) {
  const { copiedKey, copy } = useCopyIndicator({ successToast: true });
  const ids = { url: useId(), exit: useId() };
  const origin = window.location.origin;

  const url = campaign ? trackingUrl(trackingOrigin(campaign, hostSettings, origin), campaign.id, campaign.spark?.sparkId) : '';
  const exitHost = campaign ? exitOrigin(campaign, hostSettings, origin) : '';
  const exitCode = campaign ? `${exitScriptTag(exitHost)}\n\n<!-- An exit link: the script adds the visitor's clickId -->\n${exitLinkExample(exitHost)}` : '';

  return (
    <Dialog open={open && campaign !== null} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>Tracking Code: {campaign?.name}</DialogTitle>
          <DialogDescription>Campaign ID {campaign?.id}</DialogDescription>
        </DialogHeader>

        <section className="grid gap-2" aria-labelledby={`${ids.url}-label`}>
          <Label id={`${ids.url}-label`} asChild>
            <h3>Tracking URL</h3>
          </Label>
          <p className="text-sm text-muted-foreground">
            Use it as the destination URL of your TikTok ads. TikTok fills in the __MACROS__ when it serves the ad.
            {campaign?.spark && ` It carries the spark "${campaign.spark.name}".`}
          </p>
          <CodeBlock
            id={ids.url}
            code={url}
            copyLabel="Copy tracking URL"
            copied={copiedKey === 'url'}
            onCopy={() => void copy('url', url)}
          />
        </section>

        <section className="grid gap-2" aria-labelledby={`${ids.exit}-label`}>
          <Label id={`${ids.exit}-label`} asChild>
            <h3>Lander Exit Code</h3>
          </Label>
          {campaign && !campaign.offer && (
            <Alert variant="warning">
              <AlertTriangle aria-hidden="true" />
              <AlertTitle>This campaign has no offer</AlertTitle>
              <AlertDescription>Exit clicks from its lander have nowhere to go. Edit the campaign and choose an offer.</AlertDescription>
            </Alert>
          )}
          <p className="text-sm text-muted-foreground">
            Add the script to your lander's page. It fills in the visitor's clickId on every link marked <code>data-exit</code>, which then
            leads on to the campaign's offer.
          </p>
          <CodeBlock
            id={ids.exit}
            code={exitCode}
            copyLabel="Copy exit code"
            copied={copiedKey === 'exit'}
            onCopy={() => void copy('exit', exitCode)}
          />
        </section>
      </DialogContent>
    </Dialog>
  );
}
