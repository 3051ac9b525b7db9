// Alerts and the notification channels they go out through (Settings → Alerts, admin only): the channel
// bodies and answers, the alert kinds a channel subscribes to, the test send's answer and the alert log.
// What each kind watches, and how a channel is called, is told in docs/alerts.md.
import { z } from 'zod';
import { checkRange, dateRange } from './reports';
import { httpUrl } from './http-url';
import { singleLine } from './text-fields';
import { wireTimestamp } from './wire-values';

export const NOTIFICATION_CHANNEL_TYPES = ['slack', 'telegram', 'webhook'] as const;
export type NotificationChannelType = (typeof NOTIFICATION_CHANNEL_TYPES)[number];
export const CHANNEL_TYPE_LABELS: Record<NotificationChannelType, string> = { slack: 'Slack', telegram: 'Telegram', webhook: 'Webhook' };

/** What the alert checks watch; a channel takes every kind, or the ones it lists. */
export const ALERT_KINDS = ['spend-sync', 'conversions-stopped', 'projector-lag', 'event-log-spill', 'domain-inactive', 'rule-action'] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];
export const ALERT_KIND_LABELS: Record<AlertKind, string> = {
  'spend-sync': 'TikTok spend sync failing',
  'conversions-stopped': 'Campaign conversions stopped',
  'projector-lag': 'Reports falling behind',
  'event-log-spill': 'Events waiting in the spill',
  'domain-inactive': 'Domain no longer active',
  'rule-action': 'Automation rule acted',
};

/** The job that runs every check and sends what changed (every ALERT_CHECK_MINUTES). */
export const ALERT_CHECK_JOB = 'alert-checks';

export const ALERT_STATES = ['firing', 'resolved'] as const;
export type AlertState = (typeof ALERT_STATES)[number];

/** The settings of the checks (saved through POST /api/settings), and their defaults. */
export const DEFAULT_CONVERSIONS_SILENT_HOURS = 6;
export const DEFAULT_PROJECTOR_LAG_MINUTES = 15;
/** A spend sync failing this long (since its last success) fires. */
export const SPEND_SYNC_FAILING_MS = 60 * 60_000;

/** A whole number from `min` to `max`, stored as its string (a setting's value). */
export function wholeNumberSetting(label: string, min: number, max: number) {
  const message = `${label} must be a whole number from ${min} to ${max}`;
  return z.union([z.string().trim(), z.number()], { error: message }).transform((v, ctx) => {
    const n = typeof v === 'number' ? v : /^\d{1,5}$/.test(v) ? Number(v) : NaN;
    if (!Number.isInteger(n) || n < min || n > max) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return String(n);
  });
}
export const conversionsSilentHoursSchema = wholeNumberSetting('Hours without conversions', 1, 23);
export const projectorLagMinutesSchema = wholeNumberSetting('Report lag minutes', 1, 1440);

// ---- channels ----

const NAME_REQUIRED = 'Name is required';
const name = singleLine('Name', { error: NAME_REQUIRED }).min(1, NAME_REQUIRED).max(100, 'Name must be at most 100 characters');
const channelUrl = (label: string) =>
  httpUrl(label, { error: `${label} is required`, max: 2000 }).refine((v) => v !== '', `${label} is required`);
const slackUrl = channelUrl('Webhook URL');
const webhookUrl = channelUrl('URL');
/** Telegram's bot token: the bot's id, a colon, and its secret (BotFather shows it so). */
const botToken = singleLine('Bot token', { error: 'Bot token is required' })
  .min(1, 'Bot token is required')
  .max(200, 'Bot token is too long')
  .regex(/^\d{1,20}:[A-Za-z0-9_-]{20,}$/, 'Bot token looks like 123456789:AAH…, as BotFather shows it');
/** A chat's numeric id (groups and channels are negative) or a public channel's @username. */
const chatId = singleLine('Chat ID', { error: 'Chat ID is required' })
  .min(1, 'Chat ID is required')
  .max(100, 'Chat ID is too long')
  .regex(/^(-?\d{1,20}|@[A-Za-z][A-Za-z0-9_]{4,31})$/, 'Chat ID is a number such as -1001234567890, or a channel as @name');
export const WEBHOOK_SECRET_MIN = 16;
const secret = singleLine('Secret', { error: 'Secret is required' })
  .min(WEBHOOK_SECRET_MIN, `Secret must be at least ${WEBHOOK_SECRET_MIN} characters`)
  .max(200, 'Secret must be at most 200 characters');
/** The kinds the channel takes; empty: every kind, also kinds added later. */
const alertKinds = z
  .array(z.enum(ALERT_KINDS, { error: `alertKinds holds kinds among ${ALERT_KINDS.join(', ')}` }), { error: 'alertKinds must be a list' })
  .max(50, 'alertKinds holds at most 50 kinds')
  .transform((kinds) => [...new Set(kinds)].sort((a, b) => ALERT_KINDS.indexOf(a) - ALERT_KINDS.indexOf(b)))
  // Every kind listed is the same as none listed: stored as [] so kinds added later reach it too.
  .transform((kinds) => (kinds.length === ALERT_KINDS.length ? [] : kinds));

const kindsOrAll = alertKinds.default([]);
const slackChannel = z.strictObject({ type: z.literal('slack'), name, url: slackUrl, alertKinds: kindsOrAll });
const telegramChannel = z.strictObject({ type: z.literal('telegram'), name, botToken, chatId, alertKinds: kindsOrAll });
const webhookChannel = z.strictObject({ type: z.literal('webhook'), name, url: webhookUrl, secret, alertKinds: kindsOrAll });

/** POST /api/notification-channels. */
export const notificationChannelCreateSchema = z.discriminatedUnion('type', [slackChannel, telegramChannel, webhookChannel], {
  error: `type must be one of ${NOTIFICATION_CHANNEL_TYPES.join(', ')}`,
});
export type NotificationChannelCreate = z.input<typeof notificationChannelCreateSchema>;
export type NotificationChannelInput = z.output<typeof notificationChannelCreateSchema>;

/** The secret-bearing field of each type: a PATCH that leaves it out (or blank) keeps the stored one. */
export const CHANNEL_SECRET_FIELD = { slack: 'url', telegram: 'botToken', webhook: 'secret' } as const satisfies Record<NotificationChannelType, string>;

/**
 * PATCH /api/notification-channels/:id: any of the create body's fields; the route merges them into the stored
 * channel and checks the result as a new one. A blank secret (Slack URL, bot token, HMAC secret) keeps the
 * stored one; `type` may be sent but not changed.
 */
export const notificationChannelUpdateSchema = z.strictObject({
  type: z.enum(NOTIFICATION_CHANNEL_TYPES, { error: `type must be one of ${NOTIFICATION_CHANNEL_TYPES.join(', ')}` }).optional(),
  name: name.optional(),
  url: singleLine('URL').max(2000, 'URL must be at most 2000 characters').optional(),
  botToken: singleLine('Bot token').max(200, 'Bot token is too long').optional(),
  chatId: singleLine('Chat ID').max(100, 'Chat ID is too long').optional(),
  secret: singleLine('Secret').max(200, 'Secret must be at most 200 characters').optional(),
  alertKinds: alertKinds.optional(),
});
export type NotificationChannelUpdate = z.input<typeof notificationChannelUpdateSchema>;

/** One row of GET /api/notification-channels (and a create's or edit's answer): secrets only masked. */
export const notificationChannelViewSchema = z.object({
  id: z.number(),
  type: z.enum(NOTIFICATION_CHANNEL_TYPES),
  name: z.string(),
  /** Where it posts, as the list shows it: Slack's URL and the bot token masked, a webhook's password masked. */
  target: z.string(),
  /** A webhook's URL (its password masked); null for Slack, whose URL is the secret, and Telegram. */
  url: z.string().nullable(),
  chatId: z.string().nullable(),
  /** The stored secret's last four characters behind dots; '••••' when it cannot be read (the key changed). */
  secretMasked: z.string(),
  alertKinds: z.array(z.enum(ALERT_KINDS)),
  createdAt: wireTimestamp,
});
export type NotificationChannelView = z.output<typeof notificationChannelViewSchema>;

/** POST /api/notification-channels/:id/test: what the channel answered, refusals included (not an HTTP error). */
export const channelTestResultSchema = z.object({
  ok: z.boolean(),
  /** 'ok', or why it failed: the service's own error ('no_service', Telegram's description), a time-out, a refusal. */
  message: z.string(),
  /** The last answer's HTTP status; 0 when none came. */
  httpStatus: z.number(),
  attempts: z.number(),
});
export type ChannelTestResult = z.output<typeof channelTestResultSchema>;

// ---- the alert log ----

/** GET /api/alerts: the days (report time zone) whose alert events to list. */
export const alertLogQuerySchema = dateRange.superRefine(checkRange);
export type AlertLogQuery = z.infer<typeof alertLogQuerySchema>;

export const ALERT_DELIVERY_STATUSES = ['pending', 'sent', 'failed'] as const;

const alertDeliverySchema = z.object({
  channelId: z.number().nullable(),
  /** As the channel was named when the event was recorded (it may be gone since). */
  channelName: z.string(),
  channelType: z.enum(NOTIFICATION_CHANNEL_TYPES),
  /** pending: not sent yet, or retried at the next check; failed: given up. */
  status: z.enum(ALERT_DELIVERY_STATUSES),
  attempts: z.number(),
  error: z.string().nullable(),
  sentAt: wireTimestamp.nullable(),
});

const alertEventSchema = z.object({
  id: z.number(),
  key: z.string(),
  kind: z.enum(ALERT_KINDS),
  state: z.enum(ALERT_STATES),
  title: z.string(),
  text: z.string(),
  at: wireTimestamp,
  deliveries: z.array(alertDeliverySchema),
});
export type AlertEventView = z.output<typeof alertEventSchema>;

const firingAlertSchema = z.object({ key: z.string(), kind: z.enum(ALERT_KINDS), title: z.string(), text: z.string(), since: wireTimestamp });
export type FiringAlertView = z.output<typeof firingAlertSchema>;

/** Events listed at most, newest first. */
export const ALERT_LOG_LIMIT = 500;

export const alertLogSchema = z.object({
  timezone: z.string(),
  /** What is firing now, whatever the range. */
  firing: z.array(firingAlertSchema),
  /** Every firing and recovery of the range, newest first, with what was sent where. */
  events: z.array(alertEventSchema),
});
export type AlertLog = z.output<typeof alertLogSchema>;
