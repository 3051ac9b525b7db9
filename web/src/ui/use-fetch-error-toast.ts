// Shows a query's failure once per failed fetch as a destructive toast with the spec §8 title
// ('Failed to fetch stats', ...) and the server's message; polling that keeps failing toasts again.
import { useEffect } from 'react';
import { errorMessage } from '../lib/api';
import { toast } from './use-toast';

export function useFetchErrorToast(title: string, query: { error: unknown; errorUpdatedAt: number }): void {
  const { error, errorUpdatedAt } = query;
  useEffect(() => {
    if (!error || !errorUpdatedAt) return;
    toast({ title, description: errorMessage(error), variant: 'destructive' });
    // errorUpdatedAt changes with every failed fetch; the error object alone may not.
  }, [title, error, errorUpdatedAt]);
}
