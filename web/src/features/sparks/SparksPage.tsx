// The Spark Setup screen at /sparks (spec §2): the create form above the list of existing sparks.
import { PageHeader } from '../../ui/PageHeader';
import { CreateSparkForm } from './CreateSparkForm';
import { SparkList } from './SparkList';

export function SparksPage() {
  return (
    <div className="space-y-6">
      <PageHeader title="Spark Setup" description="Create and manage sparks for tracking campaigns" />
      <CreateSparkForm />
      <SparkList />
    </div>
  );
}
