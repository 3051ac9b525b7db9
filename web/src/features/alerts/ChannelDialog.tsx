// The Add / Edit notification channel dialog: the type (fixed once saved), a name, the type's fields
// (Slack's webhook URL; Telegram's bot token and chat; a webhook's URL and signing secret) and the alerts
// it takes (every alert, or the ones ticked). Secrets are never shown back: an edit leaves them blank to
// keep them. A webhook's secret can be generated here, to copy into the receiver.
import { zodResolver } from '@hookform/resolvers/zod';
import {
  ALERT_KIND_LABELS,
  ALERT_KINDS,
  CHANNEL_TYPE_LABELS,
  NOTIFICATION_CHANNEL_TYPES,
  notificationChannelCreateSchema,
  notificationChannelUpdateSchema,
  type AlertKind,
  type NotificationChannelCreate,
  type NotificationChannelType,
  type NotificationChannelUpdate,
  type NotificationChannelView,
} from '@tracker/schemas';
import { KeyRound } from 'lucide-react';
import { useEffect, useId, useMemo, useState } from 'react';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { toastValidationError } from '../../lib/failure-toast';
import { Button } from '../../ui/Button';
import { Checkbox } from '../../ui/Checkbox';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../ui/Dialog';
import { FieldError } from '../../ui/FieldError';
import { Input } from '../../ui/Input';
import { Label } from '../../ui/Label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../ui/Select';
import { TextField } from '../../ui/TextField';
import { CheckboxList } from '../users/CheckboxList';
import { useSaveChannel } from './queries';

interface ChannelFormValues {
  type: NotificationChannelType;
  name: string;
  url: string;
  botToken: string;
  chatId: string;
  secret: string;
  alertKinds: AlertKind[];
}

const EMPTY: ChannelFormValues = { type: 'slack', name: '', url: '', botToken: '', chatId: '', secret: '', alertKinds: [] };

/** The fields each type sends; the others stay in the form (switching back keeps them) but are not sent. */
const TYPE_FIELDS = { slack: ['url'], telegram: ['botToken', 'chatId'], webhook: ['url', 'secret'] } as const;

function bodyOf(values: ChannelFormValues): Record<string, unknown> {
  const body: Record<string, unknown> = { type: values.type, name: values.name, alertKinds: values.alertKinds };
  for (const field of TYPE_FIELDS[values.type]) body[field] = values[field];
  return body;
}

/** The wire schema checks what would be sent: a new channel in full, an edit with its secret left blank to keep. */
function channelResolver(editing: boolean): Resolver<ChannelFormValues, unknown, NotificationChannelCreate | NotificationChannelUpdate> {
  const resolve = (editing ? zodResolver(notificationChannelUpdateSchema) : zodResolver(notificationChannelCreateSchema)) as unknown as Resolver<
    Record<string, unknown>,
    unknown,
    NotificationChannelCreate | NotificationChannelUpdate
  >;
  return (values, context, options) => resolve(bodyOf(values), context, options as never);
}

/** 32 random bytes as base64url: what the Generate button puts in the secret field. */
function newSecret(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes)).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}

const HINTS: Record<NotificationChannelType, string> = {
  slack: 'In Slack: Apps → Incoming Webhooks → Add to Slack, pick the channel, and copy the webhook URL.',
  telegram: 'Create a bot with @BotFather and add it to the group or channel. A group’s chat ID starts with -100.',
  webhook: 'For your own tools: each alert is POSTed as JSON, signed with the secret below (X-Tracker-Signature, HMAC-SHA256; see docs/alerts.md).',
};

/** `channel` null: add mode. */
export function ChannelDialog({ open, onOpenChange, channel }: { open: boolean; onOpenChange: (open: boolean) => void; channel: NotificationChannelView | null }) {
  const save = useSaveChannel();
  const editing = channel !== null;
  const resolver = useMemo(() => channelResolver(editing), [editing]);
  const {
    register,
    control,
    handleSubmit,
    reset,
    watch,
    setValue,
    formState: { errors },
  } = useForm<ChannelFormValues, unknown, NotificationChannelCreate | NotificationChannelUpdate>({ resolver, defaultValues: EMPTY });
  const [pickKinds, setPickKinds] = useState(false);
  const ids = { type: useId(), secret: useId(), secretHint: useId(), secretError: useId(), every: useId() };
  const type = watch('type');
  const keep = (what: string) => (editing ? `Leave blank to keep the current ${what}` : undefined);

  useEffect(() => {
    if (!open) return;
    reset(channel ? { ...EMPTY, type: channel.type, name: channel.name, url: channel.url ?? '', chatId: channel.chatId ?? '', alertKinds: channel.alertKinds } : EMPTY);
    setPickKinds(Boolean(channel && channel.alertKinds.length > 0));
  }, [open, channel, reset]);

  const onSubmit = handleSubmit((body) => save.mutate({ id: channel?.id ?? null, body }, { onSuccess: () => onOpenChange(false) }), toastValidationError);
  const title = editing ? 'Edit channel' : 'Add notification channel';

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>Where alerts are sent: a Slack channel, a Telegram chat, or your own webhook.</DialogDescription>
        </DialogHeader>
        <form className="grid gap-4" onSubmit={onSubmit} noValidate aria-label={title}>
          <div className="grid gap-2">
            <Label htmlFor={ids.type}>Type</Label>
            <Controller
              control={control}
              name="type"
              render={({ field }) => (
                <Select value={field.value} onValueChange={field.onChange} disabled={editing}>
                  <SelectTrigger id={ids.type}>
                    <SelectValue />
                  </SelectTrigger>
                  <SelectContent>
                    {NOTIFICATION_CHANNEL_TYPES.map((t) => (
                      <SelectItem key={t} value={t}>
                        {CHANNEL_TYPE_LABELS[t]}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              )}
            />
            <p className="text-xs text-muted-foreground">{HINTS[type]}</p>
          </div>
          <TextField label="Name" autoComplete="off" placeholder="e.g. Media buying alerts" error={errors.name} {...register('name')} />

          {type === 'slack' && (
            <TextField
              label="Webhook URL"
              type="password"
              autoComplete="off"
              placeholder={keep('URL') ?? 'https://hooks.slack.com/services/…'}
              error={errors.url}
              {...register('url')}
            />
          )}
          {type === 'telegram' && (
            <>
              <TextField label="Bot token" type="password" autoComplete="off" placeholder={keep('token') ?? '123456789:AAH…'} error={errors.botToken} {...register('botToken')} />
              <TextField label="Chat ID" autoComplete="off" className="font-mono" placeholder="-1001234567890 or @channel" error={errors.chatId} {...register('chatId')} />
            </>
          )}
          {type === 'webhook' && (
            <>
              <TextField label="URL" type="url" autoComplete="off" placeholder="https://ops.example.com/hooks/tracker" error={errors.url} {...register('url')} />
              <div className="grid gap-2">
                <Label htmlFor={ids.secret}>Signing secret</Label>
                <div className="flex gap-2">
                  <Input
                    id={ids.secret}
                    autoComplete="off"
                    spellCheck={false}
                    className="font-mono"
                    placeholder={keep('secret') ?? 'At least 16 characters'}
                    aria-invalid={errors.secret ? true : undefined}
                    aria-describedby={[ids.secretHint, errors.secret && ids.secretError].filter(Boolean).join(' ')}
                    {...register('secret')}
                  />
                  <Button type="button" variant="outline" onClick={() => setValue('secret', newSecret(), { shouldValidate: true })}>
                    <KeyRound aria-hidden="true" />
                    Generate
                  </Button>
                </div>
                <FieldError id={ids.secretError} error={errors.secret} />
                <p id={ids.secretHint} className="text-xs text-muted-foreground">
                  Copy it into your receiver before saving: it is shown only masked afterwards.
                </p>
              </div>
            </>
          )}

          <div className="grid gap-3">
            <div className="flex items-center gap-3">
              <Checkbox
                id={ids.every}
                checked={!pickKinds}
                onCheckedChange={(on) => {
                  setPickKinds(on !== true);
                  // Picking starts from every kind ticked: untick the ones not wanted.
                  setValue('alertKinds', on === true ? [] : [...ALERT_KINDS]);
                }}
              />
              <Label htmlFor={ids.every} className="font-normal">
                Every alert, also ones added later
              </Label>
            </div>
            {pickKinds && (
              <Controller
                control={control}
                name="alertKinds"
                render={({ field }) => (
                  <CheckboxList
                    legend="Alerts this channel receives"
                    className="ml-7 gap-2"
                    options={ALERT_KINDS}
                    checked={new Set(field.value)}
                    // The last ticked alert stays ticked: a channel receiving nothing is deleted instead.
                    onChange={(next) => next.size > 0 && field.onChange(ALERT_KINDS.filter((k) => next.has(k)))}
                    labelOf={(kind) => ALERT_KIND_LABELS[kind]}
                  />
                )}
              />
            )}
          </div>

          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? 'Saving...' : editing ? 'Save Changes' : 'Add channel'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
