// The Click Log's Columns popover: a checkbox per column and 'Reset to Default' (which also forgets
// dragged widths), like the Stats screen's.
import { Columns3 } from 'lucide-react';
import { Button } from '../../ui/Button';
import { Checkbox } from '../../ui/Checkbox';
import { Label } from '../../ui/Label';
import { Popover, PopoverContent, PopoverTrigger } from '../../ui/Popover';
import { CLICK_LOG_COLUMNS, type ClickLogColumnId } from './click-log-columns';

export function ClickLogColumnsMenu({
  hidden,
  onToggle,
  onReset,
}: {
  hidden: readonly ClickLogColumnId[];
  onToggle: (id: ClickLogColumnId, shown: boolean) => void;
  onReset: () => void;
}) {
  const hiddenSet = new Set(hidden);
  const shownCount = CLICK_LOG_COLUMNS.length - hiddenSet.size;
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
          {CLICK_LOG_COLUMNS.map((column) => {
            const shown = !hiddenSet.has(column.id);
            return (
              <li key={column.id} className="flex items-center gap-2">
                <Checkbox
                  id={`click-log-column-${column.id}`}
                  checked={shown}
                  // The last column stays: a table of no columns says nothing.
                  disabled={shown && shownCount === 1}
                  onCheckedChange={(checked) => onToggle(column.id, checked === true)}
                />
                <Label htmlFor={`click-log-column-${column.id}`} className="font-normal">
                  {column.label}
                </Label>
              </li>
            );
          })}
        </ul>
        <Button variant="outline" size="sm" className="mt-3 w-full" onClick={onReset}>
          Reset to Default
        </Button>
      </PopoverContent>
    </Popover>
  );
}
