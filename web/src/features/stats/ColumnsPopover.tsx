// The Columns popover (spec §2): a checkbox per column this grouping offers and 'Reset to Default';
// each change is saved to the user's preferences right away.
import { Columns3 } from 'lucide-react';
import { Button } from '../../ui/Button';
import { Checkbox } from '../../ui/Checkbox';
import { Label } from '../../ui/Label';
import { Popover, PopoverContent, PopoverTrigger } from '../../ui/Popover';
import type { ReportColumn, ReportColumnId } from './report-columns';

export function ColumnsPopover({
  columns,
  visible,
  onToggle,
  onReset,
  saving,
}: {
  columns: readonly ReportColumn[];
  visible: readonly ReportColumnId[];
  onToggle: (id: ReportColumnId, shown: boolean) => void;
  onReset: () => void;
  saving: boolean;
}) {
  const shown = new Set(visible);
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
          {columns.map((column) => (
            <li key={column.id} className="flex items-center gap-2">
              <Checkbox
                id={`column-${column.id}`}
                checked={shown.has(column.id)}
                // The last column stays: an empty choice would read as "nothing saved" and bring back the defaults.
                disabled={saving || (shown.has(column.id) && visible.length === 1)}
                onCheckedChange={(checked) => onToggle(column.id, checked === true)}
              />
              <Label htmlFor={`column-${column.id}`} className="font-normal">
                {column.label}
              </Label>
            </li>
          ))}
        </ul>
        <Button variant="outline" size="sm" className="mt-3 w-full" disabled={saving} onClick={onReset}>
          Reset to Default
        </Button>
      </PopoverContent>
    </Popover>
  );
}
