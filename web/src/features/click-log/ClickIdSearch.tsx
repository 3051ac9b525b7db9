// The Click Log's click id search box: a full id, the 8 characters the table shows, or any 8+ hex digits
// of an id. Text that cannot be part of an id says so under the box instead of asking the server.
import { CLICK_ID_SEARCH_MIN, normalizeClickIdSearch } from '@tracker/schemas';
import { Search, X } from 'lucide-react';
import { useState } from 'react';
import { Input } from '../../ui/Input';
import { Label } from '../../ui/Label';

/** What the box's text asks for: every click (blank), these digits, or nothing yet (with why). */
export function readClickIdSearch(text: string): { search: string | undefined; hint: string | null } {
  if (text.trim() === '') return { search: undefined, hint: null };
  const digits = normalizeClickIdSearch(text);
  return digits ? { search: digits, hint: null } : { search: undefined, hint: `Enter a click ID or at least ${CLICK_ID_SEARCH_MIN} of its characters (0-9, a-f)` };
}

/** `initialText`: the search a link or reload brought (the box then owns its text). */
export function ClickIdSearch({ onSearch, initialText = '' }: { onSearch: (search: string | undefined) => void; initialText?: string }) {
  const [text, setText] = useState(initialText);
  const { hint } = readClickIdSearch(text);

  function change(next: string) {
    setText(next);
    const read = readClickIdSearch(next);
    // Half-typed text keeps the last search on screen rather than flashing every click back.
    if (read.search !== undefined || read.hint === null) onSearch(read.search);
  }

  return (
    <div className="relative grid gap-1.5">
      <Label htmlFor="click-log-search" className="text-xs text-muted-foreground">
        Click ID
      </Label>
      <div className="relative sm:w-72">
        <Search className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden="true" />
        <Input
          id="click-log-search"
          type="search"
          value={text}
          onChange={(event) => change(event.target.value)}
          placeholder="Search by click ID"
          autoComplete="off"
          spellCheck={false}
          aria-invalid={hint !== null}
          aria-describedby={hint ? 'click-log-search-hint' : undefined}
          className="pr-8 pl-8 font-mono [&::-webkit-search-cancel-button]:hidden"
        />
        {text && (
          <button
            type="button"
            aria-label="Clear click ID search"
            onClick={() => change('')}
            className="absolute top-1/2 right-2 -translate-y-1/2 rounded-sm text-muted-foreground hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring/50 focus-visible:outline-none"
          >
            <X className="size-4" aria-hidden="true" />
          </button>
        )}
      </div>
      {hint && (
        // Below the box, over the gap under the filters, so the row keeps its alignment as the hint comes and goes.
        <p id="click-log-search-hint" className="absolute top-full left-0 mt-1 text-xs whitespace-nowrap text-destructive">
          {hint}
        </p>
      )}
    </div>
  );
}
