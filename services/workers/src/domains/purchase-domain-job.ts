// The domain-purchase job: pending → purchasing → purchased (or failed). Buying is the one step with
// an outside effect that must never repeat, so it is guarded twice: the pending → purchasing change
// is one guarded transaction (of two racing workers one wins), and before every create call the
// registrar is asked whether the domain is already ours; a call that timed out after the registrar
// charged is found that way on the retry, never bought again. Other failures retry with backoff;
// the last one marks the domain failed with the registrar's message.
import { eq } from 'drizzle-orm';
import {
  findDomain,
  recordDomainProgress,
  schema,
  transitionDomain,
  type Db,
  type DomainRow,
  type JobProcessor,
  type Logger,
} from '@tracker/core';
import { requireRegistrantContact, requireRegistrar, type DomainAutomation } from '@tracker/integrations';
import { DEFAULT_MAX_DOMAIN_PRICE, domainJobSchema, INVOICE_AMOUNT, REGISTRAR_PRICE, SUPPORTED_TLD, compareCents, formatCents, moneyText, parseMoney, type DomainJob } from '@tracker/schemas';

export interface DomainJobDeps {
  db: Db;
  domains: DomainAutomation;
  logger: Logger;
  /** The attempts the jobs are enqueued with: the last failure is final. */
  attempts: number;
}

export interface DomainJobOutcome {
  status: string;
}

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

async function maxDomainPriceCents(db: Db): Promise<bigint | null> {
  const [row] = await db.select().from(schema.settings).where(eq(schema.settings.key, 'max_domain_price'));
  return typeof row?.value === 'string' ? parseMoney(row.value, INVOICE_AMOUNT) : null;
}

/** Buys the domain unless the registrar already has it in our account; the row as purchased, or failed. */
async function buy(deps: DomainJobDeps, row: DomainRow): Promise<DomainRow | null> {
  const registrar = requireRegistrar(deps.domains);
  const contact = requireRegistrantContact(deps.domains);
  const { domain } = row;

  const owned = await registrar.findOwned(domain);
  if (owned) {
    // An earlier attempt's purchase went through (its answer was lost): record it, buy nothing.
    return transitionDomain(deps.db, row.id, {
      from: ['purchasing'],
      to: 'purchased',
      set: { registrarDomainId: owned.domainId, purchasedAt: row.purchasedAt ?? new Date() },
    });
  }

  const check = await registrar.check(domain);
  if (!check.available) {
    return transitionDomain(deps.db, row.id, { from: ['purchasing'], to: 'failed', error: `${domain} is no longer available` });
  }
  let cents: bigint;
  if (check.premium) {
    cents = [check.premiumPrice, check.icannFee, check.eapFee].reduce((sum, part) => sum + parseMoney(part || '0', REGISTRAR_PRICE), 0n);
  } else {
    const price = await registrar.registerPrice(SUPPORTED_TLD);
    cents = parseMoney(price.price, REGISTRAR_PRICE) + parseMoney(price.additionalCost, REGISTRAR_PRICE);
  }
  // The price may have changed since the check the buyer saw; the limit holds at the moment of buying.
  const max = (await maxDomainPriceCents(deps.db)) ?? parseMoney(DEFAULT_MAX_DOMAIN_PRICE, INVOICE_AMOUNT);
  if (compareCents(cents, max) > 0) {
    return transitionDomain(deps.db, row.id, {
      from: ['purchasing'],
      to: 'failed',
      error: `${domain} now costs ${formatCents(cents)}, above the Maximum Domain Price of ${formatCents(max)}`,
    });
  }

  const order = await registrar.create({
    domain,
    years: 1,
    contact,
    premium: check.premium ? { price: check.premiumPrice!, eapFee: check.eapFee && Number(check.eapFee) > 0 ? check.eapFee : undefined } : undefined,
  });
  return transitionDomain(deps.db, row.id, {
    from: ['purchasing'],
    to: 'purchased',
    set: {
      purchaseOrderId: order.orderId,
      registrarDomainId: order.domainId,
      purchaseAmount: order.chargedAmount ? moneyText(parseMoney(order.chargedAmount, REGISTRAR_PRICE)) : row.purchaseAmount,
      purchasedAt: new Date(),
    },
  });
}

export function purchaseDomainJob(deps: DomainJobDeps): JobProcessor<DomainJob, DomainJobOutcome> {
  return async (job) => {
    const { domainId } = domainJobSchema.parse(job.data);
    let row = await findDomain(deps.db, domainId);
    if (!row) return { status: 'deleted' };
    if (row.status === 'pending') {
      row = (await transitionDomain(deps.db, domainId, { from: ['pending'], to: 'purchasing' })) ?? (await findDomain(deps.db, domainId));
      if (!row) return { status: 'deleted' };
    }
    // Already past purchasing (a duplicate job, or a resumed one that finished): nothing to do.
    if (row.status !== 'purchasing') return { status: row.status };
    // The order id is the registrar's receipt: with it the purchase is done, whatever else was lost.
    if (row.purchaseOrderId) {
      const done = await transitionDomain(deps.db, domainId, { from: ['purchasing'], to: 'purchased', set: { purchasedAt: row.purchasedAt ?? new Date() } });
      return { status: done?.status ?? 'purchased' };
    }
    try {
      const after = await buy(deps, row);
      return { status: after?.status ?? (await findDomain(deps.db, domainId))?.status ?? 'deleted' };
    } catch (error) {
      const why = message(error);
      if (job.attempt >= deps.attempts) {
        await transitionDomain(deps.db, domainId, { from: ['purchasing'], to: 'failed', error: why });
        return { status: 'failed' };
      }
      deps.logger.warn({ domainId, attempt: job.attempt, err: error }, 'domain purchase step failed; retrying');
      await recordDomainProgress(deps.db, domainId, { errorMessage: `${why} (attempt ${job.attempt} of ${deps.attempts}; retrying)` });
      throw error;
    }
  };
}
