// Number formats of spec §9 for screens and CSV files: money with 2 decimals (EPV, EPC and CPV 3), ROI
// with 1, other percentages with 2; a ratio without a base (ROI without spend, CPA without conversions) '—'. Money is read and shown by the one money type (schemas/money), never via float.
import { DEFAULT_CURRENCY, minorUnitDigits, moneyText, STORED_MONEY, tryParseMoney, type Cents, type CurrencyCode, type MoneyRules } from '@tracker/schemas';

type Numeric = number | string | null | undefined;

// The API sends cents ('12.50'); a screen given more decimals rounds them by the money rule, and shows
// what it cannot read as $0.00 rather than fail the whole page.
const SHOWN_MONEY: MoneyRules = { ...STORED_MONEY, extraDecimals: 'round' };

/** A money value as cents: a decimal string, or a number read from its shortest decimal form. */
export function readMoney(value: Numeric): Cents {
  if (value === null || value === undefined) return 0n;
  return tryParseMoney(String(value), SHOWN_MONEY) ?? 0n;
}

/** -1, 0 or 1: whether an amount is a loss, nothing, or a gain (the profit colours). */
export function moneySign(value: Numeric): -1 | 0 | 1 {
  const cents = readMoney(value);
  return cents < 0n ? -1 : cents > 0n ? 1 : 0;
}

const DECIMAL = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;

/** The value as Intl accepts it: a decimal string is kept exact; anything unreadable is 0. */
function numeric(value: Numeric): number | Intl.StringNumericLiteral {
  if (typeof value === 'number') return Number.isFinite(value) ? value : 0;
  if (typeof value === 'string' && DECIMAL.test(value.trim())) return value.trim() as Intl.StringNumericLiteral;
  return 0;
}

const formatters = new Map<string, Intl.NumberFormat>();
function formatter(digits: number, grouping: boolean): Intl.NumberFormat {
  const key = `${digits}:${grouping}`;
  let found = formatters.get(key);
  if (!found) {
    found = new Intl.NumberFormat('en-US', {
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
      useGrouping: grouping,
    });
    formatters.set(key, found);
  }
  return found;
}

// The workspace currency (setting `currency`) every money figure is shown in: the signed-in session tells it
// (GET /api/user), AuthProvider sets it here before the screens render. Amounts of another currency (a
// virtual card's statement, an invoice) pass theirs.
let workspaceCurrency: CurrencyCode = DEFAULT_CURRENCY;

export function setWorkspaceCurrency(currency: CurrencyCode): void {
  workspaceCurrency = currency;
}

/** The currency money figures are shown in unless told otherwise. */
export function shownCurrency(): CurrencyCode {
  return workspaceCurrency;
}

const moneyFormats = new Map<string, Intl.NumberFormat>();
/** Intl's currency format with ISO 4217's minor-unit digits (JPY 0, USD 2, KWD 3), or `digits` when given
 *  (per-visit ratios), rounding half away from zero like money.ts. */
function moneyFormat(currency: CurrencyCode, digits?: number, compact = false): Intl.NumberFormat {
  const shown = digits ?? minorUnitDigits(currency);
  const key = `${currency}:${shown}:${compact}`;
  let found = moneyFormats.get(key);
  if (!found) {
    found = new Intl.NumberFormat('en-US', compact
      ? { style: 'currency', currency, notation: 'compact', maximumFractionDigits: 1 }
      : { style: 'currency', currency, minimumFractionDigits: shown, maximumFractionDigits: shown, roundingMode: 'halfExpand' });
    moneyFormats.set(key, found);
  }
  return found;
}

/** '$1,234.50' (negative '-$12.30'), '€1,234.50', '¥1,235': in the workspace currency, or `currency`. */
export function formatMoney(value: Numeric, currency: CurrencyCode = workspaceCurrency): string {
  const cents = readMoney(value);
  const abs = cents < 0n ? -cents : cents;
  const text = `${cents < 0n ? '-' : ''}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
  return moneyFormat(currency).format(text as Intl.StringNumericLiteral);
}

/** How a form labels an amount in the currency: '$', '€', '¥', 'CA$'; a code without a symbol of its own
 *  as the code ('CHF'). For labels such as "Minimum spend (€)". */
export function currencySymbol(currency: CurrencyCode = workspaceCurrency): string {
  return moneyFormat(currency).formatToParts(0).find((part) => part.type === 'currency')?.value ?? currency;
}

const typedFormats = new Map<string, Intl.NumberFormat>();
/** An amount someone typed (a rule's threshold, a budget cap), without padding a whole one: 50 → '$50',
 *  12.5 → '$12.50', -30 → '-$30'; in the workspace currency. */
export function formatTypedMoney(value: number, currency: CurrencyCode = workspaceCurrency): string {
  const digits = Number.isInteger(value) ? 0 : minorUnitDigits(currency);
  const key = `${currency}:${digits}`;
  let found = typedFormats.get(key);
  if (!found) {
    found = new Intl.NumberFormat('en-US', { style: 'currency', currency, minimumFractionDigits: digits, maximumFractionDigits: digits, roundingMode: 'halfExpand' });
    typedFormats.set(key, found);
  }
  return found.format(value);
}

/** A chart axis tick: '€1.2K'. */
export function formatCompactMoney(value: number, currency: CurrencyCode = workspaceCurrency): string {
  return moneyFormat(currency, undefined, true).format(Number.isFinite(value) ? value : 0);
}

/** A money CSV cell (no '$' or thousands separators): '1234.50'. */
export function formatMoneyCell(value: Numeric): string {
  return moneyText(readMoney(value));
}

/** What a ratio without a base shows (ROI and ROAS without spend, CPA without conversions, EPV of the
 *  network's rows): a dash, since '0.0%' would claim a return that was never measured. */
export const NO_RATIO = '—';

/** Per-visit money (EPV, EPC, CPV), a ratio with 3 decimals in the workspace currency: '$0.125'. */
export function formatPerVisit(value: Numeric): string {
  if (value === null) return NO_RATIO;
  return moneyFormat(workspaceCurrency, 3).format(numeric(value));
}

/** Money per conversion (CPA), a ratio in the workspace currency with its minor-unit digits: '$12.35'; null: '—'. */
export function formatPerConversion(value: Numeric): string {
  if (value === null) return NO_RATIO;
  return moneyFormat(workspaceCurrency).format(numeric(value));
}

/** A whole count: '12,345'. */
export function formatCount(value: Numeric): string {
  return formatter(0, true).format(numeric(value));
}

/** ROI, already a percentage: '12.3%'; null (no spend): '—'. */
export function formatRoi(value: Numeric): string {
  if (value === null) return NO_RATIO;
  return `${formatter(1, true).format(numeric(value))}%`;
}

/** A value already in percent (CR, CTR × 100): '1.23%'. */
export function formatPercent(value: Numeric, digits = 2): string {
  return `${formatter(digits, true).format(numeric(value))}%`;
}

/** ROAS, a plain ratio: '1.25x'; null (no spend): '—'. */
export function formatRoas(value: Numeric): string {
  if (value === null) return NO_RATIO;
  return `${formatter(2, true).format(numeric(value))}x`;
}

/** A bare fixed-point ratio for CSV cells (no '%' or thousands separators): '12.3'; null: '' (an empty
 *  cell, which a spreadsheet skips, where 0 would drag an average down). Money: formatMoneyCell. */
export function formatFixed(value: Numeric, digits: number): string {
  if (value === null) return '';
  return formatter(digits, false).format(numeric(value));
}

/** Share of a whole in percent, 0 when the whole is 0. */
export function percentOf(part: number, whole: number): number {
  return whole > 0 ? (part / whole) * 100 : 0;
}
