// The currency an invoice's amounts are in (its own, set when it was created), for the history tables.
import { isCurrencyCode, type CurrencyCode } from '@tracker/schemas';

/** The invoice's currency; undefined (the workspace currency) for a code the screen cannot format. */
export function invoiceCurrency(invoice: { currency: string }): CurrencyCode | undefined {
  return isCurrencyCode(invoice.currency) ? invoice.currency : undefined;
}
