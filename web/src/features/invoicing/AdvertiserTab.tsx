// The Advertiser Billing tab (spec §2 Invoice Management, §5, §9): the create form with a billing week of
// the last 8 (default this week), pay terms (default Weekly Net 7), the read-only due date from the shared
// rule, line items with their exact total; Settings with Saved Companies; history with PDFs, delete and
// 'Recalculate due dates'.
import { zodResolver } from '@hookform/resolvers/zod';
import {
  advertiserInvoiceCreateSchema,
  billingWeeks,
  computeDueDate,
  DEFAULT_PAY_TERMS,
  formatIsoDate,
  formatPeriod,
  invoiceTotal,
  isUnreadableLineAmount,
  PAY_TERMS,
  periodEndOf,
  type AdvertiserInvoiceCreateBody,
  type InvoiceLineItem,
  type PayTerms,
} from '@tracker/schemas';
import { createColumnHelper } from '@tanstack/react-table';
import { format } from 'date-fns';
import { Plus, RefreshCw, X } from 'lucide-react';
import { useMemo } from 'react';
import { Controller, useFieldArray, useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { formatMoney } from '../../lib/format';
import { Button } from '../../ui/Button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/Card';
import { Input } from '../../ui/Input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../ui/Select';
import { Textarea } from '../../ui/Textarea';
import { FormField } from './FormField';
import { invoiceCurrency } from './invoice-currency';
import { InvoiceHistory } from './InvoiceHistory';
import { InvoiceSettingsSheet } from './InvoiceSettingsSheet';
import { useAdvertiserInvoices, useCreateAdvertiserInvoice, useRecalculateDueDates, type AdvertiserCompany, type AdvertiserInvoice } from './queries';

const today = () => format(new Date(), 'yyyy-MM-dd');
const emptyForm = () => ({
  companyName: '',
  billingAddress: '',
  invoiceDate: today(),
  payTerms: DEFAULT_PAY_TERMS as PayTerms,
  period: billingWeeks(today())[0]!.period,
  notes: '',
  lineItems: [{ description: '', amount: '' }] as InvoiceLineItem[],
});
type FormValues = ReturnType<typeof emptyForm>;

const dueDateOf = (values: Pick<FormValues, 'invoiceDate' | 'period' | 'payTerms'>) =>
  computeDueDate({ invoiceDate: values.invoiceDate || today(), periodEnd: periodEndOf(values.period), payTerms: values.payTerms });

// The form holds the lines as rows; the request sends them as JSON text with the shown due date and total
// (spec §7), and the shared schema checks that request. Its issues keep the form's paths (`lineItems.1.amount`).
const invoiceFormSchema = z
  .object({
    companyName: z.string(),
    billingAddress: z.string(),
    invoiceDate: z.string(),
    payTerms: z.enum(PAY_TERMS),
    period: z.string(),
    notes: z.string(),
    lineItems: z.array(z.object({ description: z.string(), amount: z.string() })),
  })
  .transform(
    (values): AdvertiserInvoiceCreateBody => ({
      ...values,
      dueDate: dueDateOf(values),
      lineItems: JSON.stringify(values.lineItems),
      totalAmount: invoiceTotal(values.lineItems),
    }),
  )
  .pipe(advertiserInvoiceCreateSchema);

function useAdvertiserInvoiceForm() {
  return useForm({ resolver: zodResolver(invoiceFormSchema), defaultValues: emptyForm() });
}

function CreateAdvertiserInvoice({ form }: { form: ReturnType<typeof useAdvertiserInvoiceForm> }) {
  const create = useCreateAdvertiserInvoice();
  const {
    register,
    control,
    handleSubmit,
    reset,
    formState: { errors },
  } = form;
  const lines = useFieldArray({ control, name: 'lineItems' });
  const weeks = useMemo(() => billingWeeks(today()), []);
  const [invoiceDate, period, payTerms, lineItems] = useWatch({ control, name: ['invoiceDate', 'period', 'payTerms', 'lineItems'] });
  const dueDate = dueDateOf({ invoiceDate, period, payTerms });
  const total = invoiceTotal(lineItems);
  // A list-wide message (none, or a negative total) sits on the array, beside the lines' own messages.
  const linesError = errors.lineItems?.root?.message ?? errors.lineItems?.message;

  const onSubmit = handleSubmit((body) => create.mutate(body, { onSuccess: () => reset(emptyForm()) }));

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Create Advertiser Invoice</h2>
        </CardTitle>
        <CardDescription>Bill an advertiser for a week of traffic; it gets the next ADV number. Pick a saved company in Settings to fill the name and address.</CardDescription>
      </CardHeader>
      <CardContent>
        <form className="grid gap-4 md:grid-cols-4" onSubmit={onSubmit} noValidate aria-label="Create Advertiser Invoice">
          <FormField id="adv-company" label="Company name" error={errors.companyName?.message} className="md:col-span-2">
            <Input id="adv-company" {...register('companyName')} />
          </FormField>
          <FormField id="adv-invoice-date" label="Invoice date" error={errors.invoiceDate?.message}>
            <Input id="adv-invoice-date" type="date" {...register('invoiceDate')} />
          </FormField>
          <FormField id="adv-pay-terms" label="Pay terms">
            <Controller
              control={control}
              name="payTerms"
              render={({ field }) => (
                <Select value={field.value} onValueChange={field.onChange}>
                  <SelectTrigger id="adv-pay-terms" className="w-full" onBlur={field.onBlur}>
                    <SelectValue />
                  </SelectTrigger>
                  <SelectContent>
                    {PAY_TERMS.map((terms) => (
                      <SelectItem key={terms} value={terms}>
                        {terms}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              )}
            />
          </FormField>
          <FormField id="adv-address" label="Billing address" className="md:col-span-2">
            <Textarea id="adv-address" rows={2} {...register('billingAddress')} />
          </FormField>
          <FormField id="adv-period" label="Billing period" error={errors.period?.message}>
            <Controller
              control={control}
              name="period"
              render={({ field }) => (
                <Select value={field.value} onValueChange={field.onChange}>
                  <SelectTrigger id="adv-period" className="w-full" onBlur={field.onBlur}>
                    <SelectValue />
                  </SelectTrigger>
                  <SelectContent>
                    {weeks.map((week) => (
                      <SelectItem key={week.period} value={week.period}>
                        {week.label}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              )}
            />
          </FormField>
          <FormField id="adv-due-date" label="Due date">
            <Input id="adv-due-date" readOnly value={formatIsoDate(dueDate)} className="bg-muted" />
          </FormField>

          <fieldset className="grid gap-2 md:col-span-4">
            <legend className="mb-2 text-sm font-medium">Line items</legend>
            {linesError && (
              <p className="text-sm text-destructive" role="alert">
                {linesError}
              </p>
            )}
            {lines.fields.map((line, index) => (
              <div key={line.id} className="grid grid-cols-[1fr_10rem_2.25rem] items-start gap-2">
                <div className="grid gap-1">
                  <Input aria-label={`Line ${index + 1} description`} placeholder="Description" {...register(`lineItems.${index}.description`)} />
                  {errors.lineItems?.[index]?.description && <p className="text-sm text-destructive">{errors.lineItems[index].description.message}</p>}
                </div>
                <div className="grid gap-1">
                  <Input aria-label={`Line ${index + 1} amount`} inputMode="decimal" placeholder="0.00" className="text-right" {...register(`lineItems.${index}.amount`)} />
                  {errors.lineItems?.[index]?.amount ? (
                    <p className="text-sm text-destructive">{errors.lineItems[index].amount.message}</p>
                  ) : (
                    isUnreadableLineAmount(lineItems[index]?.amount ?? '') && (
                      <p className="text-sm text-amber-700" role="status">
                        Not an amount: counts and prints as {formatMoney('0')}
                      </p>
                    )
                  )}
                </div>
                {lines.fields.length > 1 ? (
                  <Button type="button" variant="ghost" size="icon" aria-label={`Remove line ${index + 1}`} onClick={() => lines.remove(index)}>
                    <X aria-hidden="true" />
                  </Button>
                ) : (
                  <span />
                )}
              </div>
            ))}
            <div className="flex items-center justify-between">
              <Button type="button" variant="outline" size="sm" onClick={() => lines.append({ description: '', amount: '' })}>
                <Plus aria-hidden="true" /> Add Line Item
              </Button>
              <p className="text-sm">
                Total: <strong data-testid="advertiser-total">{formatMoney(total)}</strong>
              </p>
            </div>
          </fieldset>
          <FormField id="adv-notes" label="Notes" className="md:col-span-4">
            <Textarea id="adv-notes" rows={2} {...register('notes')} />
          </FormField>
          <div className="md:col-span-4">
            <Button type="submit" disabled={create.isPending}>
              {create.isPending ? 'Creating...' : 'Create Invoice'}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}

const column = createColumnHelper<AdvertiserInvoice>();

function AdvertiserHistory() {
  const invoices = useAdvertiserInvoices();
  const recalculate = useRecalculateDueDates();
  const columns = [
    column.accessor('companyName', { header: 'Company', size: 160 }),
    column.accessor('period', { header: 'Period', size: 170, cell: (c) => formatPeriod(c.getValue()) }),
    column.accessor('invoiceDate', { header: 'Date', size: 105, cell: (c) => formatIsoDate(c.getValue()) }),
    column.accessor('dueDate', { header: 'Due', size: 105, cell: (c) => (c.getValue() ? formatIsoDate(c.getValue()!) : '—') }),
    column.accessor('payTerms', { header: 'Terms', size: 105, cell: (c) => c.getValue() ?? '—' }),
    column.accessor((r) => Number(r.totalAmount), { id: 'totalAmount', size: 110, header: 'Total', cell: (c) => formatMoney(c.row.original.totalAmount, invoiceCurrency(c.row.original)), meta: { align: 'right' } }),
  ];
  return (
    <InvoiceHistory
      kind="advertiser"
      noun="Advertiser"
      invoices={invoices}
      columns={columns}
      billedTo={(invoice) => invoice.companyName}
      action={
        <Button variant="outline" size="sm" disabled={recalculate.isPending} onClick={() => recalculate.mutate()}>
          <RefreshCw aria-hidden="true" /> {recalculate.isPending ? 'Recalculating...' : 'Recalculate due dates'}
        </Button>
      }
    />
  );
}

export function AdvertiserTab() {
  const form = useAdvertiserInvoiceForm();
  const pickCompany = (company: AdvertiserCompany) => {
    form.setValue('companyName', company.companyName);
    form.setValue('billingAddress', company.billingAddress ?? '');
  };
  return (
    <div className="space-y-6">
      <div className="flex justify-end">
        <InvoiceSettingsSheet kind="advertiser" onPickCompany={pickCompany} />
      </div>
      <CreateAdvertiserInvoice form={form} />
      <AdvertiserHistory />
    </div>
  );
}
