// Which Click Log columns show and how wide they are, kept in this browser (localStorage): the server's
// preferences hold the report table's columns only.
import type { VisibilityState } from '@tanstack/react-table';
import { z } from 'zod';
import { useState } from 'react';
import { CLICK_LOG_COLUMNS, DEFAULT_HIDDEN_COLUMNS, type ClickLogColumnId } from './click-log-columns';

export const COLUMN_PREFS_KEY = 'tracker.click-log.columns';

export interface ClickLogColumnPrefs {
  hidden: ClickLogColumnId[];
  widths: Partial<Record<ClickLogColumnId, number>>;
}

export const DEFAULT_COLUMN_PREFS: ClickLogColumnPrefs = { hidden: DEFAULT_HIDDEN_COLUMNS, widths: {} };

const COLUMN_IDS = CLICK_LOG_COLUMNS.map((c) => c.id) as [ClickLogColumnId, ...ClickLogColumnId[]];
const columnId = z.enum(COLUMN_IDS);
const prefsSchema = z.object({
  // Unknown ids (a column since removed) are dropped rather than throwing the whole choice away.
  hidden: z.array(z.string()).transform((ids) => ids.filter((id): id is ClickLogColumnId => columnId.safeParse(id).success)),
  widths: z.record(z.string(), z.number().int().min(20).max(2000)).transform(
    (widths) => Object.fromEntries(Object.entries(widths).filter(([id]) => columnId.safeParse(id).success)) as ClickLogColumnPrefs['widths'],
  ),
});

/** The choice as TanStack Table's visibility state (for the table and the Columns menu): every column named. */
export function columnVisibility(hidden: readonly ClickLogColumnId[]): VisibilityState {
  return Object.fromEntries(CLICK_LOG_COLUMNS.map((c) => [c.id, !hidden.includes(c.id)]));
}

/** The hidden columns of a visibility state, in table order; a column it does not name is shown. */
export function hiddenColumns(visibility: VisibilityState): ClickLogColumnId[] {
  return CLICK_LOG_COLUMNS.filter((c) => visibility[c.id] === false).map((c) => c.id);
}

/** The saved choice, or the defaults when there is none or it cannot be read. */
export function readColumnPrefs(storage: Pick<Storage, 'getItem'> | undefined): ClickLogColumnPrefs {
  try {
    const text = storage?.getItem(COLUMN_PREFS_KEY);
    if (!text) return DEFAULT_COLUMN_PREFS;
    const parsed = prefsSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : DEFAULT_COLUMN_PREFS;
  } catch {
    // Storage switched off or a hand-edited value: the defaults are the honest answer.
    return DEFAULT_COLUMN_PREFS;
  }
}

function browserStorage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}

export function useColumnPrefs(): [ClickLogColumnPrefs, (next: ClickLogColumnPrefs) => void] {
  const [prefs, setPrefs] = useState(() => readColumnPrefs(browserStorage()));
  return [
    prefs,
    (next) => {
      setPrefs(next);
      try {
        browserStorage()?.setItem(COLUMN_PREFS_KEY, JSON.stringify(next));
      } catch {
        // A full or blocked storage keeps the choice for this visit only; nothing else to do about it.
      }
    },
  ];
}
