// A notification channel as answers show it: the secret only masked (a Slack URL down to its host and
// last four characters, a bot token to the bot's id), a webhook's URL with its password masked.
import { decryptSecret, maskSecret, maskUrlCredentials, type schema } from '@tracker/core';
import type { AlertKind, NotificationChannelView } from '@tracker/schemas';

export type ChannelRow = typeof schema.notificationChannels.$inferSelect;

/** The stored secret, or null when this server's key cannot open it (the key changed). */
export function readChannelSecret(row: Pick<ChannelRow, 'secret'>, secretsKey: Buffer): string | null {
  try {
    return decryptSecret(secretsKey, row.secret);
  } catch {
    return null;
  }
}

/** https://hooks.slack.com/services/T0/B0/xyz → https://hooks.slack.com/services/••••…xyz's last 4. */
export function maskSlackUrl(url: string): string {
  if (!URL.canParse(url)) return maskSecret(url);
  const parsed = new URL(url);
  const first = parsed.pathname.split('/').filter(Boolean)[0];
  return `${parsed.origin}/${first ? `${first}/` : ''}${maskSecret(url)}`;
}

function targetOf(row: ChannelRow, secret: string | null): string {
  switch (row.type) {
    case 'slack':
      return secret ? maskSlackUrl(secret) : 'Slack webhook (unreadable: enter its URL again)';
    case 'telegram': {
      // The part before the colon is the bot's public id; the rest is the secret.
      const bot = secret?.split(':')[0];
      return `Chat ${row.chatId ?? '?'}${bot ? ` · bot ${bot}` : ''}`;
    }
    case 'webhook':
      return maskUrlCredentials(row.url ?? '');
  }
}

export function channelView(row: ChannelRow, secretsKey: Buffer): NotificationChannelView {
  const secret = readChannelSecret(row, secretsKey);
  return {
    id: row.id,
    type: row.type,
    name: row.name,
    target: targetOf(row, secret),
    url: row.type === 'webhook' ? maskUrlCredentials(row.url ?? '') : null,
    chatId: row.type === 'telegram' ? row.chatId : null,
    secretMasked: secret ? maskSecret(secret) : '••••',
    alertKinds: row.alertKinds as AlertKind[],
    createdAt: row.createdAt.toISOString(),
  };
}
