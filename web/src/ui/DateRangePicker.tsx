// The date range picker (spec §2): a button reading 'MMM dd, yyyy - MMM dd, yyyy' that opens quick ranges
// and a two-month calendar (one month on phones), weeks from Sunday; Apply, enabled once both ends are
// chosen, hands the range over; Cancel drops the draft. Given a time zone, "today" is that zone's day.
import { format, isSameMonth, startOfDay, startOfMonth, subMonths } from 'date-fns';
import { CalendarIcon } from 'lucide-react';
import { useState, type CSSProperties } from 'react';
import { DayPicker } from 'react-day-picker';
import 'react-day-picker/style.css';
import { cn } from '../lib/cn';
import { Button } from './Button';
import { formatDayRange, pickDay, QUICK_RANGES, todayIn, sameDayRange, type DayRange, type DraftRange, type QuickRange } from './date-range-presets';
import { Popover, PopoverContent, PopoverTrigger } from './Popover';
import { useIsMobile } from './use-is-mobile';

// DayPicker's own stylesheet is unlayered, so it beats Tailwind's layered utilities: the theme goes inline.
const CALENDAR_THEME = {
  '--rdp-accent-color': 'var(--primary)',
  '--rdp-accent-background-color': 'var(--accent)',
  '--rdp-today-color': 'var(--primary)',
  '--rdp-day-height': '2.25rem',
  '--rdp-day-width': '2.25rem',
  '--rdp-day_button-height': '2.125rem',
  '--rdp-day_button-width': '2.125rem',
  '--rdp-day_button-border-radius': 'calc(var(--radius) - 2px)',
  '--rdp-months-gap': '1.5rem',
  '--rdp-nav-height': '2.25rem',
  '--rdp-nav_button-height': '2rem',
  '--rdp-nav_button-width': '2rem',
} as CSSProperties;

export function DateRangePicker({
  value,
  onChange,
  quickRanges = QUICK_RANGES,
  timeZone,
  className,
}: {
  value: DayRange;
  onChange: (range: DayRange) => void;
  quickRanges?: readonly QuickRange[];
  /** The zone whose days the range means (the report time zone); the browser's when not given. */
  timeZone?: string;
  className?: string;
}) {
  const isMobile = useIsMobile();
  const months = isMobile ? 1 : 2;
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<DraftRange>(value);
  const [month, setMonth] = useState<Date>(value.from);

  // Two months side by side end on the range's last month, so "today" opens on last month and this one.
  function monthShowing(range: DayRange): Date {
    if (months === 2 && isSameMonth(range.from, range.to)) return startOfMonth(subMonths(range.to, 1));
    return startOfMonth(range.from);
  }

  function handleOpenChange(next: boolean) {
    if (next) {
      setDraft(value);
      setMonth(monthShowing(value));
    }
    setOpen(next);
  }

  const complete = draft.from && draft.to ? { from: draft.from, to: draft.to } : null;
  const today = timeZone ? todayIn(timeZone) : startOfDay(new Date());

  return (
    <Popover open={open} onOpenChange={handleOpenChange}>
      <PopoverTrigger asChild>
        <Button variant="outline" className={cn('justify-start font-normal', className)} aria-label={`Date range: ${formatDayRange(value)}`}>
          <CalendarIcon aria-hidden="true" />
          <span className="truncate">{formatDayRange(value)}</span>
        </Button>
      </PopoverTrigger>
      <PopoverContent align="end" className="w-auto max-w-[calc(100vw-1rem)] p-0">
        <div className="flex flex-col sm:flex-row">
          <div className="grid grid-cols-2 gap-1 border-b p-2 sm:flex sm:w-36 sm:flex-col sm:border-r sm:border-b-0" aria-label="Quick ranges" role="group">
            {quickRanges.map((quick) => {
              const range = quick.range(today);
              const active = complete !== null && sameDayRange(complete, range);
              return (
                <Button
                  key={quick.label}
                  variant={active ? 'secondary' : 'ghost'}
                  size="sm"
                  aria-pressed={active}
                  className="justify-start font-normal"
                  onClick={() => {
                    setDraft(range);
                    setMonth(monthShowing(range));
                  }}
                >
                  {quick.label}
                </Button>
              );
            })}
          </div>
          <div className="p-2">
            <DayPicker
              mode="range"
              today={today}
              numberOfMonths={months}
              weekStartsOn={0}
              month={month}
              onMonthChange={setMonth}
              selected={draft.from ? { from: draft.from, to: draft.to } : undefined}
              onSelect={(_range, day) => setDraft((current) => pickDay(current, day))}
              className="text-sm"
              style={CALENDAR_THEME}
            />
          </div>
        </div>
        <div className="flex flex-wrap items-center justify-between gap-2 border-t p-3">
          <div className="grid gap-0.5">
            <span className="text-sm text-muted-foreground" aria-live="polite">
              {draft.from ? `${format(draft.from, 'MMM dd, yyyy')} - ${draft.to ? format(draft.to, 'MMM dd, yyyy') : '...'}` : 'Pick a start date'}
            </span>
            {timeZone && <span className="text-xs text-muted-foreground">Days run midnight to midnight in {timeZone}</span>}
          </div>
          <div className="flex gap-2">
            <Button variant="outline" size="sm" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button
              size="sm"
              disabled={!complete}
              onClick={() => {
                if (!complete) return;
                onChange(complete);
                setOpen(false);
              }}
            >
              Apply
            </Button>
          </div>
        </div>
      </PopoverContent>
    </Popover>
  );
}
