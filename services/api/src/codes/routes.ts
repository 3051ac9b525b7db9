// /api/codes (every signed-in user, polled every 2 s: answers 304 to a matching If-None-Match),
// /api/mail-status and /api/inbound-email-url (admins, the Settings → Mail card).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '@tracker/core';
import { inboundEmailUrlSchema, mailStatusSchema, verificationCodeSchema } from '@tracker/schemas';
import { inboundEmailUrl } from '../inbound-email/inbound-email-key';
import { codesVersion, listCodes } from './list-codes';
import { mailStatus } from './mail-status';

export interface CodesDeps {
  db: Db;
  /** CODES_IMAP_URL, to tell admins whether (and which) mailbox is polled. */
  codesImapUrl?: string;
  codesImapPollMs?: number;
}

function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t === etag || t.replace(/^W\//, '') === etag.replace(/^W\//, '');
  });
}

export async function codesRoutes(scope: FastifyInstance, deps: CodesDeps) {
  const app = scope.withTypeProvider<ZodTypeProvider>();

  // The 304 has no body: Fastify never runs the serializer for an empty send.
  const codesResponse = { 200: z.array(verificationCodeSchema), 304: z.undefined() };
  app.get('/codes', { config: { access: 'user' }, schema: { response: codesResponse } }, async (request, reply) => {
    const etag = await codesVersion(deps.db);
    // Every open screen must see a new code at once: revalidate each time, never reuse unasked.
    reply.header('etag', etag).header('cache-control', 'private, no-cache');
    if (matches(request.headers['if-none-match'], etag)) return reply.status(304).send();
    return listCodes(deps.db);
  });

  app.get('/mail-status', { config: { access: 'admin' }, schema: { response: { 200: mailStatusSchema } } }, async () =>
    mailStatus(deps.db, { url: deps.codesImapUrl, pollMs: deps.codesImapPollMs ?? 15_000 }),
  );

  app.get('/inbound-email-url', { config: { access: 'admin' }, schema: { response: { 200: inboundEmailUrlSchema } } }, async (request) => ({
    url: await inboundEmailUrl(deps.db, `${request.protocol}://${request.host}`),
  }));
}
