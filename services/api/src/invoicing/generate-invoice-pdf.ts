// POST .../generate-pdf: the workers make PDFs (DESIGN.md §5); the request enqueues the job and waits for
// its result, which is the answer ({ pdfBase64, filename }). The worker also sets pdfGenerated.
import { eq } from 'drizzle-orm';
import { HttpError, notFound, schema, waitForJob, type Db, type JobQueue } from '@tracker/core';
import { INVOICE_PDF_JOB, type InvoiceKind, type InvoicePdf, type InvoicePdfJob } from '@tracker/schemas';

export async function generateInvoicePdf(db: Db, queue: JobQueue | undefined, kind: InvoiceKind, id: number): Promise<InvoicePdf> {
  const table = kind === 'publisher' ? schema.publisherInvoices : schema.advertiserInvoices;
  const [found] = await db.select({ id: table.id }).from(table).where(eq(table.id, id));
  if (!found) throw notFound(kind === 'publisher' ? 'Publisher invoice not found' : 'Advertiser invoice not found');
  if (!queue) throw new HttpError(503, 'PDFs are made by the workers, and this API process has no job queue');
  const jobId = await queue.enqueue<InvoicePdfJob>(INVOICE_PDF_JOB, { kind, id }, { attempts: 2, backoffMs: 500 });
  return waitForJob<InvoicePdf>(queue, jobId, { timeoutMs: 60_000 });
}
