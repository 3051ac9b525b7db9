// A notification channel as stored (its secret sealed) opened for sending, and one message sent through it:
// Slack and Telegram get a line of text, a webhook the signed JSON of the alert.
import { decryptSecret, type schema } from '@tracker/core';
import type { NotificationChannelType } from '@tracker/schemas';
import type { NotifyCallOptions, SendOutcome } from './notify-call';
import { postSignedWebhook } from './signed-webhook';
import { postSlackMessage } from './slack-webhook';
import { sendTelegramMessage } from './telegram-bot';

export type ChannelRow = typeof schema.notificationChannels.$inferSelect;

export type OpenChannel =
  | { type: 'slack'; url: string }
  | { type: 'telegram'; botToken: string; chatId: string }
  | { type: 'webhook'; url: string; secret: string };

export interface NotifyOptions extends NotifyCallOptions {
  /** Telegram's Bot API base URL (TELEGRAM_API_URL). */
  telegramApiUrl: string;
}

/** Without configuration: public addresses only, and Telegram's own API. */
export const DEFAULT_NOTIFY_OPTIONS: NotifyOptions = {
  outgoing: { allowPrivate: false, allowedBy: 'NOTIFY_ALLOW_PRIVATE' },
  telegramApiUrl: 'https://api.telegram.org',
};

/** One message to a channel: an alert's firing or recovery, or a test. */
export interface Notification {
  /** Stable across retries of this message (the webhook's delivery id). */
  id: string;
  key: string;
  kind: string;
  state: 'firing' | 'resolved' | 'test';
  title: string;
  text: string;
  at: Date;
}

export class UnreadableChannelError extends Error {
  override name = 'UnreadableChannelError';
}

/** The channel with its secret in the clear; throws UnreadableChannelError when the secrets key changed since it was saved. */
export function openChannel(row: Pick<ChannelRow, 'type' | 'url' | 'chatId' | 'secret'>, secretsKey: Buffer): OpenChannel {
  let secret: string;
  try {
    secret = decryptSecret(secretsKey, row.secret);
  } catch {
    throw new UnreadableChannelError('The channel’s secret cannot be read with this server’s secrets key: edit the channel and enter it again');
  }
  const type: NotificationChannelType = row.type;
  if (type === 'slack') return { type, url: secret };
  if (type === 'telegram') return { type, botToken: secret, chatId: row.chatId ?? '' };
  return { type, url: row.url ?? '', secret };
}

const ICONS = { firing: '🚨', resolved: '✅', test: '🔔' } as const;

function headline(n: Notification): string {
  return n.state === 'resolved' ? `Resolved: ${n.title}` : n.title;
}

/** Slack's mrkdwn wants &, < and > escaped; the title in bold. */
const slackEscape = (value: string) => value.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

export function slackText(n: Notification): string {
  return `${ICONS[n.state]} *${slackEscape(headline(n))}*\n${slackEscape(n.text)}`;
}

export function telegramText(n: Notification): string {
  return `${ICONS[n.state]} ${headline(n)}\n\n${n.text}`;
}

export function sendNotification(channel: OpenChannel, n: Notification, options: NotifyOptions): Promise<SendOutcome> {
  switch (channel.type) {
    case 'slack':
      return postSlackMessage(channel.url, slackText(n), options);
    case 'telegram':
      return sendTelegramMessage({ apiUrl: options.telegramApiUrl, botToken: channel.botToken, chatId: channel.chatId }, telegramText(n), options);
    case 'webhook':
      return postSignedWebhook(
        channel,
        {
          id: n.id,
          type: n.state === 'test' ? 'test' : 'alert',
          alert: { key: n.key, kind: n.kind, state: n.state, title: n.title, text: n.text, at: n.at.toISOString() },
        },
        options,
      );
  }
}
