// The 'Existing Sparks' list (spec §2 Spark Setup): each spark's name, its Spark ID with a copy
// button (a check icon for 2 s), the code in a preformatted block, and edit and delete buttons.
import { Check, Copy, Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { errorMessage } from '../../lib/api';
import { Button } from '../../ui/Button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/Card';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { useCopyIndicator } from '../../ui/use-copy-indicator';
import { useConfirmTarget } from '../../ui/use-confirm-target';
import { EditSparkDialog } from './EditSparkDialog';
import { useDeleteSpark, useSparks, type Spark } from './queries';

export function SparkList() {
  const sparks = useSparks();
  const deleteSpark = useDeleteSpark();
  const confirmDelete = useConfirmTarget<Spark>();
  const { copiedKey, copy } = useCopyIndicator();
  const [editing, setEditing] = useState<Spark | null>(null);

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Existing Sparks</h2>
        </CardTitle>
        <CardDescription>Copy a Spark ID into a campaign's tracking link as its spark parameter.</CardDescription>
      </CardHeader>
      <CardContent>
        {sparks.isPending ? (
          <p className="text-sm text-muted-foreground">Loading sparks...</p>
        ) : sparks.isError ? (
          <p className="text-sm text-destructive">Failed to fetch sparks: {errorMessage(sparks.error)}</p>
        ) : sparks.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">No sparks created yet. Create your first spark above.</p>
        ) : (
          <ul className="grid gap-4" aria-label="Existing Sparks">
            {sparks.data.map((spark) => {
              const copied = copiedKey === String(spark.id);
              return (
                <li key={spark.id} className="grid gap-3 rounded-lg border p-4" aria-label={spark.name}>
                  <div className="flex flex-wrap items-start justify-between gap-2">
                    <div className="grid gap-1">
                      <h3 className="font-medium">{spark.name}</h3>
                      <div className="flex items-center gap-1 text-sm text-muted-foreground">
                        <span>Spark ID:</span>
                        <code className="rounded bg-muted px-1.5 py-0.5 font-mono text-xs text-foreground">{spark.sparkId}</code>
                        <Button
                          variant="ghost"
                          size="icon"
                          className="size-7"
                          aria-label={copied ? 'Spark ID copied' : `Copy Spark ID of ${spark.name}`}
                          onClick={() => void copy(String(spark.id), spark.sparkId)}
                        >
                          {copied ? <Check className="text-emerald-600" aria-hidden="true" /> : <Copy aria-hidden="true" />}
                        </Button>
                      </div>
                    </div>
                    <div className="flex items-center gap-1">
                      <Button variant="ghost" size="icon" aria-label={`Edit ${spark.name}`} onClick={() => setEditing(spark)}>
                        <Pencil aria-hidden="true" />
                      </Button>
                      <Button
                        variant="ghost"
                        size="icon"
                        aria-label={`Delete ${spark.name}`}
                        disabled={deleteSpark.isPending}
                        onClick={() => confirmDelete.ask(spark)}
                      >
                        <Trash2 className="text-destructive" aria-hidden="true" />
                      </Button>
                    </div>
                  </div>
                  <pre className="max-h-48 overflow-auto rounded-md bg-muted/60 p-3 font-mono text-xs whitespace-pre-wrap">{spark.code}</pre>
                </li>
              );
            })}
          </ul>
        )}
        <EditSparkDialog spark={editing} onClose={() => setEditing(null)} />
      </CardContent>
      <ConfirmDialog
        open={confirmDelete.open}
        onOpenChange={(open) => !open && confirmDelete.close()}
        title="Delete this spark?"
        description={`"${confirmDelete.target?.name ?? ''}" will be deleted. A spark a campaign uses cannot be deleted: choose another spark for the campaign first.`}
        pending={deleteSpark.isPending}
        onConfirm={() => confirmDelete.target && deleteSpark.mutate(confirmDelete.target.id, { onSettled: confirmDelete.close })}
      />
    </Card>
  );
}
