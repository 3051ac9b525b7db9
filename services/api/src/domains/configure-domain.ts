// POST /api/domains/{id}/configure (Configure DNS and Retry Configuration): sets the tracking
// subdomain, moves the domain to configuring_dns and hands the Cloudflare and nameserver steps to the
// domain-configure job; the answer waits a little for it.
import { conflict, findDomain, notFound, transitionDomain, type Db, type JobQueue } from '@tracker/core';
import { requireCloudflare, requireRegistrar, type DomainAutomation } from '@tracker/integrations';
import { DOMAIN_CONFIGURE_JOB, DOMAIN_JOB_ATTEMPTS, DOMAIN_JOB_BACKOFF_MS, type DomainJob, type DomainJobAnswer } from '@tracker/schemas';
import { requireQueue, waitForJob } from './wait-for-job';

export async function configureDomain(
  deps: { db: Db; queue?: JobQueue; domains: DomainAutomation; waitMs: number },
  id: number,
  subdomain: string,
): Promise<DomainJobAnswer> {
  const row = await findDomain(deps.db, id);
  if (!row) throw notFound('Domain not found');
  requireCloudflare(deps.domains);
  requireRegistrar(deps.domains);
  requireQueue(deps.queue);
  if (!['purchased', 'configuring_dns', 'dns_failed'].includes(row.status)) {
    throw conflict(`${row.domain} cannot be configured while it is ${row.status.replace('_', ' ')}`);
  }
  // A new subdomain needs its own DNS record and route; the zone stays.
  const moved = row.subdomain !== subdomain;
  const started = await transitionDomain(deps.db, id, {
    from: ['purchased', 'configuring_dns', 'dns_failed'],
    to: 'configuring_dns',
    set: moved ? { subdomain, cloudflareRecordId: null, cloudflareRouteId: null } : { subdomain },
  });
  if (!started) throw conflict(`${row.domain} changed meanwhile; reload the list`);

  const queue = requireQueue(deps.queue);
  const jobId = await queue.enqueue<DomainJob>(
    DOMAIN_CONFIGURE_JOB,
    { domainId: id },
    { attempts: DOMAIN_JOB_ATTEMPTS, backoffMs: DOMAIN_JOB_BACKOFF_MS, jobId: `${DOMAIN_CONFIGURE_JOB}-${id}-${Date.now()}` },
  );
  await waitForJob(queue, jobId, deps.waitMs);
  const after = await findDomain(deps.db, id);
  const host = `${subdomain}.${row.domain}`;
  if (after?.status === 'active') return { success: true, message: `${host} is live through the edge worker`, status: after.status };
  if (after?.status === 'dns_failed') return { success: false, message: after.errorMessage ?? `Configuring ${host} failed`, status: after.status };
  return { success: true, message: `Configuring ${host}; its status updates in the list.`, status: after?.status };
}
