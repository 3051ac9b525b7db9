// Settings (spec §7 "Settings"): the key/value rows (admins only), saving one POST per setting,
// the worker redeploy, and the postback URL, with the spec §8 toasts.
import { SESSION_USER_QUERY_KEY } from '../../app/auth/session-user';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PostbackUrl, RedeployWorkerResult, SettingKey, SettingRow } from '@tracker/schemas';
import { apiJson, apiRequest } from '../../lib/api';
import { toast } from '../../ui/use-toast';

export type { SettingRow };

export const SETTINGS_KEY = ['/api/settings'] as const;
const POSTBACK_URL_KEY = ['/api/postback-url'] as const;

/** The settings rows; pass `enabled: false` for non-admins, who may not read them (spec §6). */
export function useSettings(options: { enabled?: boolean } = {}) {
  return useQuery<SettingRow[]>({ queryKey: SETTINGS_KEY, enabled: options.enabled });
}

/** A setting's value, or null when it is unset or blank. */
export function settingValue(rows: readonly SettingRow[] | undefined, key: SettingKey): string | null {
  const value = rows?.find((row) => row.key === key)?.value;
  return value && value.trim() ? value : null;
}

export interface SettingChange {
  key: SettingKey;
  value: string | null;
}

/** Saves settings one POST /api/settings per key, in order, then toasts 'Settings updated' once. */
export function useSaveSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (changes: readonly SettingChange[]) => {
      for (const change of changes) await apiRequest('POST', '/api/settings', change);
    },
    onSuccess: () => toast({ title: 'Settings updated' }),
    meta: { errorTitle: 'Failed to update settings' },
    // A partial save changed something too: reload whatever happened, and what is derived from the
    // settings (the postback URL and the campaigns' hosts follow the redirect domain).
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: SETTINGS_KEY });
      void queryClient.invalidateQueries({ queryKey: POSTBACK_URL_KEY });
      void queryClient.invalidateQueries({ queryKey: ['/api/campaigns'] });
      // The signed-in user carries the report time zone every screen's days start from.
      void queryClient.invalidateQueries({ queryKey: SESSION_USER_QUERY_KEY });
    },
  });
}

export function useRedeployWorker() {
  return useMutation({
    mutationFn: () => apiJson<RedeployWorkerResult>('POST', '/api/redeploy-worker'),
    onSuccess: (answer) => toast({ title: 'Worker redeployed', description: answer?.message }),
    meta: { errorTitle: 'Redeploy failed', errorFallback: 'Failed to redeploy worker' },
  });
}

export function usePostbackUrl() {
  return useQuery<PostbackUrl>({ queryKey: POSTBACK_URL_KEY });
}

