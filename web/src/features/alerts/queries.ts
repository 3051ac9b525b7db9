// Settings → Alerts: the notification channels (list, add, edit, delete, Send test) and the alert log,
// polled while it is open so a check's firing shows up by itself.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AlertLog, ChannelTestResult, NotificationChannelCreate, NotificationChannelUpdate, NotificationChannelView } from '@tracker/schemas';
import { apiJson, apiRequest } from '../../lib/api';
import { toDayParam, type DayRange } from '../../ui/date-range-presets';
import { toast } from '../../ui/use-toast';

export const CHANNELS_KEY = ['/api/notification-channels'] as const;
const ALERTS_KEY = '/api/alerts';
const ALERT_LOG_POLL_MS = 30_000;

/** `enabled: false` for a screen whose user may not list the channels (they are admin-only). */
export function useNotificationChannels(options: { enabled?: boolean } = {}) {
  return useQuery<NotificationChannelView[]>({ queryKey: CHANNELS_KEY, enabled: options.enabled, meta: { errorTitle: 'Failed to fetch notification channels' } });
}

export function useSaveChannel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: NotificationChannelCreate | NotificationChannelUpdate }) =>
      id === null
        ? apiJson<NotificationChannelView>('POST', '/api/notification-channels', body)
        : apiJson<NotificationChannelView>('PATCH', `/api/notification-channels/${id}`, body),
    onSuccess: (channel, { id }) => {
      void queryClient.invalidateQueries({ queryKey: CHANNELS_KEY });
      toast({ title: id === null ? 'Channel added' : 'Channel saved', description: channel.name });
    },
    meta: { errorTitle: 'Failed to save channel' },
  });
}

export function useDeleteChannel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest('DELETE', `/api/notification-channels/${id}`),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: CHANNELS_KEY });
      toast({ title: 'Channel deleted' });
    },
    meta: { errorTitle: 'Failed to delete channel' },
  });
}

/** A refusal by the service (ok false) is an answer, toasted with its words; only our own failures are errors. */
export function useTestChannel() {
  return useMutation({
    mutationFn: (channel: NotificationChannelView) => apiJson<ChannelTestResult>('POST', `/api/notification-channels/${channel.id}/test`),
    onSuccess: (result, channel) =>
      result.ok
        ? toast({ title: 'Test message sent', description: `${channel.name} took it${result.attempts > 1 ? ` (after ${result.attempts} tries)` : ''}.` })
        : toast({ title: `${channel.name} did not take the test`, description: result.message, variant: 'destructive' }),
    meta: { errorTitle: 'Failed to send test' },
  });
}

export function useAlertLog(range: DayRange) {
  return useQuery<AlertLog>({
    queryKey: [ALERTS_KEY, { startDate: toDayParam(range.from), endDate: toDayParam(range.to) }],
    refetchInterval: ALERT_LOG_POLL_MS,
    meta: { errorTitle: 'Failed to fetch the alert log' },
  });
}
