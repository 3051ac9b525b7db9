// Settings → Mail: where verification codes come from. The IMAP mailbox (password masked)
// with its last poll, last error and counts, or how to configure one; the inbound hook URL with its key
// for forwarding services, with its counts; and how many days codes are kept.
import { zodResolver } from '@hookform/resolvers/zod';
import { codesRetentionDaysSchema, DEFAULT_CODES_RETENTION_DAYS, type MailSourceStatus } from '@tracker/schemas';
import { format } from 'date-fns';
import { Check, Copy } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { errorMessage } from '../../lib/api';
import { toastValidationError } from '../../lib/failure-toast';
import { Badge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/Card';
import { FieldError } from '../../ui/FieldError';
import { Input } from '../../ui/Input';
import { Label } from '../../ui/Label';
import { Textarea } from '../../ui/Textarea';
import { useCopyIndicator } from '../../ui/use-copy-indicator';
import { useInboundEmailUrl, useMailStatus } from '../codes/queries';
import { useSaveSettings } from './queries';

const when = (iso: string | null) => (iso ? format(new Date(iso), 'MMM d, yyyy h:mm:ss a') : 'never');

function Counts({ source }: { source: MailSourceStatus }) {
  return (
    <p className="text-sm">
      <span className="font-medium tabular-nums">{source.stored}</span> stored ·{' '}
      <span className="font-medium tabular-nums">{source.skipped}</span> skipped (no code) ·{' '}
      <span className="font-medium tabular-nums">{source.duplicates}</span> duplicates
    </p>
  );
}

const retentionFormSchema = z.object({ days: codesRetentionDaysSchema });

function RetentionField({ stored }: { stored: number }) {
  const saveSettings = useSaveSettings();
  const [saved, setSaved] = useState(String(stored));
  const {
    register,
    handleSubmit,
    setValue,
    formState: { errors },
  } = useForm({ resolver: zodResolver(retentionFormSchema), defaultValues: { days: saved } });
  const id = useId();
  const errorId = useId();
  const save = handleSubmit(({ days }) => {
    setValue('days', days);
    if (days === saved) return;
    saveSettings.mutate([{ key: 'codes_retention_days', value: days }], { onSuccess: () => setSaved(days) });
  }, toastValidationError);
  return (
    <div className="grid max-w-xs gap-2">
      <Label htmlFor={id}>Keep codes for (days)</Label>
      <Input
        id={id}
        type="number"
        min={1}
        max={365}
        step={1}
        aria-invalid={errors.days ? true : undefined}
        aria-describedby={errors.days ? errorId : undefined}
        {...register('days', { onBlur: () => void save() })}
      />
      <FieldError id={errorId} error={errors.days} />
      <p className="text-xs text-muted-foreground">Older codes are deleted every hour. Saved when you leave the field.</p>
    </div>
  );
}

export function MailCard() {
  const status = useMailStatus();
  const hook = useInboundEmailUrl();
  const { copiedKey, copy } = useCopyIndicator();
  const hookId = useId();
  const url = hook.data?.url ?? '';
  const imap = status.data?.imap;

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Mail</h2>
        </CardTitle>
        <CardDescription>
          Where the verification codes on the Codes screen come from: an IMAP mailbox the tracker polls, or mail forwarded to
          the inbound hook.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        {status.isError ? (
          <p className="text-sm text-destructive">Could not load the mail status: {errorMessage(status.error)}</p>
        ) : !status.data || !imap ? (
          <p className="text-sm text-muted-foreground">Loading...</p>
        ) : (
          <>
            <section className="grid gap-1" aria-label="IMAP mailbox">
              <div className="flex items-center gap-2">
                <h3 className="font-medium">IMAP mailbox</h3>
                {imap.configured ? (
                  <Badge variant={imap.lastError ? 'destructive' : 'secondary'}>{imap.lastError ? 'Failing' : 'Configured'}</Badge>
                ) : (
                  <Badge variant="outline">Not configured</Badge>
                )}
              </div>
              {imap.configured ? (
                <>
                  <p className="font-mono text-xs break-all">{imap.mailbox}</p>
                  <p className="text-sm text-muted-foreground">
                    Polled every {imap.pollSeconds} s · last poll {when(imap.lastPollAt)}
                  </p>
                  {imap.lastError && (
                    <p className="text-sm text-destructive">
                      Last error ({when(imap.lastErrorAt)}): {imap.lastError}
                    </p>
                  )}
                  <Counts source={imap} />
                </>
              ) : (
                <p className="text-sm text-muted-foreground">
                  No IMAP source: set <code className="font-mono">CODES_IMAP_URL</code> (for example{' '}
                  <code className="font-mono">imaps://user:password@imap.example.com:993/INBOX</code>) and restart the tracker.
                </p>
              )}
            </section>

            <section className="grid gap-2" aria-label="Inbound hook">
              <h3 className="font-medium">Inbound hook</h3>
              <p className="text-sm text-muted-foreground">
                For forwarding services (Cloudflare Email Routing, Mailgun, SES): POST one raw message (message/rfc822 or
                text/plain) to this URL. Last mail {when(status.data.inbound.lastMailAt)}.
              </p>
              <Label htmlFor={hookId} className="sr-only">
                Inbound hook URL
              </Label>
              {hook.isError ? (
                <p className="text-sm text-destructive">Could not load the hook URL: {errorMessage(hook.error)}</p>
              ) : (
                <div className="flex items-start gap-2">
                  <Textarea
                    id={hookId}
                    readOnly
                    rows={2}
                    spellCheck={false}
                    value={hook.isPending ? 'Loading...' : url}
                    className="field-sizing-content min-h-0 resize-none font-mono text-xs break-all md:text-xs"
                    onFocus={(event) => event.currentTarget.select()}
                  />
                  <Button variant="outline" disabled={!url} onClick={() => void copy('hook', url)}>
                    {copiedKey === 'hook' ? <Check className="text-emerald-600" aria-hidden="true" /> : <Copy aria-hidden="true" />}
                    {copiedKey === 'hook' ? 'Copied!' : 'Copy'}
                  </Button>
                </div>
              )}
              <Counts source={status.data.inbound} />
            </section>

            <RetentionField stored={status.data.retentionDays ?? DEFAULT_CODES_RETENTION_DAYS} />
          </>
        )}
      </CardContent>
    </Card>
  );
}
