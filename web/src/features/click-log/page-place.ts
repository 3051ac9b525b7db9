// Which Click Log page is on screen and how the server finds it: page 1 is always the newest clicks;
// any other page is reached from a neighbour by its cursor, inside the snapshot page 1 was read under.
import { clickLogCursor, type ClickLogKey } from '@tracker/schemas';
import { pageCount } from '../../ui/page-window';

/** Page 1, or a page of the snapshot `asOf` placed by exactly one of after, before, last. */
export type PagePlace =
  | { page: 1 }
  | { page: number; asOf: string; after?: string; before?: string; last?: true; skip?: number };

export const FIRST_PAGE: PagePlace = { page: 1 };

/** The page on screen, with what its answer said. */
export interface ShownPage {
  place: PagePlace;
  rows: readonly ClickLogKey[];
  asOf: string | null;
  total: number;
}

/** Where page `target` lies, seen from the page on screen: the pager jumps at most a window of pages,
 *  so a page is the next rows after (or before) the shown page's edge, skipping the pages between. */
export function placeOfPage(target: number, shown: ShownPage, pageSize: number): PagePlace {
  const pages = pageCount(shown.total, pageSize);
  const { page } = shown.place;
  const asOf = shown.asOf;
  if (target <= 1 || !asOf || shown.rows.length === 0) return FIRST_PAGE;
  if (target >= pages) return { page: pages, asOf, last: true };
  if (target > page) {
    const skip = (target - page - 1) * pageSize;
    return { page: target, asOf, after: clickLogCursor(shown.rows[shown.rows.length - 1]!), ...(skip > 0 ? { skip } : {}) };
  }
  if (target < page) {
    const skip = (page - target - 1) * pageSize;
    return { page: target, asOf, before: clickLogCursor(shown.rows[0]!), ...(skip > 0 ? { skip } : {}) };
  }
  return shown.place;
}
