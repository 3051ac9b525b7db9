// Domain automation on the wire (spec §5 formats, §7 Domains, §9 defaults): the bodies the Domains screen
// sends, the registrar's price rules, and the job payloads of the purchase → DNS state machine.
import { z } from 'zod';
import { normaliseHost } from './domain-name';
import { MAX_MONEY_10_2, type MoneyRules } from './money';
import { singleLine } from './text-fields';
import { wireDecimal, wireTimestamp } from './wire-values';

export const DOMAIN_STATUSES = ['pending', 'purchasing', 'purchased', 'configuring_dns', 'active', 'dns_failed', 'failed'] as const;
export type DomainStatus = (typeof DOMAIN_STATUSES)[number];

export const DEFAULT_SUBDOMAIN = 'trk';
/** The one top-level domain bought for now (spec §2 help text). */
export const SUPPORTED_TLD = 'xyz';

export const DOMAIN_REQUIRED = 'Domain name is required';
export const DOMAIN_FORMAT = 'Invalid domain format (e.g., example.com, example.co.uk)';
export const ONLY_XYZ = 'Only .xyz domains are currently supported';
export const SUBDOMAIN_REQUIRED = 'Subdomain is required';
export const SUBDOMAIN_FORMAT = 'Invalid subdomain format (e.g., trk, go, click)';

// Spec §5: lowercase letters, digits and hyphens with a TLD of 2+ letters, after the one domain-name rule
// (normaliseHost: trimmed, lower-cased, punycode). A label may not start or end with a hyphen (no
// registrar sells one), so that is a format error too.
const LABEL = '[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?';
const SUBDOMAIN_PATTERN = new RegExp(`^${LABEL}$`);

/** A typed domain name as the server reads it ('MyTrack.XYZ' → 'mytrack.xyz'), or the message saying why not;
 *  the format rule alone (no .xyz rule), as the search field checks it. */
export function readDomainName(value: string): { domain: string; problem: null } | { domain: null; problem: string } {
  if (value.trim() === '') return { domain: null, problem: DOMAIN_REQUIRED };
  const domain = normaliseHost(value);
  return domain === null ? { domain: null, problem: DOMAIN_FORMAT } : { domain, problem: null };
}

/** What the registrar can sell us: a name directly under .xyz. */
export function purchasableDomainProblem(value: string): string | null {
  const read = readDomainName(value);
  if (read.problem !== null) return read.problem;
  const labels = read.domain.split('.');
  if (labels.at(-1) !== SUPPORTED_TLD) return ONLY_XYZ;
  if (labels.length !== 2) return `Enter the registrable name without a subdomain, e.g. ${labels.slice(-2).join('.')}`;
  return null;
}

export function subdomainProblem(value: string): string | null {
  if (value.trim() === '') return SUBDOMAIN_REQUIRED;
  return SUBDOMAIN_PATTERN.test(value.trim()) ? null : SUBDOMAIN_FORMAT;
}

const checked = (problem: (value: string) => string | null) => (value: string, ctx: z.RefinementCtx) => {
  const message = problem(value);
  if (message) ctx.addIssue({ code: 'custom', message });
};

/** POST /api/domains/check and /purchase: `{ domain }`, read by the one domain-name rule ('MyTrack.XYZ' is mytrack.xyz). */
export const domainBodySchema = z.strictObject({
  domain: singleLine('Domain name', { error: DOMAIN_REQUIRED })
    .max(253, DOMAIN_FORMAT)
    .superRefine(checked(purchasableDomainProblem))
    .transform((value) => normaliseHost(value)!),
});
export type DomainBody = z.infer<typeof domainBodySchema>;

/** POST /api/domains/{id}/configure: `{ subdomain }` (default trk in the dialog). */
export const configureDomainBodySchema = z.strictObject({
  subdomain: singleLine('Subdomain', { error: SUBDOMAIN_REQUIRED }).max(63, SUBDOMAIN_FORMAT).superRefine(checked(subdomainProblem)),
});
export type ConfigureDomainBody = z.infer<typeof configureDomainBodySchema>;

/** POST /api/domains/check: whether the registrar sells the name, and at what price ('1.98'; null when not). */
export const domainCheckSchema = z.object({
  available: z.boolean(),
  price: z.string().nullable(),
  premium: z.boolean(),
  message: z.string(),
});
export type DomainCheck = z.output<typeof domainCheckSchema>;

/** POST /api/domains/purchase and /api/domains/{id}/configure: the job's outcome so far. */
export const domainJobAnswerSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  /** The domain's status when the answer was written (absent when the request never got a row). */
  status: z.enum(DOMAIN_STATUSES).optional(),
  /** The domain's row: a purchase answers it, so the search panel can point to it. */
  id: z.number().optional(),
});
export type DomainJobAnswer = z.output<typeof domainJobAnswerSchema>;

/** POST /api/domains/test-proxy: whether registrar calls go through the SOCKS5 proxy, and what answered. */
export const proxyTestSchema = z.object({ success: z.boolean(), message: z.string() });
export type ProxyTest = z.output<typeof proxyTestSchema>;

/** POST /api/domains/{id}/update-nameservers and /migrate-to-workers: what was done. */
export const domainActionSchema = z.object({ message: z.string() });
export type DomainAction = z.output<typeof domainActionSchema>;

/** The registrar's prices ('1.98', '13000.0000'): never negative, extra decimals rounded to cents. */
export const REGISTRAR_PRICE: MoneyRules = {
  label: 'Registrar price',
  example: '1.98',
  negative: false,
  grouping: false,
  dollarSign: false,
  extraDecimals: 'round',
  maxCents: MAX_MONEY_10_2,
};

/** The jobs of the state machine; each carries only the domain id, the state lives in the entity store. */
export const DOMAIN_PURCHASE_JOB = 'domain-purchase';
export const DOMAIN_CONFIGURE_JOB = 'domain-configure';
/** Tries per domain job, and the first retry's delay (doubling): the last failure is final. */
export const DOMAIN_JOB_ATTEMPTS = 4;
export const DOMAIN_JOB_BACKOFF_MS = 2_000;
export const domainJobSchema = z.object({ domainId: z.number().int().positive() });
export type DomainJob = z.infer<typeof domainJobSchema>;

/** One row of GET /api/domains: the domain row with its state machine's history, newest first. */
export const domainViewSchema = z.object({
  id: z.number(),
  domain: z.string(),
  subdomain: z.string().nullable(),
  status: z.enum(DOMAIN_STATUSES),
  purchaseOrderId: z.string().nullable(),
  /** Decimal string, what the registrar charged (or quoted). */
  purchaseAmount: wireDecimal.nullable(),
  registrarDomainId: z.string().nullable(),
  cloudflareZoneId: z.string().nullable(),
  cloudflareRecordId: z.string().nullable(),
  cloudflareRouteId: z.string().nullable(),
  nameservers: z.array(z.string()).nullable(),
  errorMessage: z.string().nullable(),
  purchasedAt: wireTimestamp.nullable(),
  configuredAt: wireTimestamp.nullable(),
  createdAt: wireTimestamp,
  /** `{subdomain}.{domain}` once a subdomain is set, else the domain. */
  host: z.string(),
  transitions: z.array(z.object({ from: z.string().nullable(), to: z.string(), error: z.string().nullable(), at: wireTimestamp })),
});
export type DomainView = z.output<typeof domainViewSchema>;
