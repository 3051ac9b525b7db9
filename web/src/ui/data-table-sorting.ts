// How every DataTable sorts (spec §4), apart from the component so headless tests configure TanStack the
// same way: a new column sorts descending first, a sorted column only flips, one column at a time.
import type { SortingState } from '@tanstack/react-table';

export const DATA_TABLE_SORTING = {
  sortDescFirst: true,
  enableSortingRemoval: false,
  enableMultiSort: false,
} as const;

/**
 * The sorting after a click on `columnId`'s header, from the sorting before it. A function of the sorting rather
 * than TanStack's toggle handler, which decides the direction from the sorting on screen: a second click that
 * lands before the first one is drawn must flip what the first set, not repeat it.
 */
export function sortingAfterHeaderClick(sorting: SortingState, columnId: string): SortingState {
  const current = sorting.find((entry) => entry.id === columnId);
  return [{ id: columnId, desc: current ? !current.desc : DATA_TABLE_SORTING.sortDescFirst }];
}
