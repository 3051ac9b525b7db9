// A labelled list of checkboxes over a set of string values: the permission and VCN dialogs.
import { useId } from 'react';
import { cn } from '../../lib/cn';
import { Checkbox } from '../../ui/Checkbox';
import { Label } from '../../ui/Label';

export function CheckboxList<T extends string>({
  legend,
  options,
  checked,
  onChange,
  labelOf = (value) => value,
  className,
}: {
  legend: string;
  options: readonly T[];
  checked: ReadonlySet<T>;
  onChange: (next: Set<T>) => void;
  labelOf?: (value: T) => string;
  className?: string;
}) {
  const baseId = useId();
  return (
    <fieldset className={cn('grid gap-3', className)}>
      <legend className="sr-only">{legend}</legend>
      {options.map((value, index) => {
        const id = `${baseId}-${index}`;
        return (
          <div key={value} className="flex items-center gap-3">
            <Checkbox
              id={id}
              checked={checked.has(value)}
              onCheckedChange={(on) => {
                const next = new Set(checked);
                if (on === true) next.add(value);
                else next.delete(value);
                onChange(next);
              }}
            />
            <Label htmlFor={id} className="font-normal">
              {labelOf(value)}
            </Label>
          </div>
        );
      })}
    </fieldset>
  );
}
