// The 'Page Not Found' screen for any path outside the route table; inside the shell when signed in,
// on its own otherwise.
import { FileQuestion } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Button } from '../../ui/Button';

export function NotFoundPage() {
  return (
    <div className="flex flex-1 flex-col items-center justify-center gap-4 py-16 text-center">
      <FileQuestion className="size-12 text-muted-foreground" aria-hidden="true" />
      <h1 className="text-2xl font-semibold tracking-tight">Page Not Found</h1>
      <p className="max-w-md text-sm text-muted-foreground">There is no page at this address. Check the link, or go back to the dashboard.</p>
      <Button asChild variant="outline">
        <Link to="/">Go to the dashboard</Link>
      </Button>
    </div>
  );
}
