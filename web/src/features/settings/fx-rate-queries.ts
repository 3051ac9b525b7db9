// The reference exchange rates (docs/currencies.md): a range of them (GET /api/fx-rates), and an admin's
// manual rate entered or removed (PUT/DELETE /api/fx-rates/:date/:currency).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FxRateRow, FxRatesResponse, ManualRateBody } from '@tracker/schemas';
import { apiJson, apiRequest } from '../../lib/api';
import { toast } from '../../ui/use-toast';

const FX_RATES_KEY = '/api/fx-rates';

export function useFxRates(range: { startDate: string; endDate: string }) {
  return useQuery<FxRatesResponse>({ queryKey: [FX_RATES_KEY, range], meta: { errorTitle: 'Failed to load the reference rates' } });
}

export interface ManualRate {
  day: string;
  currency: string;
  rate: ManualRateBody['rate'];
}

export function useEnterManualRate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ day, currency, rate }: ManualRate) => apiJson<FxRateRow>('PUT', `/api/fx-rates/${day}/${encodeURIComponent(currency)}`, { rate }),
    onSuccess: (row) => toast({ title: 'Rate saved', description: `1 EUR = ${row.rate} ${row.currency} on ${row.day}` }),
    meta: { errorTitle: 'Failed to save the rate' },
    onSettled: () => queryClient.invalidateQueries({ queryKey: [FX_RATES_KEY] }),
  });
}

export function useRemoveManualRate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ day, currency }: { day: string; currency: string }) => apiRequest('DELETE', `/api/fx-rates/${day}/${encodeURIComponent(currency)}`),
    onSuccess: () => toast({ title: 'Manual rate removed' }),
    meta: { errorTitle: 'Failed to remove the rate' },
    onSettled: () => queryClient.invalidateQueries({ queryKey: [FX_RATES_KEY] }),
  });
}
