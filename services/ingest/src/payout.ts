// Payouts arrive as text from affiliate networks; they become exact cents, never floats.

export const MAX_PAYOUT_CENTS = 99_999_999_99n;

/** '12.5' → '12.50', '3.456' → '3.46' (half up), '7' → '7.00'; null for anything else. */
export function parsePayout(raw: string): string | null {
  const match = /^(\d{1,12})(?:\.(\d+))?$/.exec(raw.trim());
  if (!match) return null;
  const fraction = (match[2] ?? '').padEnd(3, '0');
  let cents = BigInt(match[1]!) * 100n + BigInt(fraction.slice(0, 2));
  if (Number(fraction[2]) >= 5) cents += 1n;
  if (cents > MAX_PAYOUT_CENTS) return null;
  return `${cents / 100n}.${String(cents % 100n).padStart(2, '0')}`;
}
