// The Transactions table's pager (spec §2 item 5): 'Showing X-Y of N transactions', Previous, up to 5
// page buttons in a sliding window, Next; the caller shows it only when there is more than one page.
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from '../../ui/Button';
import { pageCount, pageSpan, pageWindow } from '../../ui/page-window';

export function TransactionsPager({ page, pageSize, total, onPageChange }: { page: number; pageSize: number; total: number; onPageChange: (page: number) => void }) {
  const pages = pageCount(total, pageSize);
  const { from, to } = pageSpan(page, pageSize, total);
  return (
    <nav aria-label="Pagination" className="flex flex-col items-center justify-between gap-3 sm:flex-row">
      <p className="text-sm text-muted-foreground">
        Showing {from.toLocaleString('en-US')}-{to.toLocaleString('en-US')} of {total.toLocaleString('en-US')} transactions
      </p>
      <div className="flex flex-wrap items-center gap-1">
        <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPageChange(page - 1)}>
          <ChevronLeft aria-hidden="true" />
          Previous
        </Button>
        {pageWindow(page, pages).map((n) => (
          <Button
            key={n}
            variant={n === page ? 'default' : 'outline'}
            size="sm"
            className="min-w-8 px-2.5"
            aria-current={n === page ? 'page' : undefined}
            aria-label={`Page ${n}`}
            onClick={() => onPageChange(n)}
          >
            {n}
          </Button>
        ))}
        <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => onPageChange(page + 1)}>
          Next
          <ChevronRight aria-hidden="true" />
        </Button>
      </div>
    </nav>
  );
}
