// The Configure DNS dialog (spec §2, §5): the tracking subdomain, default trk, checked before it is
// sent; Configure creates the Cloudflare zone, points the registrar at it, adds the proxied record
// and the edge worker's route. Also used for Retry Configuration.
import { DEFAULT_SUBDOMAIN, subdomainProblem } from '@tracker/schemas';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { Button } from '../../ui/Button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../ui/Dialog';
import { Input } from '../../ui/Input';
import { Label } from '../../ui/Label';
import { useConfigureDomain } from './domain-actions';
import type { Domain } from './queries';

/** `domain` null: closed. */
export function ConfigureDnsDialog({ domain, onClose }: { domain: Domain | null; onClose: () => void }) {
  const ids = { input: useId(), error: useId() };
  const [subdomain, setSubdomain] = useState(DEFAULT_SUBDOMAIN);
  const [problem, setProblem] = useState<string | null>(null);
  const configure = useConfigureDomain();

  useEffect(() => {
    if (domain) {
      setSubdomain(domain.subdomain ?? DEFAULT_SUBDOMAIN);
      setProblem(null);
    }
  }, [domain]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const value = subdomain.trim();
    const found = subdomainProblem(value);
    setProblem(found);
    if (found || !domain) return;
    configure.mutate({ id: domain.id, subdomain: value }, { onSuccess: onClose });
  };

  const preview = `${subdomain.trim() || DEFAULT_SUBDOMAIN}.${domain?.domain ?? ''}`;
  return (
    <Dialog open={domain !== null} onOpenChange={(open) => !open && !configure.isPending && onClose()}>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>Configure DNS</DialogTitle>
          <DialogDescription>
            Cloudflare takes over {domain?.domain}&apos;s DNS and serves the tracker at the subdomain through the edge worker.
          </DialogDescription>
        </DialogHeader>
        <form className="grid gap-4" onSubmit={onSubmit} noValidate aria-label="Configure DNS">
          <div className="grid gap-2">
            <Label htmlFor={ids.input}>Subdomain</Label>
            <Input
              id={ids.input}
              value={subdomain}
              autoComplete="off"
              spellCheck={false}
              onChange={(event) => {
                setSubdomain(event.target.value);
                setProblem(null);
              }}
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? ids.error : undefined}
            />
            {problem ? (
              <p id={ids.error} className="text-sm text-destructive">
                {problem}
              </p>
            ) : (
              <p className="text-sm text-muted-foreground">
                Tracking links will use <code className="font-mono text-xs text-foreground">https://{preview}</code>
              </p>
            )}
          </div>
          <DialogFooter>
            <Button variant="outline" type="button" onClick={onClose} disabled={configure.isPending}>
              Cancel
            </Button>
            <Button type="submit" disabled={configure.isPending}>
              {configure.isPending ? 'Configuring...' : 'Configure'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
