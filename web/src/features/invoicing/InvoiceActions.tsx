// The actions of one history row: PDF preview (new tab), PDF download, and delete after the §5 question.
import type { InvoiceKind } from '@tracker/schemas';
import { Download, Eye, Trash2 } from 'lucide-react';
import { Button } from '../../ui/Button';
import { downloadPdf, openPreviewTab } from './open-pdf';
import { useGeneratePdf } from './queries';

export function InvoiceActions({ kind, id, invoiceNumber, onDelete }: { kind: InvoiceKind; id: number; invoiceNumber: string; onDelete: () => void }) {
  const generate = useGeneratePdf(kind);
  const preview = () => {
    const tab = openPreviewTab();
    generate.mutate(id, { onSuccess: tab.show, onError: tab.fail });
  };
  return (
    <div className="flex items-center justify-end gap-1">
      <Button variant="ghost" size="icon" aria-label={`Preview PDF of ${invoiceNumber}`} title="Preview PDF" disabled={generate.isPending} onClick={preview}>
        <Eye aria-hidden="true" />
      </Button>
      <Button
        variant="ghost"
        size="icon"
        aria-label={`Download PDF of ${invoiceNumber}`}
        title="Download PDF"
        disabled={generate.isPending}
        onClick={() => generate.mutate(id, { onSuccess: downloadPdf })}
      >
        <Download aria-hidden="true" />
      </Button>
      <Button variant="ghost" size="icon" aria-label={`Delete ${invoiceNumber}`} title="Delete" onClick={onDelete}>
        <Trash2 aria-hidden="true" />
      </Button>
    </div>
  );
}
