// POST /inbound/email?key=…: one raw RFC 822 message (message/rfc822 or text/plain) from a forwarding
// service (Cloudflare Email Routing, Mailgun, SES), read by the same parser as the IMAP poll. Not under
// /api: no session and no same-origin check, the key is the credential. Wrong key 403 (before the body
// is read), oversized 413, not a message 400; nothing is stored in those cases.
import type { FastifyInstance } from 'fastify';
import { badRequest, forbidden, HttpError, type Db } from '@tracker/core';
import { codesRetentionCutoff, parseCodeMail, recordCodeMails, UnreadableMailError } from '@tracker/integrations';
import { INBOUND_EMAIL_MAX_BYTES, inboundEmailResultSchema, type InboundEmailResult } from '@tracker/schemas';
import { ensureInboundEmailKey, keyMatches } from './inbound-email-key';

const MEDIA_TYPES = ['message/rfc822', 'text/plain'];

export async function inboundEmailRoutes(scope: FastifyInstance, deps: { db: Db }) {
  await scope.register(async (app) => {
    // Only these two types, read as bytes: the parser decodes the message's own charsets.
    app.removeAllContentTypeParsers();
    app.addContentTypeParser(MEDIA_TYPES, { parseAs: 'buffer', bodyLimit: INBOUND_EMAIL_MAX_BYTES }, (_request, body, done) =>
      done(null, body),
    );
    app.addContentTypeParser('*', (_request, _payload, done) =>
      done(new HttpError(415, `Send one raw e-mail message as ${MEDIA_TYPES.join(' or ')}`), undefined),
    );

    app.post<{ Querystring: { key?: unknown } }>(
      '/inbound/email',
      {
        bodyLimit: INBOUND_EMAIL_MAX_BYTES,
        schema: { response: { 200: inboundEmailResultSchema } },
        onRequest: async (request) => {
          if (!keyMatches(request.query.key, await ensureInboundEmailKey(deps.db))) throw forbidden('Wrong or missing key');
        },
      },
      async (request): Promise<InboundEmailResult> => {
        const body = request.body;
        if (!Buffer.isBuffer(body) || body.length === 0) throw badRequest('Send one raw e-mail message as the request body');
        let mail;
        try {
          mail = await parseCodeMail(body);
        } catch (error) {
          if (error instanceof UnreadableMailError) throw badRequest(error.message);
          throw error;
        }
        const [outcome] = await recordCodeMails(deps.db, 'inbound', [mail], { cutoff: await codesRetentionCutoff(deps.db) });
        return { outcome: outcome!, messageId: mail.messageId };
      },
    );
  });
}
