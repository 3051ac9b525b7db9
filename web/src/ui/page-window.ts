// Which page buttons a pager shows (spec §9: a window of 5): the current page as near the middle as
// the ends allow.
export const PAGE_WINDOW = 5;

export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** Page numbers (1-based) around `page` out of `pages`, at most `size` of them, in order. */
export function pageWindow(page: number, pages: number, size = PAGE_WINDOW): number[] {
  const count = Math.min(size, pages);
  const first = Math.min(Math.max(1, page - Math.floor(size / 2)), pages - count + 1);
  return Array.from({ length: count }, (_, i) => first + i);
}

/** 'Showing X to Y of N' figures for a 1-based page; X and Y are 0 when there is nothing. */
export function pageSpan(page: number, pageSize: number, total: number): { from: number; to: number } {
  if (total === 0) return { from: 0, to: 0 };
  const from = (page - 1) * pageSize + 1;
  return { from, to: Math.min(total, page * pageSize) };
}
