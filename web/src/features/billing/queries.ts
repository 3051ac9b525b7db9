// The Transactions screen's server data: one page of GET /api/transactions with its filters, the cards and
// spend summary of /api/transactions/summary, the VCN filter options, all computed by the server.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TransactionPage, TransactionStatus, TransactionSummary, TransactionVcnOptions } from '@tracker/schemas';

export interface TransactionFilter {
  status: 'all' | TransactionStatus;
  vcnLast4: string;
  minAmount: string;
  maxAmount: string;
}

export const NO_FILTER: TransactionFilter = { status: 'all', vcnLast4: 'all', minAmount: '', maxAmount: '' };

export function useTransactions(filter: TransactionFilter, page: number) {
  return useQuery<TransactionPage>({
    queryKey: [
      '/api/transactions',
      {
        // Spec §7: omitted when 'all'.
        status: filter.status === 'all' ? undefined : filter.status,
        vcnLast4: filter.vcnLast4 === 'all' ? undefined : filter.vcnLast4,
        minAmount: filter.minAmount.trim() || undefined,
        maxAmount: filter.maxAmount.trim() || undefined,
        page,
      },
    ],
    placeholderData: keepPreviousData,
    meta: { errorTitle: 'Failed to fetch transactions' },
  });
}

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
