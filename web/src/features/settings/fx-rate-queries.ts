// The reference exchange rates (docs/currencies.md): a range of them (GET /api/fx-rates), the latest rate of a
// few currencies against the workspace currency (GET /api/fx-rates/latest), and an admin's manual rate entered
// or removed (PUT/DELETE /api/fx-rates/:date/:currency).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { FxRateRow, FxRatesResponse, LatestRate, LatestRatesResponse, ManualRateBody } from '@tracker/schemas';
import { apiJson, apiRequest } from '../../lib/api';
import { toast } from '../../ui/use-toast';

const FX_RATES_KEY = '/api/fx-rates';

export function useFxRates(range: { startDate: string; endDate: string }) {
  return useQuery<FxRatesResponse>({ queryKey: [FX_RATES_KEY, range], meta: { errorTitle: 'Failed to load the reference rates' } });
}

/** The latest rate of each currency asked (none asked: no call), by currency; a currency the workspace is in,
 *  or without a rate in the last 7 days, is absent. `loaded`: the answer is in. */
export function useLatestRates(currencies: readonly string[]): { rates: ReadonlyMap<string, LatestRate>; loaded: boolean } {
  const asked = [...new Set(currencies)].sort().join(',');
  const query = useQuery<LatestRatesResponse>({
    queryKey: [FX_RATES_KEY, 'latest', { currencies: asked }],
    enabled: asked !== '',
    meta: { errorTitle: 'Failed to load the latest reference rates' },
  });
  const rates = useMemo(() => new Map((query.data?.rates ?? []).map((rate) => [rate.currency, rate])), [query.data]);
  return { rates, loaded: query.data !== undefined };
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
