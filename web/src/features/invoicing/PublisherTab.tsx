// The Publisher Payouts tab (spec §2 Invoice Management): the create form (period defaults to the current
// month and year, invoice date to today), the Settings side panel, and the history with PDFs and delete.
import { zodResolver } from '@hookform/resolvers/zod';
import { formatIsoDate, monthPeriod, publisherInvoiceCreateSchema } from '@tracker/schemas';
import { createColumnHelper } from '@tanstack/react-table';
import { format } from 'date-fns';
import { useForm } from 'react-hook-form';
import { currencySymbol, formatMoney, shownCurrency } from '../../lib/format';
import { Button } from '../../ui/Button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/Card';
import { Input } from '../../ui/Input';
import { Textarea } from '../../ui/Textarea';
import { FormField } from './FormField';
import { invoiceCurrency } from './invoice-currency';
import { InvoiceHistory } from './InvoiceHistory';
import { InvoiceSettingsSheet } from './InvoiceSettingsSheet';
import { useCreatePublisherInvoice, usePublisherInvoices, type PublisherInvoice } from './queries';

const today = () => format(new Date(), 'yyyy-MM-dd');
const emptyForm = () => ({ mediaBuyer: '', description: '', period: monthPeriod(today()), amountPaid: '', revenueSharePercent: '', profit: '', invoiceDate: today(), notes: '', currency: shownCurrency() as string });

function CreatePublisherInvoice() {
  const create = useCreatePublisherInvoice();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm({ resolver: zodResolver(publisherInvoiceCreateSchema), defaultValues: emptyForm() });
  const onSubmit = handleSubmit((body) => create.mutate(body, { onSuccess: () => reset(emptyForm()) }));
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Create Publisher Invoice</h2>
        </CardTitle>
        <CardDescription>A payout to a media buyer; it gets the next PUB number.</CardDescription>
      </CardHeader>
      <CardContent>
        <form className="grid gap-4 md:grid-cols-3" onSubmit={onSubmit} noValidate aria-label="Create Publisher Invoice">
          <FormField id="pub-media-buyer" label="Publisher / media buyer" error={errors.mediaBuyer?.message}>
            <Input id="pub-media-buyer" {...register('mediaBuyer')} />
          </FormField>
          <FormField id="pub-period" label="Period" error={errors.period?.message}>
            <Input id="pub-period" {...register('period')} />
          </FormField>
          <FormField id="pub-invoice-date" label="Invoice date" error={errors.invoiceDate?.message}>
            <Input id="pub-invoice-date" type="date" {...register('invoiceDate')} />
          </FormField>
          <FormField id="pub-description" label="Description" error={errors.description?.message} className="md:col-span-3">
            <Input id="pub-description" {...register('description')} />
          </FormField>
          <FormField id="pub-amount" label={`Amount paid (${currencySymbol()})`} error={errors.amountPaid?.message}>
            <Input id="pub-amount" inputMode="decimal" placeholder="0.00" {...register('amountPaid')} />
          </FormField>
          <FormField id="pub-share" label="Revenue share (%)" error={errors.revenueSharePercent?.message}>
            <Input id="pub-share" inputMode="decimal" placeholder="0.00" {...register('revenueSharePercent')} />
          </FormField>
          <FormField id="pub-profit" label={`Profit (${currencySymbol()})`} error={errors.profit?.message}>
            <Input id="pub-profit" inputMode="decimal" placeholder="0.00" {...register('profit')} />
          </FormField>
          <FormField id="pub-notes" label="Notes" className="md:col-span-3">
            <Textarea id="pub-notes" rows={2} {...register('notes')} />
          </FormField>
          <div className="md:col-span-3">
            <Button type="submit" disabled={create.isPending}>
              {create.isPending ? 'Creating...' : 'Create Invoice'}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}

const column = createColumnHelper<PublisherInvoice>();

function PublisherHistory() {
  const invoices = usePublisherInvoices();
  const columns = [
    column.accessor('mediaBuyer', { header: 'Publisher', size: 170 }),
    column.accessor('period', { header: 'Period', size: 140 }),
    column.accessor('invoiceDate', { header: 'Date', size: 115, cell: (c) => formatIsoDate(c.getValue()) }),
    column.accessor((r) => Number(r.amountPaid), { id: 'amountPaid', size: 115, header: 'Amount', cell: (c) => formatMoney(c.row.original.amountPaid, invoiceCurrency(c.row.original)), meta: { align: 'right' } }),
    column.accessor((r) => Number(r.revenueSharePercent), { id: 'share', size: 115, header: 'Rev. share', cell: (c) => `${c.row.original.revenueSharePercent}%`, meta: { align: 'right' } }),
    column.accessor((r) => Number(r.profit), { id: 'profit', size: 105, header: 'Profit', cell: (c) => formatMoney(c.row.original.profit, invoiceCurrency(c.row.original)), meta: { align: 'right' } }),
  ];
  return <InvoiceHistory kind="publisher" noun="Publisher" invoices={invoices} columns={columns} billedTo={(invoice) => invoice.mediaBuyer} />;
}

export function PublisherTab() {
  return (
    <div className="space-y-6">
      <div className="flex justify-end">
        <InvoiceSettingsSheet kind="publisher" />
      </div>
      <CreatePublisherInvoice />
      <PublisherHistory />
    </div>
  );
}
