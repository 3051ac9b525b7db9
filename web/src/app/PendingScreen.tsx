// Stands in for a screen of the route table whose page is not built yet: its title and a plain notice.
// Replace each use in router.tsx with the feature's page as it lands.
import { PageHeader } from '../ui/PageHeader';

export function PendingScreen({ title }: { title: string }) {
  return (
    <div className="space-y-4">
      <PageHeader title={title} />
      <p className="text-sm text-muted-foreground">This screen is not built yet.</p>
    </div>
  );
}
