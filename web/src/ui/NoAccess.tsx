// The screen a signed-in user sees in place of a page they lack the permission for: what they cannot
// open, why, and an action (the way home). Shown instead of the page, so none of its requests fire.
import { LockKeyhole } from 'lucide-react';
import { useId, type ReactNode } from 'react';

export function NoAccess({ what, children, action }: { what: string; children: ReactNode; action?: ReactNode }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="flex flex-1 flex-col items-center justify-center gap-4 py-16 text-center">
      <div className="flex size-14 items-center justify-center rounded-full bg-muted">
        <LockKeyhole className="size-7 text-muted-foreground" aria-hidden="true" />
      </div>
      <h1 id={headingId} className="text-2xl font-semibold tracking-tight">
        You don&apos;t have access to {what}
      </h1>
      <div className="max-w-md space-y-1 text-sm text-muted-foreground">{children}</div>
      {action}
    </section>
  );
}
