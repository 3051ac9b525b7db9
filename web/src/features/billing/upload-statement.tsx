// Sends a statement to POST /api/transactions/upload with XMLHttpRequest (fetch reports no upload
// progress) and shows the answer as the toasts of spec §8: success counts, 'Validation Warnings'
// 0.5 s later for 1 to 5 warnings, or 'Upload failed' with the first 3 details and '...and N more errors'.
import { printableLine, type StatementImportResult, type StatementUploadRefused } from '@tracker/schemas';
import { toast } from '../../ui/use-toast';
import { describeUploadResult, uploadFailureLines } from './upload-summary';

/** Spec §9: the warning toast follows the success toast after 500 ms. */
export const WARNING_TOAST_DELAY_MS = 500;

export function sendStatement(file: File, onProgress: (fraction: number) => void): Promise<StatementImportResult> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', '/api/transactions/upload');
    request.withCredentials = true;
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(request.responseText);
      } catch {
        // Not JSON (a proxy's error page): the status text stands in below.
      }
      if (request.status === 200) resolve(body as StatementImportResult);
      else reject(new UploadRefused(request.status, (body ?? {}) as Partial<StatementUploadRefused>, request.statusText));
    };
    request.onerror = () => reject(new Error('Could not upload CSV file'));
    const form = new FormData();
    form.append('file', file);
    request.send(form);
  });
}

export class UploadRefused extends Error {
  readonly details: string[];
  constructor(status: number, body: Partial<StatementUploadRefused>, statusText: string) {
    super(body.error || body.message || statusText || `Upload failed (${status})`);
    this.details = Array.isArray(body.details) ? body.details.map(String) : [];
  }
}

/** Lines of a toast, each its own block (a toast description is one paragraph otherwise). */
function Lines({ lines }: { lines: string[] }) {
  return (
    <span className="grid gap-1">
      {lines.map((line, i) => (
        <span key={i}>{line}</span>
      ))}
    </span>
  );
}

export function toastUploadResult(result: StatementImportResult): void {
  toast(describeUploadResult(result));
  if (result.warnings.length >= 1 && result.warnings.length <= 5) {
    setTimeout(() => {
      toast({ title: 'Validation Warnings', description: <Lines lines={result.warnings.map((line) => printableLine(line))} />, variant: 'destructive' });
    }, WARNING_TOAST_DELAY_MS);
  }
}

export function toastUploadFailure(error: unknown): void {
  if (error instanceof UploadRefused) {
    toast({ title: 'Upload failed', description: <Lines lines={uploadFailureLines(error.message, error.details)} />, variant: 'destructive' });
    return;
  }
  toast({ title: 'Upload failed', description: error instanceof Error && error.message ? printableLine(error.message) : 'Could not upload CSV file', variant: 'destructive' });
}
