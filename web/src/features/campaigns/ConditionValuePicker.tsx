// The values of one flow condition, picked instead of typed: a searchable list with the values the reports have
// seen in the last 30 days first ("in your traffic"), then every value the field can take (all countries, the
// device types the tracker derives, common OSs, browsers and languages). OS, browser and language also take a value
// that is not listed (a new browser, a rare language), added from the search box. What is stored is what the
// reports show (country codes, 'iOS', 'Mobile Safari'); the router compares without case.
import { isCountryCode, type FlowField } from '@tracker/schemas';
import { ChevronDown, X } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useAuth } from '../../app/auth/auth-context';
import { hasFeature } from '../../app/auth/access';
import { cn } from '../../lib/cn';
import { Checkbox } from '../../ui/Checkbox';
import { Input } from '../../ui/Input';
import { lastDays, todayIn, toDayParam } from '../../ui/date-range-presets';
import { Popover, PopoverContent, PopoverTrigger } from '../../ui/Popover';
import { useAudienceValues } from '../stats/queries';
import { useSignedInTimeZone } from '../stats/report-time-zone';

interface Option {
  value: string;
  label: string;
}

const regionNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });
const languageNames = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'code' });

const ALL_COUNTRIES: Option[] = Array.from({ length: 26 * 26 }, (_, i) => String.fromCharCode(65 + Math.floor(i / 26), 65 + (i % 26)))
  .filter(isCountryCode)
  .map((code) => ({ value: code, label: regionNames.of(code) ?? code }))
  .sort((a, b) => a.label.localeCompare(b.label, 'en'));

/** The device types the tracker derives from the user agent (services/core's click audience). */
const DEVICES = ['Mobile', 'Tablet', 'Desktop', 'Smart TV', 'Console', 'Wearable', 'Embedded'];
const COMMON_OS = ['iOS', 'Android', 'Windows', 'macOS', 'Linux', 'Chromium OS', 'HarmonyOS'];
const COMMON_BROWSERS = ['TikTok', 'Mobile Safari', 'Chrome', 'Chrome WebView', 'Safari', 'Samsung Browser', 'Facebook', 'Instagram', 'Firefox', 'Edge', 'Opera'];
const COMMON_LANGUAGES = ['en', 'es', 'pt', 'de', 'fr', 'it', 'nl', 'pl', 'ru', 'uk', 'tr', 'ar', 'he', 'fa', 'hi', 'id', 'ms', 'th', 'vi', 'zh', 'ja', 'ko', 'sv', 'no', 'da', 'fi', 'cs', 'hu', 'ro', 'el'];

const plain = (values: string[]): Option[] => values.map((value) => ({ value, label: value }));

function staticOptions(field: FlowField): Option[] {
  switch (field) {
    case 'country':
      return ALL_COUNTRIES;
    case 'device':
      return plain(DEVICES);
    case 'os':
      return plain(COMMON_OS);
    case 'browser':
      return plain(COMMON_BROWSERS);
    case 'language':
      return COMMON_LANGUAGES.map((code) => ({ value: code, label: `${languageNames.of(code) ?? code} (${code})` }));
    case 'bot':
      return [
        { value: 'bot', label: 'Bot (known crawlers, prefetchers, automation)' },
        { value: 'human', label: 'Human' },
      ];
  }
}

/** OS, browser and language accept values the lists do not name; country, device and bot only their own. */
const FREE_FORM: ReadonlySet<FlowField> = new Set(['os', 'browser', 'language']);

const AUDIENCE_FIELDS: ReadonlySet<FlowField> = new Set(['country', 'device', 'os', 'browser']);

/** The field's values seen in the last 30 days of clicks (report time zone), for who may read the reports. */
function useTrafficOptions(field: FlowField): Option[] {
  const { user } = useAuth();
  const timezone = useSignedInTimeZone();
  const range = useMemo(() => {
    const days = lastDays(30, todayIn(timezone));
    return { startDate: toDayParam(days.from), endDate: toDayParam(days.to) };
  }, [timezone]);
  const allowed = user !== null && hasFeature(user, 'dashboard');
  const audience = useAudienceValues(range, { enabled: allowed });
  if (!AUDIENCE_FIELDS.has(field) || !audience.data) return [];
  const values = audience.data[field as keyof typeof audience.data] ?? [];
  // 'none' is the reports' filter for clicks without the value: no visitor can be routed by it.
  return values.filter((v) => v.value !== 'none').map((v) => ({ value: v.value, label: field === 'country' ? (regionNames.of(v.value) ?? v.label) : v.label }));
}

/**
 * The options that match what the buyer typed, best first: the code itself ('de'), then names that start with it
 * ('germ' finds Germany), then names with a word that does ('kingdom'), then any other place.
 */
function ranked(options: Option[], needle: string): Option[] {
  if (!needle) return options;
  const score = (o: Option) => {
    const label = o.label.toLowerCase();
    if (o.value.toLowerCase() === needle) return 0;
    if (label.startsWith(needle)) return 1;
    if (label.split(/[\s(-]+/).some((word) => word.startsWith(needle))) return 2;
    return label.includes(needle) || o.value.toLowerCase().includes(needle) ? 3 : -1;
  };
  return options
    .map((o, index) => ({ o, index, score: score(o) }))
    .filter((m) => m.score >= 0)
    .sort((a, b) => a.score - b.score || a.index - b.index)
    .map((m) => m.o);
}

const same = (a: string, b: string) => a.localeCompare(b, 'en', { sensitivity: 'base' }) === 0;

export function ConditionValuePicker({
  field,
  values,
  onChange,
  disabled,
  label,
}: {
  field: FlowField;
  values: string[];
  onChange: (values: string[]) => void;
  disabled: boolean;
  label: string;
}) {
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  const traffic = useTrafficOptions(field);
  const all = staticOptions(field);
  const labelOf = (value: string) => [...traffic, ...all].find((o) => same(o.value, value))?.label ?? value;
  const chip = (value: string) => (field === 'country' ? value : field === 'language' ? value : labelOf(value));

  const needle = search.trim().toLowerCase();
  const seen = ranked(traffic, needle);
  const rest = ranked(
    all.filter((o) => !traffic.some((t) => same(t.value, o.value))),
    needle,
  );
  const canAdd = FREE_FORM.has(field) && needle !== '' && ![...traffic, ...all, ...values.map((v) => ({ value: v, label: v }))].some((o) => same(o.value, search.trim()));

  const isChosen = (value: string) => values.some((v) => same(v, value));
  const toggle = (value: string) => onChange(isChosen(value) ? values.filter((v) => !same(v, value)) : [...values, value]);
  const add = () => {
    const value = field === 'language' ? search.trim().toLowerCase() : search.trim();
    if (value) onChange([...values, value]);
    setSearch('');
  };

  const section = (title: string, options: Option[]) =>
    options.length > 0 && (
      <div role="group" aria-label={title}>
        <div className="px-2 pt-2 pb-1 text-xs font-medium text-muted-foreground">{title}</div>
        {options.map((o) => (
          <label key={o.value} className="flex cursor-pointer items-center gap-2 rounded-sm px-2 py-1 text-sm hover:bg-accent">
            <Checkbox checked={isChosen(o.value)} onCheckedChange={() => toggle(o.value)} aria-label={o.label} />
            <span className="min-w-0 flex-1 truncate">{o.label}</span>
            {field === 'country' && <span className="font-mono text-xs text-muted-foreground">{o.value}</span>}
          </label>
        ))}
      </div>
    );

  return (
    <Popover open={open && !disabled} onOpenChange={(next) => (setOpen(next), next || setSearch(''))}>
      <PopoverTrigger asChild>
        <button
          type="button"
          aria-label={label}
          disabled={disabled}
          className={cn(
            'flex min-h-9 w-full min-w-0 flex-wrap items-center gap-1 rounded-md border border-input bg-transparent px-2 py-1 text-left text-sm shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:cursor-not-allowed disabled:opacity-50',
          )}
        >
          {values.length === 0 && <span className="text-muted-foreground">Choose…</span>}
          {values.map((value) => (
            <span key={value} className="inline-flex max-w-full items-center gap-1 rounded bg-secondary px-1.5 py-0.5 text-xs text-secondary-foreground" title={labelOf(value)}>
              <span className="truncate">{chip(value)}</span>
              {!disabled && (
                <span
                  role="button"
                  tabIndex={-1}
                  aria-label={`Remove ${labelOf(value)}`}
                  className="rounded-sm opacity-60 hover:opacity-100"
                  onPointerDown={(event) => {
                    // Removing a chip does not open the list.
                    event.preventDefault();
                    event.stopPropagation();
                    toggle(value);
                  }}
                >
                  <X className="size-3" />
                </span>
              )}
            </span>
          ))}
          <ChevronDown className="ml-auto size-4 shrink-0 opacity-50" />
        </button>
      </PopoverTrigger>
      <PopoverContent align="start" className="w-80 p-1">
        <Input
          autoFocus
          value={search}
          placeholder={FREE_FORM.has(field) ? 'Search or add a value' : 'Search'}
          aria-label={`Search ${label.toLowerCase()}`}
          onChange={(event) => setSearch(event.target.value)}
          onKeyDown={(event) => {
            if (event.key !== 'Enter') return;
            event.preventDefault();
            const first = seen[0] ?? rest[0];
            if (canAdd) add();
            else if (first) toggle(first.value);
          }}
          className="mb-1"
        />
        <div className="max-h-72 overflow-y-auto">
          {canAdd && (
            <button type="button" className="w-full rounded-sm px-2 py-1.5 text-left text-sm hover:bg-accent" onClick={add}>
              Add “{search.trim()}”
            </button>
          )}
          {section('In your traffic (last 30 days)', seen)}
          {section(traffic.length > 0 ? 'All' : 'Values', rest)}
          {seen.length === 0 && rest.length === 0 && !canAdd && <div className="px-2 py-3 text-sm text-muted-foreground">Nothing matches “{search.trim()}”.</div>}
        </div>
      </PopoverContent>
    </Popover>
  );
}
