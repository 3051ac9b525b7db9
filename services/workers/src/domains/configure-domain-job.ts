// The domain-configure job: configuring_dns → active (or dns_failed). Its steps are each idempotent
// and remember what they made, so a retry or a restarted worker continues where the last one
// stopped: the Cloudflare zone (found or created), the registrar's nameservers set to the zone's,
// the proxied record of the tracking host, the edge worker uploaded, and its route for the host.
import { findDomain, recordDomainProgress, transitionDomain, type JobProcessor } from '@tracker/core';
import {
  deployEdgeWorker,
  ensureTrackingRecord,
  ensureWorkerRoute,
  requireCloudflare,
  requireRegistrar,
} from '@tracker/integrations';
import { domainJobSchema, type DomainJob } from '@tracker/schemas';
import type { DomainJobDeps, DomainJobOutcome } from './purchase-domain-job';

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

export function configureDomainJob(deps: DomainJobDeps): JobProcessor<DomainJob, DomainJobOutcome> {
  return async (job) => {
    const { domainId } = domainJobSchema.parse(job.data);
    const row = await findDomain(deps.db, domainId);
    if (!row) return { status: 'deleted' };
    if (row.status !== 'configuring_dns' || !row.subdomain) return { status: row.status };
    const host = `${row.subdomain}.${row.domain}`;
    try {
      const cloudflare = requireCloudflare(deps.domains);
      const registrar = requireRegistrar(deps.domains);

      let zone = row.cloudflareZoneId ? await cloudflare.getZone(row.cloudflareZoneId) : await cloudflare.findZone(row.domain);
      zone ??= await cloudflare.createZone(row.domain);
      await recordDomainProgress(deps.db, domainId, { cloudflareZoneId: zone.id });

      await registrar.setCustomNameservers(row.domain, zone.nameServers);
      await recordDomainProgress(deps.db, domainId, { nameservers: zone.nameServers });

      const record = await ensureTrackingRecord(cloudflare, zone.id, host);
      await recordDomainProgress(deps.db, domainId, { cloudflareRecordId: record.id });

      await deployEdgeWorker(deps.domains);
      const route = await ensureWorkerRoute(cloudflare, zone.id, host);
      const done = await transitionDomain(deps.db, domainId, {
        from: ['configuring_dns'],
        to: 'active',
        set: { cloudflareRouteId: route.id, configuredAt: new Date() },
      });
      return { status: done?.status ?? 'active' };
    } catch (error) {
      const why = message(error);
      if (job.attempt >= deps.attempts) {
        await transitionDomain(deps.db, domainId, { from: ['configuring_dns'], to: 'dns_failed', error: why });
        return { status: 'dns_failed' };
      }
      deps.logger.warn({ domainId, attempt: job.attempt, err: error }, 'domain DNS step failed; retrying');
      await recordDomainProgress(deps.db, domainId, { errorMessage: `${why} (attempt ${job.attempt} of ${deps.attempts}; retrying)` });
      throw error;
    }
  };
}
