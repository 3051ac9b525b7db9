// The toasts every screen shows around a mutation (spec §8): a destructive one titled for the failed
// action with the server's message, and 'Validation error' with the first message of a shared schema.
import type { z } from 'zod';
import { toast } from '../ui/use-toast';
import { errorMessage } from './api';

export function toastFailure(title: string, error: unknown, fallback?: string): void {
  toast({ title, description: errorMessage(error, fallback), variant: 'destructive' });
}

/** Parses a form's values with the shared wire schema; on failure toasts its first message and returns null. */
export function parseOrToast<S extends z.ZodType>(schema: S, values: unknown): z.output<S> | null {
  const result = schema.safeParse(values);
  if (result.success) return result.data;
  toast({ title: 'Validation error', description: result.error.issues[0]?.message ?? 'Please check the form', variant: 'destructive' });
  return null;
}
