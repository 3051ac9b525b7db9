// A path's auto-optimiser on the flow form: the switch, and while it is on the metric it weighs by and the floor every
// item in rotation keeps (docs/split-tests.md, "Auto-optimisation"). Blank floor and metric are the server's defaults.
import { AUTO_OPTIMIZE_DEFAULTS, type CampaignFlowBody } from '@tracker/schemas';
import { useId } from 'react';
import { Controller, useWatch, type Control, type UseFormRegister } from 'react-hook-form';
import { Input } from '../../ui/Input';
import { Label } from '../../ui/Label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../ui/Select';
import { Switch } from '../../ui/Switch';

type PathName = 'defaultPath' | `rules.${number}.path`;

export function AutoOptimizeFields({
  control,
  register,
  name,
  disabled,
}: {
  control: Control<CampaignFlowBody>;
  register: UseFormRegister<CampaignFlowBody>;
  name: PathName;
  disabled: boolean;
}) {
  const id = useId();
  const on = useWatch({ control, name: `${name}.autoOptimize` as 'defaultPath.autoOptimize' }) === true;
  return (
    <div className="space-y-2 rounded-md border bg-muted/30 p-3">
      <div className="flex flex-wrap items-center gap-x-6 gap-y-2">
        <div className="flex items-center gap-2">
          <Controller
            control={control}
            name={`${name}.autoOptimize` as 'defaultPath.autoOptimize'}
            render={({ field }) => <Switch id={`${id}-on`} checked={field.value === true} onCheckedChange={field.onChange} disabled={disabled} />}
          />
          <Label htmlFor={`${id}-on`}>Auto-optimise weights</Label>
        </div>
        {on && (
          <>
            <div className="flex items-center gap-2">
              <Label htmlFor={`${id}-metric`}>By</Label>
              <Controller
                control={control}
                name={`${name}.autoOptimizeMetric` as 'defaultPath.autoOptimizeMetric'}
                render={({ field }) => (
                  <Select value={field.value ?? AUTO_OPTIMIZE_DEFAULTS.metric} onValueChange={field.onChange} disabled={disabled}>
                    <SelectTrigger id={`${id}-metric`} aria-label="Optimise by" className="h-8 w-24">
                      <SelectValue />
                    </SelectTrigger>
                    <SelectContent>
                      <SelectItem value="cr">CR</SelectItem>
                      <SelectItem value="epv">EPV</SelectItem>
                    </SelectContent>
                  </Select>
                )}
              />
            </div>
            <div className="flex items-center gap-2">
              <Label htmlFor={`${id}-floor`}>Floor</Label>
              <Input
                id={`${id}-floor`}
                type="number"
                min={0}
                max={50}
                step={1}
                className="h-8 w-20"
                placeholder={String(AUTO_OPTIMIZE_DEFAULTS.floorPercent)}
                disabled={disabled}
                {...register(`${name}.autoOptimizeFloor` as 'defaultPath.autoOptimizeFloor', { setValueAs: (v: unknown) => (v === '' || v == null ? undefined : Number(v)) })}
              />
              <span className="text-sm text-muted-foreground">%</span>
            </div>
          </>
        )}
      </div>
      <p className="text-xs text-muted-foreground">
        {on
          ? 'Every 15 minutes the weights move toward the landers and offers most likely to be best over the last 7 days, once the split test has its minimum sample; each keeps at least the floor, and weight 0 stays off.'
          : 'Off: the weights stay as you set them.'}
      </p>
    </div>
  );
}
