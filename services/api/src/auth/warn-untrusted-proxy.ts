// One warning in the log when requests come through an HTTPS proxy we were not told to trust: the
// session cookie then lacks `Secure` and client IPs are the proxy's, until TRUST_PROXY=true is set.
import type { FastifyInstance, FastifyRequest } from 'fastify';

export function warnUntrustedProxy(app: FastifyInstance): void {
  let warned = false;
  app.addHook('onRequest', async (request: FastifyRequest) => {
    if (warned) return;
    const forwarded = request.headers['x-forwarded-proto'];
    const proto = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(',')[0]?.trim().toLowerCase();
    // Under TRUST_PROXY Fastify already reads the header, so the protocol is https and all is well.
    if (proto !== 'https' || request.protocol === 'https') return;
    warned = true;
    request.log.warn(
      'a request came through an HTTPS proxy (X-Forwarded-Proto: https) but TRUST_PROXY is off: session ' +
        'cookies are sent without Secure and client IPs (sign-in throttling) are the proxy\'s. Set TRUST_PROXY=true.',
    );
  });
}
