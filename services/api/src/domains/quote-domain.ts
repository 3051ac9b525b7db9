// What a domain costs now and whether we may buy it: the registrar's availability, premium flag and
// price (premium price, else the register price from the pricing call, each with its ICANN fee),
// against the Maximum Domain Price setting. The check route answers it; purchase and its job re-ask.
import { eq } from 'drizzle-orm';
import { schema, type Db } from '@tracker/core';
import type { NamecheapClient } from '@tracker/integrations';
import { DEFAULT_MAX_DOMAIN_PRICE, INVOICE_AMOUNT, REGISTRAR_PRICE, compareCents, formatCents, moneyText, parseMoney, SUPPORTED_TLD } from '@tracker/schemas';

export interface DomainQuote {
  domain: string;
  available: boolean;
  premium: boolean;
  /** Decimal string with 2 decimals (what the registrar will charge), or null when not for sale. */
  price: string | null;
  /** The premium price as the registrar wants it restated in the purchase call. */
  premiumPrice?: string;
  eapFee?: string;
  /** Over the Maximum Domain Price setting: not available to buy here. */
  overMaxPrice: boolean;
  message: string;
}

export async function maxDomainPrice(db: Db): Promise<bigint> {
  const [row] = await db.select().from(schema.settings).where(eq(schema.settings.key, 'max_domain_price'));
  return parseMoney(typeof row?.value === 'string' ? row.value : DEFAULT_MAX_DOMAIN_PRICE, INVOICE_AMOUNT);
}

/**
 * POST /api/domains/check: a name already in Your Domains (bought, or being bought) is not for sale to us
 * again, whatever the registrar says; a failed purchase may be tried again, so it is quoted afresh.
 */
export async function checkDomain(db: Db, registrar: NamecheapClient, domain: string): Promise<Pick<DomainQuote, 'available' | 'price' | 'premium' | 'message'>> {
  const [known] = await db.select({ status: schema.domains.status }).from(schema.domains).where(eq(schema.domains.domain, domain));
  if (known && known.status !== 'failed') {
    return { available: false, price: null, premium: false, message: `${domain} is already in your domains (${known.status.replace('_', ' ')})` };
  }
  const quote = await quoteDomain(db, registrar, domain);
  return { available: quote.available, price: quote.price, premium: quote.premium, message: quote.message };
}

export async function quoteDomain(db: Db, registrar: NamecheapClient, domain: string): Promise<DomainQuote> {
  const check = await registrar.check(domain);
  if (!check.available) {
    return { domain, available: false, premium: check.premium, price: null, overMaxPrice: false, message: `${domain} is not available` };
  }
  let cents: bigint;
  if (check.premium) {
    cents = parseMoney(check.premiumPrice ?? '0', REGISTRAR_PRICE) + parseMoney(check.icannFee ?? '0', REGISTRAR_PRICE) + parseMoney(check.eapFee ?? '0', REGISTRAR_PRICE);
  } else {
    const { price, additionalCost } = await registrar.registerPrice(SUPPORTED_TLD);
    cents = parseMoney(price, REGISTRAR_PRICE) + parseMoney(additionalCost, REGISTRAR_PRICE);
  }
  const max = await maxDomainPrice(db);
  const overMaxPrice = compareCents(cents, max) > 0;
  const label = check.premium ? 'Premium price' : 'Price';
  return {
    domain,
    available: !overMaxPrice,
    premium: check.premium,
    price: moneyText(cents),
    premiumPrice: check.premium ? check.premiumPrice : undefined,
    eapFee: check.premium && check.eapFee && Number(check.eapFee) > 0 ? check.eapFee : undefined,
    overMaxPrice,
    message: overMaxPrice
      ? `${domain} costs ${formatCents(cents)}, above the Maximum Domain Price of ${formatCents(max)} (Settings)`
      : `${domain} is available. ${label}: ${formatCents(cents)}`,
  };
}
