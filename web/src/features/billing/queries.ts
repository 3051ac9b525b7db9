// The Transactions screen's server data: one page of GET /api/transactions with its filters, the cards and
// spend summary of /api/transactions/summary, the VCN filter options, all computed by the server.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TransactionPage, TransactionStatus, TransactionSummary, TransactionVcnOptions } from '@tracker/schemas';

/** The filters as the server reads them: amounts already read by readAmountFilters. */
export interface TransactionQuery {
  status: 'all' | TransactionStatus;
  vcnLast4: string;
  minAmount?: string;
  maxAmount?: string;
}

/** `enabled: false` while a filter cannot be read: the last answer stays on screen, and nothing broken is sent. */
export function useTransactions(filter: TransactionQuery, page: number, enabled: boolean) {
  return useQuery<TransactionPage>({
    queryKey: [
      '/api/transactions',
      {
        // Spec §7: omitted when 'all'.
        status: filter.status === 'all' ? undefined : filter.status,
        vcnLast4: filter.vcnLast4 === 'all' ? undefined : filter.vcnLast4,
        minAmount: filter.minAmount,
        maxAmount: filter.maxAmount,
        page,
      },
    ],
    enabled,
    placeholderData: keepPreviousData,
    meta: { errorTitle: 'Failed to fetch transactions' },
  });
}

/** The cards do not depend on dates: the screen reads them with none, and the spend summary with its range. */
export function useTransactionSummary(startDate: string, endDate: string) {
  return useQuery<TransactionSummary>({
    queryKey: ['/api/transactions/summary', { startDate: startDate || undefined, endDate: endDate || undefined }],
    placeholderData: keepPreviousData,
    meta: { errorTitle: 'Failed to fetch transactions' },
  });
}

export function useTransactionVcns() {
  return useQuery<TransactionVcnOptions>({ queryKey: ['/api/transactions/vcns'] });
}
