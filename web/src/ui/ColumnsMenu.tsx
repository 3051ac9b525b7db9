// The Columns popover of a table with optional columns (spec §2: the dashboard's, and the Click Log's): a
// checkbox per column and 'Reset to Default', reading and writing TanStack Table's visibility state, so the
// menu and the DataTable it drives agree on what a column's being shown means.
import type { VisibilityState } from '@tanstack/react-table';
import { Columns3 } from 'lucide-react';
import { useId } from 'react';
import { Button } from './Button';
import { Checkbox } from './Checkbox';
import { Label } from './Label';
import { Popover, PopoverContent, PopoverTrigger } from './Popover';

export interface ColumnsMenuColumn {
  id: string;
  label: string;
}

export function ColumnsMenu({
  columns,
  visibility,
  onVisibilityChange,
  onReset,
  disabled = false,
}: {
  /** The columns a user may show or hide, in table order. */
  columns: readonly ColumnsMenuColumn[];
  /** TanStack's state: a column it does not name is shown. */
  visibility: VisibilityState;
  /** The whole state after one box is ticked or unticked. */
  onVisibilityChange: (next: VisibilityState) => void;
  /** Back to the screen's default columns (and widths). */
  onReset: () => void;
  /** While a choice is being saved. */
  disabled?: boolean;
}) {
  const idPrefix = useId();
  const isShown = (id: string) => visibility[id] !== false;
  const shownCount = columns.filter((column) => isShown(column.id)).length;
  return (
    <Popover>
      <PopoverTrigger asChild>
        <Button variant="outline">
          <Columns3 aria-hidden="true" />
          Columns
        </Button>
      </PopoverTrigger>
      <PopoverContent align="end" className="w-60 p-3">
        <div className="mb-2 text-sm font-medium">Visible columns</div>
        <ul className="space-y-2">
          {columns.map((column) => {
            const shown = isShown(column.id);
            const boxId = `${idPrefix}-${column.id}`;
            return (
              <li key={column.id} className="flex items-center gap-2">
                <Checkbox
                  id={boxId}
                  checked={shown}
                  // The last column stays: a table of no columns says nothing (and an empty saved choice would
                  // read as "nothing saved" and bring the defaults back).
                  disabled={disabled || (shown && shownCount === 1)}
                  onCheckedChange={(checked) => onVisibilityChange({ ...visibility, [column.id]: checked === true })}
                />
                <Label htmlFor={boxId} className="font-normal">
                  {column.label}
                </Label>
              </li>
            );
          })}
        </ul>
        <Button variant="outline" size="sm" className="mt-3 w-full" disabled={disabled} onClick={onReset}>
          Reset to Default
        </Button>
      </PopoverContent>
    </Popover>
  );
}
