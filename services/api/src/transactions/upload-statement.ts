// POST /api/transactions/upload: receives the multipart `file` (.csv, at most 50 MB: busboy stops past it),
// keeps it where the workers find it, wherever they run (statementUploadsOf), then runs the statement-import job on
// the queue and waits for its answer (spec §7): the counts, or { error, details } with nothing stored.
import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { HttpError, badRequest, statementUploadsOf, type Db, type JobQueue } from '@tracker/core';
import {
  MAX_STATEMENT_BYTES,
  STATEMENT_IMPORT_JOB,
  type StatementImportJob,
  type StatementImportOutcome,
  type StatementImportResult,
  type StatementUploadRefused,
} from '@tracker/schemas';

export interface UploadDeps {
  /** Absent in an api that runs no jobs (some tests): a well-formed upload then answers 503. */
  queue?: JobQueue;
  /** Where the upload waits for its job (statementUploadsOf). */
  db: Db;
  /** How long the request waits for the job. */
  importTimeoutMs?: number;
}

export type UploadAnswer =
  | { status: 200; body: StatementImportResult }
  | { status: 400 | 413 | 503 | 504; body: Required<StatementUploadRefused> };

const refuse = (status: 400 | 413 | 503 | 504, error: string, details: string[] = []): UploadAnswer => ({
  status,
  body: { message: error, error, details },
});

const MEGABYTES = Math.round(MAX_STATEMENT_BYTES / 1024 / 1024);
const POLL_MS = 100;

async function waitForImport(queue: JobQueue, id: string, timeoutMs: number): Promise<UploadAnswer> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const job = await queue.get(id);
    if (job?.status === 'completed') {
      const outcome = job.result as StatementImportOutcome;
      if (!outcome.ok) return refuse(400, outcome.error, outcome.details);
      const { ok: _ok, ...result } = outcome;
      return { status: 200, body: result };
    }
    if (job?.status === 'failed') return refuse(503, 'The import failed; nothing was stored', [job.error ?? 'unknown error']);
    if (Date.now() > deadline) {
      return refuse(504, 'The import is taking longer than expected', [`It goes on in the background (job ${id}); reload the page in a minute.`]);
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/** A body that is not well-formed multipart is the client's mistake: a 400, never a 500. */
function receiveError(error: unknown): Error {
  const status = (error as { statusCode?: number }).statusCode;
  if (error instanceof HttpError || (status && status >= 400 && status < 500)) return error as Error;
  return badRequest('The upload was cut off or is not multipart form data');
}

export async function uploadStatement(request: FastifyRequest, deps: UploadDeps): Promise<UploadAnswer> {
  const part = await request.file({ limits: { fileSize: MAX_STATEMENT_BYTES, files: 1, fields: 10 } }).catch((error: unknown) => {
    throw receiveError(error);
  });
  if (!part || part.fieldname !== 'file') throw badRequest('Send the statement as the multipart field "file"');
  if (!part.filename.toLowerCase().endsWith('.csv')) {
    part.file.resume();
    return refuse(400, 'Only .csv files can be uploaded', [`"${part.filename}" is not a .csv file.`]);
  }
  // busboy says 'limit' when the file passes fileSize; the stream then ends in one error or another.
  let tooLarge = false;
  part.file.once('limit', () => {
    tooLarge = true;
  });
  const chunks: Buffer[] = [];
  try {
    for await (const chunk of part.file) chunks.push(chunk as Buffer);
    if (part.file.truncated) tooLarge = true;
  } catch (error) {
    if (!tooLarge) throw receiveError(error);
  }
  if (tooLarge) {
    return refuse(413, `The file is larger than ${MEGABYTES} MB`, [`Split the export into files of at most ${MEGABYTES} MB.`]);
  }
  if (!deps.queue) return refuse(503, 'Imports need the job queue', ['This api process was started without a job queue.']);

  // The workers may run on another host: statementUploadsOf says where the file waits for them.
  const uploads = statementUploadsOf(deps.db);
  await uploads.prune();
  const uploadId = randomUUID();
  await uploads.put(uploadId, part.filename, Buffer.concat(chunks));
  try {
    const job: StatementImportJob = { uploadId, fileName: part.filename };
    const id = await deps.queue.enqueue(STATEMENT_IMPORT_JOB, job, { attempts: 3, backoffMs: 1000 });
    const answer = await waitForImport(deps.queue, id, deps.importTimeoutMs ?? 10 * 60_000);
    // A job still running keeps its upload; it is cleared with the abandoned ones a day later.
    if (answer.status !== 504) await uploads.remove(uploadId);
    return answer;
  } catch (error) {
    await uploads.remove(uploadId);
    throw error;
  }
}
