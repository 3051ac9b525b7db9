// The loading spinner primitive: a spinning icon announced to screen readers as a status with a label.
import { LoaderCircle } from 'lucide-react';
import { cn } from '../lib/cn';

export function Spinner({ className, label = 'Loading', showLabel = false }: { className?: string; label?: string; showLabel?: boolean }) {
  return (
    <span role="status" aria-label={showLabel ? undefined : label} className="inline-flex items-center gap-2">
      <LoaderCircle aria-hidden="true" className={cn('size-6 animate-spin text-muted-foreground', className)} />
      {showLabel && <span>{label}</span>}
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
