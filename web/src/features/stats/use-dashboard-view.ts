// The dashboard's view read from and written to the address bar: a change is a new
// history entry when it moves to another report, and replaces the current one when it only rearranges it.
import { useCallback, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { parseDashboardView, serializeDashboardView, type DashboardView } from './dashboard-view';

/** A change of the view: the fields to set, or a function of the view as the latest change left it. */
export type DashboardViewPatch = Partial<DashboardView> | ((view: DashboardView) => Partial<DashboardView>);

export type UpdateDashboardView = (patch: DashboardViewPatch, options?: { replace?: boolean }) => void;

export function useDashboardView(): [DashboardView, UpdateDashboardView] {
  const [search, setSearch] = useSearchParams();
  const view = useMemo(() => parseDashboardView(search), [search]);
  // react-router hands a functional `setSearchParams` this render's parameters, not the latest: two changes made
  // before the router re-renders (a header clicked twice on a busy machine) would both start from the same URL, and
  // the second undo the first. So changes build on the last URL written here, until the address bar moves on.
  const latest = useRef({ rendered: search, written: search });
  if (latest.current.rendered !== search) latest.current = { rendered: search, written: search };
  const update = useCallback<UpdateDashboardView>(
    (patch, options) => {
      const current = parseDashboardView(latest.current.written);
      const next = serializeDashboardView({ ...current, ...(typeof patch === 'function' ? patch(current) : patch) });
      latest.current.written = next;
      setSearch(next, { replace: options?.replace ?? false });
    },
    [setSearch],
  );
  return [view, update];
}
