// The failure toasts (spec §8): a query's or mutation's, titled by its hook's `meta` and shown by the query
// client with the server's message, and a refused form's 'Validation error' with the schema's first message.
import type { FieldErrors } from 'react-hook-form';
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

/**
 * handleSubmit's onInvalid for the forms that answer a refused submit with a toast (spec §5): 'Validation
 * error' with the schema's first message, which may belong to no one field ('Please provide both name and URL').
 */
export function toastValidationError(errors: FieldErrors): void {
  toast({ title: 'Validation error', description: firstErrorMessage(errors) ?? 'Please check the form', variant: 'destructive' });
}

// Errors nest as the values do (a line of an invoice is `lines.0.amount`); the first message found is the
// schema's first issue, since the resolver adds them in order. `ref` is the field's element, never an error.
function firstErrorMessage(errors: object): string | undefined {
  if ('message' in errors && typeof errors.message === 'string' && errors.message) return errors.message;
  for (const [key, value] of Object.entries(errors)) {
    if (key === 'ref' || !value || typeof value !== 'object') continue;
    const message = firstErrorMessage(value as object);
    if (message) return message;
  }
  return undefined;
}
