// /api invoicing routes (spec §7 Invoicing): publisher payouts, advertiser billing, both settings
// documents and saved companies. Admin only, checked here whatever the screen hides.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest, unknownFieldsMessage, type Db, type JobQueue, type ValidationIssue } from '@tracker/core';
import {
  advertiserCompanyCreateSchema,
  advertiserCompanySchema,
  advertiserInvoiceCreateSchema,
  advertiserInvoiceSchema,
  dueDatesRecalculatedSchema,
  INVOICE_SETTINGS_KINDS,
  invoicePdfSchema,
  invoiceSettingsSchema,
  invoiceSettingsViewSchema,
  publisherInvoiceCreateSchema,
  publisherInvoiceSchema,
} from '@tracker/schemas';
import { currentUser } from '../auth/access';
import { serialIdOr404 } from '../ids/serial-id';
import { createAdvertiserCompany, deleteAdvertiserCompany, listAdvertiserCompanies } from './advertiser-companies';
import { createAdvertiserInvoice, deleteAdvertiserInvoice, listAdvertiserInvoices } from './advertiser-invoices';
import { generateInvoicePdf } from './generate-invoice-pdf';
import { getInvoiceSettings, saveInvoiceSettings } from './invoice-settings';
import { createPublisherInvoice, deletePublisherInvoice, listPublisherInvoices } from './publisher-invoices';
import { recalculateDueDates } from './recalculate-due-dates';

export interface InvoicingDeps {
  db: Db;
  queue?: JobQueue;
  /** The clock whose year numbers invoices (tests cross a New Year with it). */
  now?: () => Date;
}

const admin = { access: 'admin' as const };

/**
 * The create forms and settings panels show §5's texts as they are ('Company name is required'), so a
 * refused body is answered with the first issue's own message, not the server's usual 'field: message'.
 */
async function refuseWithFormMessage(request: FastifyRequest): Promise<void> {
  const error = request.validationError as (Error & { validation?: ValidationIssue[] }) | undefined;
  if (!error) return;
  const first = error.validation?.[0];
  throw badRequest(unknownFieldsMessage(first) ?? first?.params?.issue?.message ?? first?.message ?? error.message);
}
const form = { config: admin, attachValidation: true, preHandler: refuseWithFormMessage };
const idParams = z.object({ id: z.string() });
const kindParams = z.object({ kind: z.enum(INVOICE_SETTINGS_KINDS, { error: 'Settings are publisher or advertiser' }) });

export async function invoicingRoutes(scope: FastifyInstance, deps: InvoicingDeps) {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const year = () => (deps.now?.() ?? new Date()).getUTCFullYear();

  app.get('/publisher-invoices', { config: admin, schema: { response: { 200: z.array(publisherInvoiceSchema) } } }, async () => listPublisherInvoices(deps.db));
  app.post('/publisher-invoices', { ...form, schema: { body: publisherInvoiceCreateSchema, response: { 201: publisherInvoiceSchema } } }, async (request, reply) =>
    reply.status(201).send(await createPublisherInvoice(deps.db, request.body, year())),
  );
  app.delete('/publisher-invoices/:id', { config: admin, schema: { params: idParams } }, async (request, reply) => {
    await deletePublisherInvoice(deps.db, serialIdOr404(request.params.id, 'Publisher invoice not found'));
    return reply.status(204).send();
  });
  app.post('/publisher-invoices/:id/generate-pdf', { config: admin, schema: { params: idParams, response: { 200: invoicePdfSchema } } }, async (request) =>
    generateInvoicePdf(deps.db, deps.queue, 'publisher', serialIdOr404(request.params.id, 'Publisher invoice not found')),
  );

  app.get('/advertiser-invoices', { config: admin, schema: { response: { 200: z.array(advertiserInvoiceSchema) } } }, async () => listAdvertiserInvoices(deps.db));
  app.post('/advertiser-invoices', { ...form, schema: { body: advertiserInvoiceCreateSchema, response: { 201: advertiserInvoiceSchema } } }, async (request, reply) =>
    reply.status(201).send(await createAdvertiserInvoice(deps.db, request.body, year())),
  );
  app.post('/advertiser-invoices/recalculate-due-dates', { config: admin, schema: { response: { 200: dueDatesRecalculatedSchema } } }, async () => recalculateDueDates(deps.db));
  app.delete('/advertiser-invoices/:id', { config: admin, schema: { params: idParams } }, async (request, reply) => {
    await deleteAdvertiserInvoice(deps.db, serialIdOr404(request.params.id, 'Advertiser invoice not found'));
    return reply.status(204).send();
  });
  app.post('/advertiser-invoices/:id/generate-pdf', { config: admin, schema: { params: idParams, response: { 200: invoicePdfSchema } } }, async (request) =>
    generateInvoicePdf(deps.db, deps.queue, 'advertiser', serialIdOr404(request.params.id, 'Advertiser invoice not found')),
  );

  app.get('/invoice-settings/:kind', { config: admin, schema: { params: kindParams, response: { 200: invoiceSettingsViewSchema } } }, async (request) =>
    getInvoiceSettings(deps.db, request.params.kind, currentUser(request).username),
  );
  app.put('/invoice-settings/:kind', { ...form, schema: { params: kindParams, body: invoiceSettingsSchema, response: { 200: invoiceSettingsViewSchema } } }, async (request) =>
    saveInvoiceSettings(deps.db, request.params.kind, request.body),
  );

  app.get('/advertiser-companies', { config: admin, schema: { response: { 200: z.array(advertiserCompanySchema) } } }, async () => listAdvertiserCompanies(deps.db));
  app.post('/advertiser-companies', { ...form, schema: { body: advertiserCompanyCreateSchema, response: { 201: advertiserCompanySchema } } }, async (request, reply) =>
    reply.status(201).send(await createAdvertiserCompany(deps.db, request.body)),
  );
  app.delete('/advertiser-companies/:id', { config: admin, schema: { params: idParams } }, async (request, reply) => {
    await deleteAdvertiserCompany(deps.db, serialIdOr404(request.params.id, 'Company not found'));
    return reply.status(204).send();
  });
}
