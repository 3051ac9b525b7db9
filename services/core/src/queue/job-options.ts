// The checks both queue engines apply to what they are given, so what one accepts the other does.
import type { JobOptions } from './job-queue';

export const DEFAULT_ATTEMPTS = 3;
export const DEFAULT_BACKOFF_MS = 1000;

/** Job names become BullMQ queue names, part of every Redis key. */
export function checkName(name: string): void {
  if (!/^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(name)) {
    throw new Error(`job name "${name}" must be letters, digits, '.', '_' or '-'`);
  }
}

export function checkOptions(options: JobOptions) {
  const attempts = options.attempts ?? DEFAULT_ATTEMPTS;
  const backoffMs = options.backoffMs ?? DEFAULT_BACKOFF_MS;
  const delayMs = options.delayMs ?? 0;
  if (!Number.isInteger(attempts) || attempts < 1) throw new Error('attempts must be a positive integer');
  if (!Number.isInteger(backoffMs) || backoffMs < 0) throw new Error('backoffMs must be a whole number of ms');
  if (!Number.isFinite(delayMs) || delayMs < 0) throw new Error('delayMs must not be negative');
  if (options.jobId === '') throw new Error('jobId must not be empty');
  return { attempts, backoffMs, delayMs: Math.round(delayMs) };
}
