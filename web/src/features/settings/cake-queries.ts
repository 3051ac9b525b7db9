// The CAKE integration: its settings and last run (GET/PUT /api/integrations/cake) and
// 'Sync now' (POST /api/integrations/cake/sync, answered when the job is done).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CakeIntegration, CakeSettingsBody, CakeSyncResult, CakeSyncRunning } from '@tracker/schemas';
import { apiJson } from '../../lib/api';
import { toast } from '../../ui/use-toast';

const CAKE_KEY = ['/api/integrations/cake'] as const;
const plural = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;

export function useCakeIntegration() {
  return useQuery<CakeIntegration>({ queryKey: CAKE_KEY });
}

export function useSaveCakeIntegration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CakeSettingsBody) => apiJson<CakeIntegration>('PUT', '/api/integrations/cake', body),
    onSuccess: (saved) => {
      queryClient.setQueryData(CAKE_KEY, saved);
      toast({ title: 'CAKE settings saved' });
    },
    meta: { errorTitle: 'Failed to save the CAKE settings' },
  });
}

export function useSyncCake() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiJson<CakeSyncResult | CakeSyncRunning>('POST', '/api/integrations/cake/sync', {}),
    onSuccess: (answer) => {
      toast(
        'rows' in answer
          ? { title: 'CAKE synced', description: `${plural(answer.rows, 'row')}: ${plural(answer.conversionRows, 'conversion')}, ${plural(answer.statsRows, 'stats row')}` }
          : { title: 'CAKE sync still running', description: 'Its outcome will show on this card.' },
      );
    },
    meta: { errorTitle: 'CAKE sync failed' },
    // Good or bad, the card shows the run.
    onSettled: () => queryClient.invalidateQueries({ queryKey: CAKE_KEY }),
  });
}
