// /api/notification-channels (admin only): the channels alerts go out through, on Settings → Alerts:
// list, add, edit, delete, and Send test, which answers what the channel said.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { eq } from 'drizzle-orm';
import { notFound, schema, type Db } from '@tracker/core';
import { DEFAULT_NOTIFY_OPTIONS, sendChannelTest, type NotifyOptions } from '@tracker/integrations';
import {
  channelTestResultSchema,
  notificationChannelCreateSchema,
  notificationChannelUpdateSchema,
  notificationChannelViewSchema,
} from '@tracker/schemas';
import { serialIdOr404 } from '../ids/serial-id';
import { channelView, type ChannelRow } from './channel-view';
import { CHANNEL_NOT_FOUND, createChannel, updateChannel } from './save-channel';

export interface NotificationChannelDeps {
  db: Db;
  secretsKey: Buffer;
  notify: NotifyOptions;
}

const idParams = z.object({ id: z.string() });

export async function notificationChannelRoutes(scope: FastifyInstance, deps: NotificationChannelDeps) {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const channelDeps = { db: deps.db, secretsKey: deps.secretsKey, outgoing: deps.notify.outgoing ?? DEFAULT_NOTIFY_OPTIONS.outgoing! };

  async function channel(raw: string): Promise<ChannelRow> {
    const t = schema.notificationChannels;
    const [row] = await deps.db.select().from(t).where(eq(t.id, serialIdOr404(raw, CHANNEL_NOT_FOUND)));
    if (!row) throw notFound(CHANNEL_NOT_FOUND);
    return row;
  }

  app.get(
    '/notification-channels',
    { config: { access: 'admin' }, schema: { response: { 200: z.array(notificationChannelViewSchema) } } },
    async () => {
      const t = schema.notificationChannels;
      const rows = await deps.db.select().from(t).orderBy(t.name, t.id);
      return rows.map((row) => channelView(row, deps.secretsKey));
    },
  );

  app.post(
    '/notification-channels',
    { config: { access: 'admin' }, schema: { body: notificationChannelCreateSchema, response: { 201: notificationChannelViewSchema } } },
    async (request, reply) => reply.status(201).send(channelView(await createChannel(channelDeps, request.body), deps.secretsKey)),
  );

  app.patch(
    '/notification-channels/:id',
    { config: { access: 'admin' }, schema: { params: idParams, body: notificationChannelUpdateSchema, response: { 200: notificationChannelViewSchema } } },
    async (request) => channelView(await updateChannel(channelDeps, await channel(request.params.id), request.body), deps.secretsKey),
  );

  // Alerts already sent to it stay in the log under its name; messages not sent yet are given up.
  app.delete('/notification-channels/:id', { config: { access: 'admin' }, schema: { params: idParams } }, async (request, reply) => {
    const row = await channel(request.params.id);
    await deps.db.delete(schema.notificationChannels).where(eq(schema.notificationChannels.id, row.id));
    return reply.status(204).send();
  });

  app.post(
    '/notification-channels/:id/test',
    { config: { access: 'admin' }, schema: { params: idParams, response: { 200: channelTestResultSchema } } },
    async (request) => sendChannelTest(await channel(request.params.id), deps),
  );
}
