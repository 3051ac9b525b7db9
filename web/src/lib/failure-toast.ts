// The toasts every screen shows when a query or mutation fails (spec §8): a destructive one titled for the
// failed action with the server's message. Hooks declare the title as `meta`; the query client shows it.
import type { z } from 'zod';
import { toast } from '../ui/use-toast';
import { errorMessage } from './api';

/** What a query or mutation declares for its failure toast; without `errorTitle` a failure shows none. */
export type FailureToastMeta = {
  /** The toast's title, the spec §8 text for the failed action ('Failed to create lander'). */
  errorTitle?: string;
  /** The description when the error carries no message of its own. */
  errorFallback?: string;
};

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: FailureToastMeta;
    mutationMeta: FailureToastMeta;
  }
}

export function toastFailure(title: string, error: unknown, fallback?: string): void {
  toast({ title, description: errorMessage(error, fallback), variant: 'destructive' });
}

/** The query and mutation caches' onError: every failed fetch or mutation with a title toasts once. */
export function toastDeclaredFailure(meta: FailureToastMeta | undefined, error: unknown): void {
  if (meta?.errorTitle) toastFailure(meta.errorTitle, error, meta.errorFallback);
}

/** Parses a form's values with the shared wire schema; on failure toasts its first message and returns null. */
export function parseOrToast<S extends z.ZodType>(schema: S, values: unknown): z.output<S> | null {
  const result = schema.safeParse(values);
  if (result.success) return result.data;
  toast({ title: 'Validation error', description: result.error.issues[0]?.message ?? 'Please check the form', variant: 'destructive' });
  return null;
}
