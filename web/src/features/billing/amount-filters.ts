// The Transactions table's Min and Max Amount as typed, read by the server's own rule (readAmountFilter):
// the amounts to send, or the inline message that keeps a request the server would refuse from going out.
import { MoneyError, parseMoney, readAmountFilter } from '@tracker/schemas';

/** A number field as the browser reports it: its text, and whether it holds something that is no number ('1e'). */
export interface AmountInput {
  text: string;
  badInput: boolean;
}

export const NO_AMOUNT: AmountInput = { text: '', badInput: false };

export interface AmountFilters {
  minAmount?: string;
  maxAmount?: string;
  minError?: string;
  maxError?: string;
}

function readOne(input: AmountInput, label: string): { value?: string; error?: string } {
  // A number field reports '' for text it cannot read as a number; the field is not empty, though.
  if (input.badInput) return { error: `${label} must be a number such as 12.50` };
  if (input.text.trim() === '') return {};
  try {
    return { value: readAmountFilter(input.text, label) };
  } catch (error) {
    if (!(error instanceof MoneyError)) throw error;
    return { error: error.message };
  }
}

export function readAmountFilters(min: AmountInput, max: AmountInput): AmountFilters {
  const low = readOne(min, 'Min Amount');
  const high = readOne(max, 'Max Amount');
  const reversed = low.value !== undefined && high.value !== undefined && parseMoney(low.value) > parseMoney(high.value);
  return {
    minAmount: low.value,
    maxAmount: high.value,
    minError: low.error,
    maxError: high.error ?? (reversed ? 'Max Amount must not be below Min Amount' : undefined),
  };
}

export const hasAmountError = (filters: AmountFilters): boolean => Boolean(filters.minError || filters.maxError);
