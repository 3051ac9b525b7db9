// Payouts arrive as text from affiliate networks; they become exact cents by the one money type's
// postback rules (schemas/money: extra decimals rounded half away from zero, at most 99,999,999.99).
import { moneyText, POSTBACK_PAYOUT, tryParseMoney } from '@tracker/schemas';

/** '12.5' → '12.50', '3.456' → '3.46', '7' → '7.00'; null for anything the postback rules refuse. */
export function parsePayout(raw: string): string | null {
  const cents = tryParseMoney(raw, POSTBACK_PAYOUT);
  return cents === null ? null : moneyText(cents);
}
