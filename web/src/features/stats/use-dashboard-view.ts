// The dashboard's view read from and written to the address bar: a change is a new
// history entry when it moves to another report, and replaces the current one when it only rearranges it.
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { parseDashboardView, serializeDashboardView, type DashboardView } from './dashboard-view';

export type UpdateDashboardView = (patch: Partial<DashboardView>, options?: { replace?: boolean }) => void;

export function useDashboardView(): [DashboardView, UpdateDashboardView] {
  const [search, setSearch] = useSearchParams();
  const view = useMemo(() => parseDashboardView(search), [search]);
  const update = useCallback<UpdateDashboardView>(
    (patch, options) => {
      // From the URL of the moment, not this render's, so two updates in one event both land.
      setSearch((current) => serializeDashboardView({ ...parseDashboardView(current), ...patch }), { replace: options?.replace ?? false });
    },
    [setSearch],
  );
  return [view, update];
}
