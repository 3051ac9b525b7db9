// How every DataTable sorts (spec §4), apart from the component so headless tests configure TanStack the
// same way: a new column sorts descending first, a sorted column only flips, one column at a time.
export const DATA_TABLE_SORTING = {
  sortDescFirst: true,
  enableSortingRemoval: false,
  enableMultiSort: false,
} as const;
