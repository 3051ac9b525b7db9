// The loading spinner primitive: a spinning icon announced to screen readers as a status with a label.
import { LoaderCircle } from 'lucide-react';
import { cn } from '../lib/cn';

export function Spinner({ className, label = 'Loading' }: { className?: string; label?: string }) {
  return (
    <span role="status" aria-label={label} className="inline-flex">
      <LoaderCircle aria-hidden="true" className={cn('size-6 animate-spin text-muted-foreground', className)} />
    </span>
  );
}

/** A spinner centred in the whole viewport, for when nothing else can render yet (the session is loading). */
export function FullScreenSpinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="flex min-h-svh items-center justify-center">
      <Spinner className="size-8" label={label} />
    </div>
  );
}
