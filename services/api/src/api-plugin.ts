// The dashboard API: everything under /api, behind sessions and access checks, plus the built web app.
import fastifyCookie from '@fastify/cookie';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { notFound, type Analytics, type ChangeFeed, type Db, type HttpServer, type JobQueue, type Logger, type OutgoingPolicy } from '@tracker/core';
import { DEFAULT_NOTIFY_OPTIONS, unconfiguredDomainAutomation, type DomainAutomation, type NotifyOptions } from '@tracker/integrations';
import { alertRoutes } from './alerts/routes';
import { enforceAccess } from './auth/access';
import { guardMutations } from './auth/guard-mutations';
import { LoginThrottle } from './auth/login-throttle';
import { authRoutes } from './auth/routes';
import { SessionStore } from './auth/session-store';
import { campaignRoutes } from './campaigns/routes';
import { invoicingRoutes } from './invoicing/routes';
import { codesRoutes } from './codes/routes';
import { inboundEmailRoutes } from './inbound-email/routes';
import { integrationRoutes } from './integrations/routes';
import { landerRoutes } from './landers/routes';
import { notificationChannelRoutes } from './notification-channels/routes';
import { offerRoutes } from './offers/routes';
import { preferenceRoutes } from './preferences/routes';
import { conversionRoutes } from './conversions/routes';
import { domainRoutes } from './domains/routes';
import { reportRoutes } from './reports/routes';
import { ruleRoutes } from './rules/routes';
import { settingsRoutes } from './settings/routes';
import { fxRateRoutes } from './fx-rates/routes';
import { sparkRoutes } from './sparks/routes';
import { statusRoutes } from './status/routes';
import type { StatusSources } from './status/read-status';
import { pixelRoutes } from './tiktok-pixels/routes';
import { tiktokAccountRoutes } from './tiktok-accounts/routes';
import { transactionRoutes } from './transactions/routes';
import { userRoutes } from './users/routes';
import { warnUntrustedProxy } from './auth/warn-untrusted-proxy';
import { PASSWORD_COST, type ScryptCost } from './auth/password';
import { apiSecurityHeaders } from './web/security-headers';
import { defaultWebDist, serveWeb } from './web/serve-web';

export interface ApiDeps {
  db: Db;
  /** Facts and rollups in ClickHouse (or chDB): the reports read them. */
  analytics: Analytics;
  /** Announce entity changes that the ingest caches (campaigns, landers, offers, sparks, settings). */
  changes: ChangeFeed;
  /** Jobs whose result a request waits for (invoice PDFs, 'Sync now', domain purchase and DNS); any worker process runs them.
   *  Every process running the api has one (`tracker` opens it); suites that never wait may leave it out. */
  queue?: JobQueue;
  /** The clock invoice numbers take their year from (default the system clock). */
  now?: () => Date;
  sessionSecret: string;
  /** AES-256 key for API tokens at rest (core/secrets). */
  secretsKey: Buffer;
  /** TikTok business API base URL. */
  tiktokApiUrl: string;
  /** Which addresses calls to third parties may reach (OUTGOING_ALLOW_PRIVATE); absent: public ones only. */
  outgoing?: OutgoingPolicy;
  /** Notification channels: where they may post (NOTIFY_ALLOW_PRIVATE) and Telegram's API; absent: public
   *  addresses only and api.telegram.org. */
  notify?: NotifyOptions;
  logger: Logger;
  /** The built web app; none is served when the folder has no index.html. */
  webDist?: string;
  throttle?: LoginThrottle;
  /** scrypt's cost for the passwords this API hashes (sign-up, new users, password changes) and for the check it
   *  spends on unknown usernames; default PASSWORD_COST. Test harnesses lower it: at the real cost, hashing was most
   *  of the CPU of the sign-in and fuzzing suites (auth.test.ts 29 s of CPU against 8 s). */
  passwordCost?: ScryptCost;
  /** The registrar and Cloudflare clients; absent: none configured, and the Domains API says what to set. */
  domains?: DomainAutomation;
  /** How long domain purchase and configure answers wait for their job (default 20 s). */
  domainJobWaitMs?: number;
  /** CODES_IMAP_URL and its poll period: Settings → Mail shows the mailbox (password masked). */
  codesImapUrl?: string;
  codesImapPollMs?: number;
  /** How long a request waits for its job (the CAKE sync) before answering 202; default 10 minutes. */
  jobWaitMs?: number;
  /** How long an upload waits for its import job. */
  importTimeoutMs?: number;
  /** First retry delay of a throttled TikTok call made by a rule (tests shorten it). */
  tiktokBackoffMs?: number;
  /** What Settings → Status reads: every store the process opened, DATA_DIR, the start time (`tracker` sets it). */
  status?: StatusSources;
}

export async function registerApi(app: HttpServer, deps: ApiDeps): Promise<{ servesWeb: boolean }> {
  const sessions = new SessionStore(deps.db, deps.sessionSecret);
  const throttle = deps.throttle ?? new LoginThrottle();

  await app.register(
    async (scope) => {
      // Fastify's register() types its plugin with the default type provider; restore ours once
      // here, so every route file gets request and reply types from its zod schemas.
      const api = scope.withTypeProvider<ZodTypeProvider>();
      // Cookies are read under /api only: the tracking routes never pay for a cookie hook.
      await api.register(fastifyCookie);
      await apiSecurityHeaders(api);
      warnUntrustedProxy(api);
      // Before the session lookup: a forged request costs no database round trip.
      guardMutations(api);
      enforceAccess(api, sessions);
      api.setNotFoundHandler((_request, reply) => reply.status(404).send({ message: 'Not found' }));
      // Claims unknown GET paths under /api before the web app's catch-all: a 401/404 in JSON, never index.html.
      api.get('/*', async () => {
        throw notFound();
      });
      const passwordCost = deps.passwordCost ?? PASSWORD_COST;
      await authRoutes(api, { db: deps.db, sessions, throttle, passwordCost });
      await offerRoutes(api, deps);
      await landerRoutes(api, deps);
      await campaignRoutes(api, deps);
      await sparkRoutes(api, deps);
      await pixelRoutes(api, deps);
      await tiktokAccountRoutes(api, deps);
      const domains = deps.domains ?? unconfiguredDomainAutomation();
      await settingsRoutes(api, { ...deps, domains });
      await fxRateRoutes(api, deps);
      await notificationChannelRoutes(api, { ...deps, notify: deps.notify ?? DEFAULT_NOTIFY_OPTIONS });
      await alertRoutes(api, deps);
      await ruleRoutes(api, { ...deps, notify: deps.notify ?? DEFAULT_NOTIFY_OPTIONS });
      await statusRoutes(api, deps);
      await domainRoutes(api, { ...deps, domains });
      await userRoutes(api, { ...deps, passwordCost });
      await reportRoutes(api, deps);
      await conversionRoutes(api, deps);
      await preferenceRoutes(api, deps);
      await invoicingRoutes(api, deps);
      await codesRoutes(api, deps);
      await integrationRoutes(api, deps);
      await transactionRoutes(api, deps);
    },
    { prefix: '/api' },
  );
  // Outside /api: forwarding services post raw mail with the hook's key, no session, no Origin.
  await inboundEmailRoutes(app, deps);

  const webDist = deps.webDist ?? defaultWebDist;
  const servesWeb = await serveWeb(app, webDist);
  if (!servesWeb) deps.logger.warn({ webDist }, 'no built web app found: run `npm run build:web`');
  return { servesWeb };
}
