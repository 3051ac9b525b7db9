// Report Time Zone (setting `report_timezone`, default UTC): the day boundaries of every report.
// Saved as soon as another zone is chosen.
import { DEFAULT_REPORT_TIMEZONE } from '@tracker/schemas';
import { useId, useMemo, useState } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/Card';
import { Label } from '../../ui/Label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../ui/Select';
import { useSaveSettings } from './queries';
import { reportTimeZones } from './report-time-zones';

export function ReportTimezoneCard({ stored }: { stored: string | null }) {
  const saveSettings = useSaveSettings();
  const [zone, setZone] = useState(stored ?? DEFAULT_REPORT_TIMEZONE);
  const zones = useMemo(() => {
    const known = reportTimeZones();
    return known.includes(zone) ? known : [zone, ...known];
  }, [zone]);
  const id = useId();

  const onChange = (next: string) => {
    const previous = zone;
    setZone(next);
    saveSettings.mutate([{ key: 'report_timezone', value: next }], { onError: () => setZone(previous) });
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Reporting</h2>
        </CardTitle>
        <CardDescription>Reports count each day from midnight to midnight in this time zone.</CardDescription>
      </CardHeader>
      <CardContent className="grid max-w-xs gap-2">
        <Label htmlFor={id}>Report Time Zone</Label>
        <Select value={zone} onValueChange={onChange} disabled={saveSettings.isPending}>
          <SelectTrigger id={id}>
            <SelectValue />
          </SelectTrigger>
          <SelectContent className="max-h-72">
            {zones.map((name) => (
              <SelectItem key={name} value={name}>
                {name}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </CardContent>
    </Card>
  );
}
