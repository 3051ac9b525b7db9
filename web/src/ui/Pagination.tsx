// The pager under a server-paged table (spec §2, §9): First, Previous, a window of up to 5 page
// buttons, Next and Last, with 'Showing X to Y of N results'; a screen whose spec leaves out First and
// Last, or words the summary its own way (the transactions'), says so.
import { ChevronLeft, ChevronRight, ChevronsLeft, ChevronsRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from './Button';
import { pageCount, pageSpan, pageWindow } from './page-window';

export function Pagination({
  page,
  pageSize,
  total,
  onPageChange,
  noun = 'results',
  summary,
  withEnds = true,
  disabled = false,
}: {
  page: number;
  pageSize: number;
  total: number;
  onPageChange: (page: number) => void;
  noun?: string;
  /** The summary line in place of 'Showing X to Y of N results'. */
  summary?: (span: { from: string; to: string; total: string }) => ReactNode;
  /** First and Last buttons. */
  withEnds?: boolean;
  /** Every button off, e.g. while the page asked for is on its way and a move from it has nothing to start from. */
  disabled?: boolean;
}) {
  const pages = pageCount(total, pageSize);
  const span = pageSpan(page, pageSize, total);
  const shown = { from: span.from.toLocaleString('en-US'), to: span.to.toLocaleString('en-US'), total: total.toLocaleString('en-US') };
  const atStart = page <= 1;
  const atEnd = page >= pages;

  return (
    <nav aria-label="Pagination" className="flex flex-col items-center justify-between gap-3 sm:flex-row">
      <p className="text-sm text-muted-foreground">
        {summary ? summary(shown) : `Showing ${shown.from} to ${shown.to} of ${shown.total} ${noun}`}
      </p>
      <div className="flex flex-wrap items-center justify-center gap-0.5 sm:gap-1">
        {withEnds && (
          <Button variant="outline" size="sm" disabled={disabled || atStart} onClick={() => onPageChange(1)} aria-label="First page" className="max-md:w-8 max-md:has-[>svg]:px-0">
            <ChevronsLeft aria-hidden="true" />
            <span className="hidden md:inline">First</span>
          </Button>
        )}
        <Button variant="outline" size="sm" disabled={disabled || atStart} onClick={() => onPageChange(page - 1)} aria-label="Previous page" className="max-md:w-8 max-md:has-[>svg]:px-0">
          <ChevronLeft aria-hidden="true" />
          <span className="hidden md:inline">Previous</span>
        </Button>
        {pageWindow(page, pages).map((n) => (
          <Button
            key={n}
            variant={n === page ? 'default' : 'outline'}
            size="sm"
            className="min-w-8 px-2.5"
            aria-current={n === page ? 'page' : undefined}
            aria-label={`Page ${n}`}
            disabled={disabled}
            onClick={() => onPageChange(n)}
          >
            {n}
          </Button>
        ))}
        <Button variant="outline" size="sm" disabled={disabled || atEnd} onClick={() => onPageChange(page + 1)} aria-label="Next page" className="max-md:w-8 max-md:has-[>svg]:px-0">
          <span className="hidden md:inline">Next</span>
          <ChevronRight aria-hidden="true" />
        </Button>
        {withEnds && (
          <Button variant="outline" size="sm" disabled={disabled || atEnd} onClick={() => onPageChange(pages)} aria-label="Last page" className="max-md:w-8 max-md:has-[>svg]:px-0">
            <span className="hidden md:inline">Last</span>
            <ChevronsRight aria-hidden="true" />
          </Button>
        )}
      </div>
    </nav>
  );
}
