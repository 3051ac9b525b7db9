// Adds a notification channel or changes one. The secret of its type (the Slack URL, the bot token, the
// HMAC secret) is sealed with the secrets key; an edit that leaves it blank keeps the stored one, and a
// webhook URL sent back with its password masked keeps the stored password. A URL on a private or
// loopback address is refused when saved, unless NOTIFY_ALLOW_PRIVATE.
import { eq } from 'drizzle-orm';
import { badRequest, encryptSecret, notFound, outgoingRefusal, restoreMaskedPassword, schema, type Db, type OutgoingPolicy } from '@tracker/core';
import {
  CHANNEL_SECRET_FIELD,
  notificationChannelCreateSchema,
  type NotificationChannelInput,
  type NotificationChannelType,
  type NotificationChannelUpdate,
} from '@tracker/schemas';
import { readChannelSecret, type ChannelRow } from './channel-view';

export const CHANNEL_NOT_FOUND = 'Notification channel not found';

export interface ChannelDeps {
  db: Db;
  secretsKey: Buffer;
  /** Where channels may post (NOTIFY_ALLOW_PRIVATE). */
  outgoing: OutgoingPolicy;
}

const FIELDS: Record<NotificationChannelType, readonly string[]> = {
  slack: ['url'],
  telegram: ['botToken', 'chatId'],
  webhook: ['url', 'secret'],
};

function secretOf(input: NotificationChannelInput): string {
  switch (input.type) {
    case 'slack':
      return input.url;
    case 'telegram':
      return input.botToken;
    case 'webhook':
      return input.secret;
  }
}

async function refuseUnreachable(input: NotificationChannelInput, outgoing: OutgoingPolicy): Promise<void> {
  if (input.type === 'telegram') return;
  const refusal = await outgoingRefusal(input.url, outgoing);
  if (refusal) throw badRequest(`url: ${refusal}`);
}

function rowValues(input: NotificationChannelInput, secretsKey: Buffer) {
  return {
    type: input.type,
    name: input.name,
    url: input.type === 'webhook' ? input.url : null,
    chatId: input.type === 'telegram' ? input.chatId : null,
    secret: encryptSecret(secretsKey, secretOf(input)),
    alertKinds: input.alertKinds,
  };
}

export async function createChannel(deps: ChannelDeps, input: NotificationChannelInput): Promise<ChannelRow> {
  await refuseUnreachable(input, deps.outgoing);
  const [row] = await deps.db.insert(schema.notificationChannels).values(rowValues(input, deps.secretsKey)).returning();
  return row!;
}

/** The first problem of a merged channel, as the API's validation errors read: 'field: message'. */
function parseMerged(merged: Record<string, unknown>): NotificationChannelInput {
  const parsed = notificationChannelCreateSchema.safeParse(merged);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  const field = issue.path.join('.');
  throw badRequest(field && !issue.message.toLowerCase().includes(field.toLowerCase()) ? `${field}: ${issue.message}` : issue.message);
}

export async function updateChannel(deps: ChannelDeps, row: ChannelRow, body: NotificationChannelUpdate): Promise<ChannelRow> {
  if (body.type !== undefined && body.type !== row.type) {
    throw badRequest(`type: a ${row.type} channel cannot become a ${body.type} channel; add a new channel instead`);
  }
  for (const field of ['url', 'botToken', 'chatId', 'secret'] as const) {
    if (body[field] !== undefined && !FIELDS[row.type].includes(field)) throw badRequest(`${field}: not a field of ${row.type} channels`);
  }
  const secretField = CHANNEL_SECRET_FIELD[row.type];
  const sent = body[secretField];
  let secret = sent;
  if (!sent) {
    const stored = readChannelSecret(row, deps.secretsKey);
    if (stored === null) throw badRequest(`${secretField}: the stored one cannot be read with this server's secrets key; enter it again`);
    secret = stored;
  }
  const merged: Record<string, unknown> = { type: row.type, name: body.name ?? row.name, alertKinds: body.alertKinds ?? row.alertKinds };
  if (row.type === 'slack') merged.url = secret;
  if (row.type === 'telegram') Object.assign(merged, { botToken: secret, chatId: body.chatId ?? row.chatId });
  if (row.type === 'webhook') Object.assign(merged, { url: body.url === undefined ? row.url : restoreMaskedPassword(body.url, row.url ?? undefined), secret });
  const input = parseMerged(merged);
  await refuseUnreachable(input, deps.outgoing);
  const [updated] = await deps.db
    .update(schema.notificationChannels)
    .set({ ...rowValues(input, deps.secretsKey), updatedAt: new Date() })
    .where(eq(schema.notificationChannels.id, row.id))
    .returning();
  if (!updated) throw notFound(CHANNEL_NOT_FOUND);
  return updated;
}
