// POST /api/domains/purchase: re-checks the name and price (server-side: '.xyz only', the Maximum
// Domain Price), records the domain as pending, and hands the purchase to the domain-purchase job,
// whose guarded state change makes sure a domain is bought once however often it runs. The answer
// waits a little for the job, so a quick registrar gives 'Domain purchased' at once.
import { eq } from 'drizzle-orm';
import { conflict, findDomain, schema, transitionDomain, type Db, type JobQueue } from '@tracker/core';
import { requireRegistrantContact, requireRegistrar, type DomainAutomation } from '@tracker/integrations';
import { DOMAIN_JOB_ATTEMPTS, DOMAIN_JOB_BACKOFF_MS, DOMAIN_PURCHASE_JOB, formatCents, parseMoney, type DomainJob, type DomainJobAnswer } from '@tracker/schemas';
import { quoteDomain } from './quote-domain';
import { requireQueue, waitForJob } from './wait-for-job';

export async function purchaseDomain(
  deps: { db: Db; queue?: JobQueue; domains: DomainAutomation; waitMs: number },
  domain: string,
): Promise<DomainJobAnswer> {
  const registrar = requireRegistrar(deps.domains);
  requireRegistrantContact(deps.domains);
  requireQueue(deps.queue);
  const [known] = await deps.db.select().from(schema.domains).where(eq(schema.domains.domain, domain));
  if (known && known.status !== 'failed') throw conflict(`${domain} is already in your domains (${known.status.replace('_', ' ')})`);

  const quote = await quoteDomain(deps.db, registrar, domain);
  if (!quote.available) return { success: false, message: quote.message };
  const price = quote.price!;

  let id: number;
  if (known) {
    // A failed purchase is tried again from the start, its history kept.
    const again = await transitionDomain(deps.db, known.id, { from: ['failed'], to: 'pending', set: { purchaseAmount: price } });
    if (!again) throw conflict(`${domain} changed meanwhile; reload the list`);
    id = again.id;
  } else {
    const inserted = await deps.db.transaction(async (tx) => {
      const [row] = await tx.insert(schema.domains).values({ domain, status: 'pending', purchaseAmount: price }).onConflictDoNothing().returning();
      if (row) await tx.insert(schema.domainTransitions).values({ domainId: row.id, fromStatus: null, toStatus: 'pending' });
      return row;
    });
    if (!inserted) throw conflict(`${domain} is already in your domains`);
    id = inserted.id;
  }

  const queue = requireQueue(deps.queue);
  const jobId = await queue.enqueue<DomainJob>(
    DOMAIN_PURCHASE_JOB,
    { domainId: id },
    { attempts: DOMAIN_JOB_ATTEMPTS, backoffMs: DOMAIN_JOB_BACKOFF_MS, jobId: `${DOMAIN_PURCHASE_JOB}-${id}-${Date.now()}` },
  );
  await waitForJob(queue, jobId, deps.waitMs);
  const row = await findDomain(deps.db, id);
  if (row?.status === 'failed') return { success: false, message: row.errorMessage ?? `The purchase of ${domain} failed`, status: row.status, id };
  if (row && row.status !== 'pending' && row.status !== 'purchasing') {
    const paid = row.purchaseAmount ? ` for ${formatCents(parseMoney(row.purchaseAmount))}` : '';
    return { success: true, message: `${domain} was purchased${paid}. Configure its DNS next.`, status: row.status, id };
  }
  return { success: true, message: `The purchase of ${domain} is under way; its status updates in the list.`, status: row?.status ?? 'pending', id };
}
