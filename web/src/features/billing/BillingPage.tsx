// The Billing Statements screen (/billing, spec §2): the four cards, the VCN Spend Summary, the statement
// upload (admins), the filters and the server-paged Transactions table, all scoped by the server to the
// VCNs the signed-in user may see.
import { useQueryClient } from '@tanstack/react-query';
import { TRANSACTIONS_PAGE_SIZE, type TransactionStatus } from '@tracker/schemas';
import { CheckCircle2, Clock, CreditCard, Upload, XCircle } from 'lucide-react';
import { useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { useAuth, useSignedInUser } from '../../app/auth/auth-context';
import { formatMoney } from '../../lib/format';
import { STATEMENT_CURRENCY } from './statement-currency';
import { Button } from '../../ui/Button';
import { Card, CardContent, CardHeader, CardTitle, CardDescription } from '../../ui/Card';
import { DataTable } from '../../ui/DataTable';
import { Label } from '../../ui/Label';
import { MetricCard } from '../../ui/MetricCard';
import { Pagination } from '../../ui/Pagination';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../ui/Select';
import { TextField } from '../../ui/TextField';
import { NO_AMOUNT, hasAmountError, readAmountFilters, type AmountInput } from './amount-filters';
import { useTransactions, useTransactionSummary, useTransactionVcns } from './queries';
import { transactionColumns } from './transaction-columns';
import { orderDateRange, transactionsEmptyState } from './transactions-view';
import { sendStatement, toastUploadFailure, toastUploadResult } from './upload-statement';
import { VcnSpendSummaryCard } from './VcnSpendSummaryCard';

const NO_SORTING: [] = [];

interface Filters {
  status: 'all' | TransactionStatus;
  vcnLast4: string;
  min: AmountInput;
  max: AmountInput;
}
const NO_FILTER: Filters = { status: 'all', vcnLast4: 'all', min: NO_AMOUNT, max: NO_AMOUNT };

/** A number field's text and whether the browser could read it as a number ('1e' it cannot). */
const amountOf = (input: HTMLInputElement): AmountInput => ({ text: input.value, badInput: input.validity.badInput });

export function BillingPage() {
  const user = useSignedInUser();
  const { logoutMutation } = useAuth();
  const queryClient = useQueryClient();
  const [filter, setFilter] = useState<Filters>(NO_FILTER);
  const [page, setPage] = useState(1);
  const [startDate, setStartDate] = useState('');
  const [endDate, setEndDate] = useState('');
  const [datesSwapped, setDatesSwapped] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  const amounts = readAmountFilters(filter.min, filter.max);
  const amountError = hasAmountError(amounts);
  const transactions = useTransactions({ status: filter.status, vcnLast4: filter.vcnLast4, minAmount: amounts.minAmount, maxAmount: amounts.maxAmount }, page, !amountError);
  // The cards count every transaction whatever the dates; only the spend summary reads the range.
  const cardsSummary = useTransactionSummary('', '');
  const summary = useTransactionSummary(startDate, endDate);
  const vcns = useTransactionVcns();

  // Spec §4: any filter change goes back to page 1.
  const changeFilter = (next: Partial<Filters>) => {
    setFilter({ ...filter, ...next });
    setPage(1);
  };
  const filtered =
    filter.status !== 'all' || filter.vcnLast4 !== 'all' || filter.min.text !== '' || filter.min.badInput || filter.max.text !== '' || filter.max.badInput;
  const clearFilters = () => changeFilter(NO_FILTER);

  async function upload(file: File) {
    setProgress(0);
    try {
      const result = await sendStatement(file, setProgress);
      toastUploadResult(result);
      await queryClient.invalidateQueries({ predicate: (q) => String(q.queryKey[0]).startsWith('/api/transactions') || q.queryKey[0] === '/api/users/vcn-options' });
    } catch (error) {
      toastUploadFailure(error);
    } finally {
      setProgress(null);
      if (fileInput.current) fileInput.current.value = '';
    }
  }

  const cards = cardsSummary.data;
  const data = transactions.data;
  const empty = transactionsEmptyState({
    loading: transactions.isPending && !amountError,
    failed: transactions.isError,
    amountError,
    filtered,
    role: user.role,
    assignedNicknames: vcns.data?.assignedNicknames,
  });
  const uploading = progress !== null;

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="space-y-1">
          <h1 className="text-2xl font-semibold tracking-tight">Billing Statements</h1>
          <p className="text-sm text-muted-foreground">Logged in as: {user.username}</p>
        </div>
        <Button variant="outline" disabled={logoutMutation.isPending} onClick={() => logoutMutation.mutate()}>
          Logout
        </Button>
      </div>
      <nav aria-label="Billing tabs" className="inline-flex h-9 items-center rounded-lg bg-muted p-1 text-muted-foreground">
        <Link to="/" className="rounded-md px-3 py-1 text-sm font-medium hover:text-foreground">
          SafeKey Codes
        </Link>
        <Link to="/billing" aria-current="page" className="rounded-md bg-background px-3 py-1 text-sm font-medium text-foreground shadow-sm">
          Billing
        </Link>
        {user.role === 'admin' && (
          <Link to="/users" className="rounded-md px-3 py-1 text-sm font-medium hover:text-foreground">
            Users
          </Link>
        )}
      </nav>

      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <MetricCard label="Total Transactions" icon={CreditCard} value={cards ? cards.total.count.toLocaleString('en-US') : '-'} detail={cards ? formatMoney(cards.total.amount, STATEMENT_CURRENCY) : ' '} />
        <MetricCard label="Pending" icon={Clock} value={cards ? cards.pending.count.toLocaleString('en-US') : '-'} detail={cards ? formatMoney(cards.pending.amount, STATEMENT_CURRENCY) : ' '} />
        <MetricCard label="Cleared" icon={CheckCircle2} value={cards ? cards.cleared.count.toLocaleString('en-US') : '-'} detail={cards ? formatMoney(cards.cleared.amount, STATEMENT_CURRENCY) : ' '} />
        <MetricCard label="Declined" icon={XCircle} value={cards ? cards.declined.count.toLocaleString('en-US') : '-'} detail="Failed transactions" />
      </div>

      <VcnSpendSummaryCard
        summary={summary.data}
        isPending={summary.isPending}
        startDate={startDate}
        endDate={endDate}
        datesSwapped={datesSwapped}
        onDatesChange={(start, end) => {
          // A start after the end is the same days the other way round, never a request the server refuses.
          const range = orderDateRange(start, end);
          setStartDate(range.startDate);
          setEndDate(range.endDate);
          setDatesSwapped(range.swapped);
        }}
      />

      {user.role === 'admin' && (
        <Card>
          <CardHeader>
            <CardTitle>Upload Billing Statement</CardTitle>
            <CardDescription>The card provider&apos;s CSV export. Uploading the same export again changes nothing; a later one updates pending transactions.</CardDescription>
          </CardHeader>
          <CardContent className="flex flex-wrap items-center gap-3">
            <input
              ref={fileInput}
              type="file"
              accept=".csv"
              className="hidden"
              aria-label="CSV file"
              onChange={(event) => {
                const file = event.target.files?.[0];
                if (file) void upload(file);
              }}
            />
            <Button disabled={uploading} onClick={() => fileInput.current?.click()}>
              <Upload aria-hidden="true" />
              {uploading ? 'Uploading...' : 'Choose CSV File'}
            </Button>
            {uploading && (
              <div className="flex min-w-60 items-center gap-2 text-sm text-muted-foreground" role="status">
                <div className="h-2 w-40 overflow-hidden rounded-full bg-muted" aria-hidden="true">
                  <div className="h-full bg-primary transition-all" style={{ width: `${Math.round((progress ?? 0) * 100)}%` }} />
                </div>
                {progress !== null && progress < 1 ? `Sending ${Math.round(progress * 100)}%` : 'Importing...'}
              </div>
            )}
          </CardContent>
        </Card>
      )}

      <Card>
        <CardHeader className="flex flex-row items-center justify-between">
          <CardTitle>Filters</CardTitle>
          {filtered && (
            <Button variant="ghost" size="sm" onClick={clearFilters}>
              Clear
            </Button>
          )}
        </CardHeader>
        <CardContent className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <div className="grid gap-1.5">
            <Label htmlFor="filter-status">Status</Label>
            <Select value={filter.status} onValueChange={(value) => changeFilter({ status: value as 'all' | TransactionStatus })}>
              <SelectTrigger id="filter-status" className="w-full">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value="all">All Statuses</SelectItem>
                <SelectItem value="PENDING">Pending</SelectItem>
                <SelectItem value="CLEARED">Cleared</SelectItem>
                <SelectItem value="DECLINED">Declined</SelectItem>
              </SelectContent>
            </Select>
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="filter-vcn">VCN Last 4</Label>
            <Select value={filter.vcnLast4} onValueChange={(value) => changeFilter({ vcnLast4: value })}>
              <SelectTrigger id="filter-vcn" className="w-full">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value="all">All VCNs</SelectItem>
                {(vcns.data?.last4s ?? []).map((last4) => (
                  <SelectItem key={last4} value={last4}>
                    {last4}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
          <TextField
            label="Min Amount ($)"
            type="number"
            step="0.01"
            inputMode="decimal"
            placeholder="0.00"
            value={filter.min.text}
            onChange={(e) => changeFilter({ min: amountOf(e.target) })}
            error={amounts.minError ? { message: amounts.minError } : undefined}
          />
          <TextField
            label="Max Amount ($)"
            type="number"
            step="0.01"
            inputMode="decimal"
            placeholder="0.00"
            value={filter.max.text}
            onChange={(e) => changeFilter({ max: amountOf(e.target) })}
            error={amounts.maxError ? { message: amounts.maxError } : undefined}
          />
        </CardContent>
      </Card>

      <Card className="gap-4">
        <CardHeader>
          <CardTitle>Transactions</CardTitle>
        </CardHeader>
        <CardContent className={`space-y-4 ${transactions.isPlaceholderData ? 'opacity-60 transition-opacity' : ''}`}>
          <DataTable
            label="Transactions"
            data={data?.transactions ?? []}
            columns={transactionColumns}
            getRowId={(row) => String(row.id)}
            sorting={NO_SORTING}
            onSortingChange={() => {}}
            manualSorting
            emptyMessage={
              empty.offerClear && filtered ? (
                <span className="inline-flex flex-wrap items-center justify-center gap-2">
                  {empty.message}
                  <Button variant="outline" size="sm" onClick={clearFilters}>
                    Clear filters
                  </Button>
                </span>
              ) : (
                empty.message
              )
            }
          />
          {data && data.total > TRANSACTIONS_PAGE_SIZE && (
            <Pagination
              page={page}
              pageSize={data.pageSize}
              total={data.total}
              onPageChange={setPage}
              withEnds={false}
              summary={({ from, to, total }) => `Showing ${from}-${to} of ${total} transactions`}
            />
          )}
        </CardContent>
      </Card>
    </div>
  );
}
