// What the Transactions screen says when there is nothing to list, and how it reads the spend summary's
// dates: the decisions of BillingPage, kept apart so they can be tested without a browser.
import type { Role } from '@tracker/schemas';

export interface EmptyStateInput {
  loading: boolean;
  failed: boolean;
  /** An amount filter cannot be read: nothing was asked. */
  amountError: boolean;
  /** A status, VCN or amount filter is set. */
  filtered: boolean;
  role: Role;
  /** The VCNs assigned to a user (null for an admin, or not known yet). */
  assignedNicknames: readonly string[] | null | undefined;
}

export interface EmptyState {
  message: string;
  /** Offer the filters' Clear button beside the message. */
  offerClear: boolean;
}

export function transactionsEmptyState(input: EmptyStateInput): EmptyState {
  if (input.amountError) return { message: 'Fix the amount filter above to see transactions.', offerClear: true };
  if (input.loading) return { message: 'Loading transactions...', offerClear: false };
  if (input.failed) return { message: 'Failed to fetch transactions', offerClear: false };
  if (input.filtered) return { message: 'No transactions match these filters', offerClear: true };
  if (input.role === 'admin') return { message: 'No transactions found. Upload a CSV file to get started.', offerClear: false };
  // Only admins upload statements: a user is told who can help.
  if (input.assignedNicknames && input.assignedNicknames.length === 0) {
    return { message: 'No cards are assigned to you yet. Ask an admin to assign your VCNs.', offerClear: false };
  }
  return { message: 'No transactions on your cards yet. They appear once an admin uploads a statement.', offerClear: false };
}

export interface DateRange {
  startDate: string;
  endDate: string;
  /** The dates came in the wrong order and were swapped. */
  swapped: boolean;
}

/** The spend summary's range, never reversed: a start after the end is read as the same days the right way round. */
export function orderDateRange(startDate: string, endDate: string): DateRange {
  if (startDate && endDate && startDate > endDate) return { startDate: endDate, endDate: startDate, swapped: true };
  return { startDate, endDate, swapped: false };
}
