// Number formats of spec §9 for screens and CSV files: money with 2 decimals (EPC and CPV 3), ROI with 1,
// other percentages with 2. Money arrives as decimal strings and is rounded from the string, never via float.
type Numeric = number | string | null | undefined;

const DECIMAL = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;

/** The value as Intl accepts it: a decimal string is kept exact; anything unreadable is 0. */
function numeric(value: Numeric): number | Intl.StringNumericLiteral {
  if (typeof value === 'number') return Number.isFinite(value) ? value : 0;
  if (typeof value === 'string' && DECIMAL.test(value.trim())) return value.trim() as Intl.StringNumericLiteral;
  return 0;
}

const formatters = new Map<string, Intl.NumberFormat>();
function formatter(style: 'currency' | 'decimal', digits: number, grouping: boolean): Intl.NumberFormat {
  const key = `${style}:${digits}:${grouping}`;
  let found = formatters.get(key);
  if (!found) {
    found = new Intl.NumberFormat('en-US', {
      style,
      currency: style === 'currency' ? 'USD' : undefined,
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
      useGrouping: grouping,
    });
    formatters.set(key, found);
  }
  return found;
}

/** '$1,234.50'; negative amounts as '-$12.30'. */
export function formatMoney(value: Numeric): string {
  return formatter('currency', 2, true).format(numeric(value));
}

/** Per-visit money (EPC, EPV, CPV): '$0.125'. */
export function formatPerVisit(value: Numeric): string {
  return formatter('currency', 3, true).format(numeric(value));
}

/** A whole count: '12,345'. */
export function formatCount(value: Numeric): string {
  return formatter('decimal', 0, true).format(numeric(value));
}

/** ROI, already a percentage: '12.3%'. */
export function formatRoi(value: Numeric): string {
  return `${formatter('decimal', 1, true).format(numeric(value))}%`;
}

/** A value already in percent (CR, CTR × 100): '1.23%'. */
export function formatPercent(value: Numeric, digits = 2): string {
  return `${formatter('decimal', digits, true).format(numeric(value))}%`;
}

/** ROAS, a plain ratio: '1.25x'. */
export function formatRoas(value: Numeric): string {
  return `${formatter('decimal', 2, true).format(numeric(value))}x`;
}

/** A bare fixed-point number for CSV cells (no '$', '%' or thousands separators): '1234.50'. */
export function formatFixed(value: Numeric, digits: number): string {
  return formatter('decimal', digits, false).format(numeric(value));
}

/** Share of a whole in percent, 0 when the whole is 0. */
export function percentOf(part: number, whole: number): number {
  return whole > 0 ? (part / whole) * 100 : 0;
}
