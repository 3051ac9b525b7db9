// POST /api/transactions/upload: streams the multipart `file` (.csv, at most 50 MB) to a file in the
// upload folder, never whole into memory, then runs the statement-import job on the queue and waits
// for its answer (spec §7): the counts, or { error, details } with nothing stored.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { HttpError, badRequest, type JobQueue } from '@tracker/core';
import {
  MAX_STATEMENT_BYTES,
  STATEMENT_IMPORT_JOB,
  type StatementImportJob,
  type StatementImportOutcome,
  type StatementImportRefusal,
  type StatementImportResult,
} from '@tracker/schemas';

export interface UploadDeps {
  /** Absent in an api that runs no jobs (some tests): a well-formed upload then answers 503. */
  queue?: JobQueue;
  /** Shared by the api and the workers (DATA_DIR/uploads): the job reads the file from there. */
  uploadDir: string;
  /** How long the request waits for the job. */
  importTimeoutMs?: number;
}

export type UploadAnswer =
  | { status: 200; body: StatementImportResult }
  | { status: 400 | 413 | 503 | 504; body: StatementImportRefusal & { message: string } };

const refuse = (status: 400 | 413 | 503 | 504, error: string, details: string[] = []): UploadAnswer => ({
  status,
  body: { message: error, error, details },
});

const MEGABYTES = Math.round(MAX_STATEMENT_BYTES / 1024 / 1024);
const POLL_MS = 100;

async function waitForJob(queue: JobQueue, id: string, timeoutMs: number): Promise<UploadAnswer> {
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
  await fs.promises.mkdir(deps.uploadDir, { recursive: true });
  const stored = path.join(deps.uploadDir, `${randomUUID()}.csv`);
  try {
    // busboy says 'limit' when the file passes fileSize; the stream then ends in one error or another.
    let tooLarge = false;
    part.file.once('limit', () => {
      tooLarge = true;
    });
    try {
      await pipeline(part.file, fs.createWriteStream(stored));
      if (part.file.truncated) tooLarge = true;
    } catch (error) {
      if (!tooLarge) throw receiveError(error);
    }
    if (tooLarge) {
      await fs.promises.rm(stored, { force: true });
      return refuse(413, `The file is larger than ${MEGABYTES} MB`, [`Split the export into files of at most ${MEGABYTES} MB.`]);
    }
    if (!deps.queue) {
      await fs.promises.rm(stored, { force: true });
      return refuse(503, 'Imports need the job queue', ['This api process was started without a job queue.']);
    }
    const job: StatementImportJob = { path: stored, fileName: part.filename };
    const id = await deps.queue.enqueue(STATEMENT_IMPORT_JOB, job, { attempts: 3, backoffMs: 1000 });
    const answer = await waitForJob(deps.queue, id, deps.importTimeoutMs ?? 10 * 60_000);
    // A job still running keeps its file; the folder is DATA_DIR's, so nothing outside it piles up.
    if (answer.status !== 504) await fs.promises.rm(stored, { force: true });
    return answer;
  } catch (error) {
    await fs.promises.rm(stored, { force: true });
    throw error;
  }
}
