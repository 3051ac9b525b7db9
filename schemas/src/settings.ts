// Settings bodies (spec §2 Settings, §5): one { key, value } per save. Host names are normalised (scheme,
// case and trailing slash dropped, IDNA to punycode) and a path is refused; the price keeps 2 decimals as a string.
import { z } from 'zod';
import { conversionsSilentHoursSchema, projectorLagMinutesSchema } from './alerts';
import { codesRetentionDaysSchema } from './codes';
import { httpUrl } from './http-url';
import { currencyCodeSchema } from './currency';
import { INVOICE_AMOUNT, moneyText, tryParseMoney } from './money';
import { normaliseHost } from './domain-name';
import { singleLine } from './text-fields';
import { wireTimestamp } from './wire-values';

export const SETTING_KEYS = [
  'redirect_domain',
  'global_exit_domain',
  'max_domain_price',
  'report_timezone',
  'fallback_url',
  'codes_retention_days',
  // The alert checks' thresholds (docs/alerts.md).
  'alert_conversions_silent_hours',
  'alert_projector_lag_minutes',
  // The workspace currency every amount is shown in (docs/currencies.md); DEFAULT_CURRENCY until set.
  'currency',
] as const;
export type SettingKey = (typeof SETTING_KEYS)[number];
/** The settings a null (or blank) value clears. */
const CLEARABLE_KEYS: readonly SettingKey[] = ['global_exit_domain', 'fallback_url'];

export const DEFAULT_MAX_DOMAIN_PRICE = '5.00';
/** Reports bucket days in this time zone (DESIGN.md §4). */
export const DEFAULT_REPORT_TIMEZONE = 'UTC';

const hostSchema = (label: string, example: string) =>
  singleLine(label).transform((value, ctx) => {
    const host = normaliseHost(value);
    if (host === null) {
      ctx.addIssue({ code: 'custom', message: `${label} must be a host name such as ${example}, without a path or port` });
      return z.NEVER;
    }
    return host;
  });

/** Required: where tracking links and the postback point. */
export const redirectDomainSchema = singleLine('Redirect domain', { error: 'Redirect domain is required' })
  .min(1, 'Redirect domain is required')
  .pipe(hostSchema('Redirect domain', 'trk.example.com'));

/** Optional: null (or blank) clears it, and exit clicks then use the tracking link's domain. */
export const globalExitDomainSchema = singleLine('Global exit domain')
  .nullish()
  .transform((v) => v || null)
  .pipe(hostSchema('Global exit domain', 'exit.example.com').nullable());

/** Longest fallback URL, as typed and once encoded (the lander and offer URL limit). */
const FALLBACK_URL_MAX = 2000;
/** Optional (Voluum's "default redirect"): where /r sends visitors of an unknown or deleted
 *  campaign, and /click visitors of an unknown click, instead of a not-found page. Null or blank clears it. */
export const fallbackUrlSchema = httpUrl('Fallback URL', { error: 'Fallback URL must be text', max: FALLBACK_URL_MAX })
  .nullish()
  .transform((v) => v || null);

const PRICE_MESSAGE = 'Maximum domain price must be a number of at least 0 with at most 2 decimals';
/** A number or numeric string ≥ 0 with at most 2 decimals, kept as a string with exactly 2. */
export const maxDomainPriceSchema = z
  .union([singleLine('Maximum domain price').max(100, PRICE_MESSAGE), z.number()], { error: PRICE_MESSAGE })
  .transform((v, ctx) => {
    // A price is an amount of the entity store's numeric(10, 2), not negative: the invoice amount rules.
    const cents = tryParseMoney(String(v), INVOICE_AMOUNT);
    if (cents === null) {
      ctx.addIssue({ code: 'custom', message: PRICE_MESSAGE });
      return z.NEVER;
    }
    return moneyText(cents);
  });

/** An IANA time zone, in its canonical spelling. */
export const reportTimezoneSchema = singleLine('Report time zone', { error: 'Report time zone is required' })
  .max(100, 'Report time zone must be at most 100 characters')
  .transform((value, ctx) => {
    try {
      return new Intl.DateTimeFormat('en-US', { timeZone: value }).resolvedOptions().timeZone;
    } catch {
      ctx.addIssue({ code: 'custom', message: `Unknown time zone: ${value}` });
      return z.NEVER;
    }
  });

const VALUE_SCHEMAS: Record<SettingKey, z.ZodType<string | null>> = {
  redirect_domain: redirectDomainSchema,
  global_exit_domain: globalExitDomainSchema,
  max_domain_price: maxDomainPriceSchema,
  report_timezone: reportTimezoneSchema,
  fallback_url: fallbackUrlSchema,
  codes_retention_days: codesRetentionDaysSchema,
  alert_conversions_silent_hours: conversionsSilentHoursSchema,
  alert_projector_lag_minutes: projectorLagMinutesSchema,
  currency: currencyCodeSchema,
};

/** POST /api/settings. `value` null means the setting is cleared (only CLEARABLE_KEYS allow it). */
export const settingBodySchema = z
  .strictObject({
    key: singleLine('Setting key', { error: 'Setting key is required' }).max(100, 'Unknown setting'),
    // Checked by the key's own schema below.
    value: z.union([z.string(), z.number()], { error: 'The value must be text or a number' }).nullish(),
  })
  .transform((body, ctx) => {
    if (!(SETTING_KEYS as readonly string[]).includes(body.key)) {
      ctx.addIssue({ code: 'custom', message: `Unknown setting: ${body.key}` });
      return z.NEVER;
    }
    const key = body.key as SettingKey;
    const parsed = VALUE_SCHEMAS[key].safeParse(body.value ?? (CLEARABLE_KEYS.includes(key) ? null : undefined));
    if (!parsed.success) {
      ctx.addIssue({ code: 'custom', message: parsed.error.issues[0]?.message ?? 'Invalid value' });
      return z.NEVER;
    }
    return { key, value: parsed.data };
  });
export type SettingBody = z.input<typeof settingBodySchema>;

/** One row of GET /api/settings: only the known keys, never the postback key. */
export const settingRowSchema = z.object({ key: z.string(), value: z.string(), updatedAt: wireTimestamp });
export type SettingRow = z.output<typeof settingRowSchema>;

/** POST /api/settings: the saved (normalised) value; null when the setting was removed. */
export const savedSettingSchema = z.object({ key: z.enum(SETTING_KEYS), value: z.string().nullable() });

/** GET /api/postback-url: the URL affiliate networks call, carrying the postback key (admins only). */
export const postbackUrlSchema = z.object({ url: z.string() });
export type PostbackUrl = z.output<typeof postbackUrlSchema>;

/** POST /api/redeploy-worker. */
export const redeployWorkerResultSchema = z.object({ success: z.literal(true), message: z.string() });
export type RedeployWorkerResult = z.output<typeof redeployWorkerResultSchema>;

/** GET /api/event-log-spills: ingest spills still holding events Kafka has not acknowledged. */
export const spillReportsSchema = z.object({
  spills: z.array(
    z.object({
      instance: z.string(),
      records: z.number(),
      bytes: z.number(),
      forwardedTotal: z.number(),
      refusedTotal: z.number(),
      lastForwardedAt: wireTimestamp.nullable(),
      lastError: z.string().nullable(),
      updatedAt: wireTimestamp,
    }),
  ),
});
export type SpillReports = z.output<typeof spillReportsSchema>;
