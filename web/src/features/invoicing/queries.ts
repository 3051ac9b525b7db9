// Invoicing calls (spec §7) and their toasts (spec §8): create, delete, PDFs, settings, saved companies,
// due-date recalculation. PDF and delete failures show no message, as the spec says.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdvertiserCompany,
  AdvertiserCompanyCreateBody,
  AdvertiserInvoice,
  AdvertiserInvoiceCreateBody,
  DueDatesRecalculated,
  InvoiceKind,
  InvoicePdf,
  InvoiceSettings,
  InvoiceSettingsBody,
  PublisherInvoice,
  PublisherInvoiceCreateBody,
} from '@tracker/schemas';
import { apiJson, apiRequest } from '../../lib/api';
import { toast } from '../../ui/use-toast';

export type { AdvertiserCompany, AdvertiserInvoice, PublisherInvoice };

const PUBLISHER_KEY = ['/api/publisher-invoices'] as const;
const ADVERTISER_KEY = ['/api/advertiser-invoices'] as const;
const COMPANIES_KEY = ['/api/advertiser-companies'] as const;
const settingsKey = (kind: InvoiceKind) => [`/api/invoice-settings/${kind}`] as const;

export const usePublisherInvoices = () => useQuery<PublisherInvoice[]>({ queryKey: PUBLISHER_KEY });
export const useAdvertiserInvoices = () => useQuery<AdvertiserInvoice[]>({ queryKey: ADVERTISER_KEY });
export const useAdvertiserCompanies = () => useQuery<AdvertiserCompany[]>({ queryKey: COMPANIES_KEY });
export const useInvoiceSettings = (kind: InvoiceKind) => useQuery<InvoiceSettings>({ queryKey: settingsKey(kind) });

export function useCreatePublisherInvoice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PublisherInvoiceCreateBody) => apiJson<PublisherInvoice>('POST', '/api/publisher-invoices', body),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: PUBLISHER_KEY });
      toast({ title: 'Publisher invoice created successfully' });
    },
    meta: { errorTitle: 'Failed to create publisher invoice' },
  });
}

export function useCreateAdvertiserInvoice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AdvertiserInvoiceCreateBody) => apiJson<AdvertiserInvoice>('POST', '/api/advertiser-invoices', body),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ADVERTISER_KEY });
      toast({ title: 'Advertiser invoice created successfully' });
    },
    meta: { errorTitle: 'Failed to create advertiser invoice' },
  });
}

export function useDeleteInvoice(kind: InvoiceKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest('DELETE', `/api/${kind}-invoices/${id}`),
    // Spec §8: a failed delete shows no message; the list refetches either way.
    onSettled: () => void queryClient.invalidateQueries({ queryKey: kind === 'publisher' ? PUBLISHER_KEY : ADVERTISER_KEY }),
  });
}

export function useRecalculateDueDates() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiJson<DueDatesRecalculated>('POST', '/api/advertiser-invoices/recalculate-due-dates'),
    onSuccess: ({ updatedCount }) => {
      void queryClient.invalidateQueries({ queryKey: ADVERTISER_KEY });
      toast({ title: 'Due dates recalculated', description: `${updatedCount} invoice${updatedCount === 1 ? '' : 's'} updated` });
    },
    meta: { errorTitle: 'Failed to recalculate due dates' },
  });
}

export function useSaveInvoiceSettings(kind: InvoiceKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: InvoiceSettingsBody) => apiJson<InvoiceSettings>('PUT', `/api/invoice-settings/${kind}`, body),
    onSuccess: (saved) => {
      queryClient.setQueryData(settingsKey(kind), saved);
      toast({ title: 'Settings updated' });
    },
    meta: { errorTitle: kind === 'publisher' ? 'Failed to update publisher settings' : 'Failed to update advertiser settings' },
  });
}

export function useSaveCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AdvertiserCompanyCreateBody) => apiJson<AdvertiserCompany>('POST', '/api/advertiser-companies', body),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: COMPANIES_KEY });
      toast({ title: 'Company saved' });
    },
    meta: { errorTitle: 'Failed to save company' },
  });
}

export function useDeleteCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest('DELETE', `/api/advertiser-companies/${id}`),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: COMPANIES_KEY }),
    meta: { errorTitle: 'Failed to delete company' },
  });
}

/** Asks the server (its workers) for the PDF; the history rows then show it as generated. */
export function useGeneratePdf(kind: InvoiceKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiJson<InvoicePdf>('POST', `/api/${kind}-invoices/${id}/generate-pdf`),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: kind === 'publisher' ? PUBLISHER_KEY : ADVERTISER_KEY }),
  });
}
