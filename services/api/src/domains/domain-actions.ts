// The quick per-domain actions of the Domains screen that need no job: Update NS (point the
// registrar at the zone's Cloudflare nameservers again), Migrate to Workers (put an active tracking
// host behind the current edge worker: proxied record and route), and Delete.
import { eq } from 'drizzle-orm';
import { conflict, findDomain, notFound, recordDomainProgress, schema, type Db } from '@tracker/core';
import {
  deployEdgeWorker,
  ensureTrackingRecord,
  ensureWorkerRoute,
  requireCloudflare,
  requireRegistrar,
  type DomainAutomation,
} from '@tracker/integrations';

export async function updateNameservers(deps: { db: Db; domains: DomainAutomation }, id: number): Promise<{ message: string }> {
  const row = await findDomain(deps.db, id);
  if (!row) throw notFound('Domain not found');
  if (!row.cloudflareZoneId) throw conflict(`${row.domain} has no Cloudflare zone yet: configure its DNS first`);
  const cloudflare = requireCloudflare(deps.domains);
  const registrar = requireRegistrar(deps.domains);
  const zone = await cloudflare.getZone(row.cloudflareZoneId);
  await registrar.setCustomNameservers(row.domain, zone.nameServers);
  await recordDomainProgress(deps.db, id, { nameservers: zone.nameServers });
  return { message: `${row.domain} now uses ${zone.nameServers.join(', ')}` };
}

export async function migrateToWorkers(deps: { db: Db; domains: DomainAutomation }, id: number): Promise<{ message: string }> {
  const row = await findDomain(deps.db, id);
  if (!row) throw notFound('Domain not found');
  if (row.status !== 'active' || !row.subdomain || !row.cloudflareZoneId) {
    throw conflict(`${row.domain} must be active with a subdomain to route through the edge worker`);
  }
  const cloudflare = requireCloudflare(deps.domains);
  const host = `${row.subdomain}.${row.domain}`;
  await deployEdgeWorker(deps.domains);
  const record = await ensureTrackingRecord(cloudflare, row.cloudflareZoneId, host);
  const route = await ensureWorkerRoute(cloudflare, row.cloudflareZoneId, host);
  await recordDomainProgress(deps.db, id, { cloudflareRecordId: record.id, cloudflareRouteId: route.id });
  return { message: `${host} now routes through the edge worker` };
}

export async function deleteDomain(db: Db, id: number): Promise<void> {
  const row = await findDomain(db, id);
  if (!row) throw notFound('Domain not found');
  // Mid-purchase the registrar may be charging: the job must be able to record the outcome.
  if (row.status === 'purchasing') throw conflict(`${row.domain} is being purchased; delete it once the purchase has finished`);
  await db.delete(schema.domains).where(eq(schema.domains.id, id));
}
