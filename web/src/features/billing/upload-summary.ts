// The words of the statement upload's toasts (spec §8), kept apart from the toasts so they can be read and
// tested: what the import did, one phrase per outcome, and failure details cut to printable lines.
import { printableLine, type StatementImportResult, type TransactionStatus } from '@tracker/schemas';

const plural = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;
const STATUS_WORD: Record<TransactionStatus, string> = { CLEARED: 'cleared', PENDING: 'pending', DECLINED: 'declined' };

/** The success toast: every outcome the server counted, each row under one phrase. */
export function describeUploadResult(result: StatementImportResult): { title: string; description: string } {
  const moved = result.updatedByStatus;
  const skipped = result.duplicatesByStatus;
  const skippedBy = (['CLEARED', 'PENDING', 'DECLINED'] as const)
    .filter((status) => skipped[status] > 0)
    .map((status) => `${skipped[status].toLocaleString('en-US')} ${STATUS_WORD[status]}`);
  const parts = [
    result.clearedCount > 0 && `${result.clearedCount.toLocaleString('en-US')} new cleared`,
    result.pendingDeclinedCount > 0 && `${result.pendingDeclinedCount.toLocaleString('en-US')} new pending/declined`,
    moved.CLEARED > 0 && `${moved.CLEARED.toLocaleString('en-US')} updated from pending to cleared`,
    moved.DECLINED > 0 && `${moved.DECLINED.toLocaleString('en-US')} updated from pending to declined`,
    result.duplicateCount > 0 &&
      `${plural(result.duplicateCount, 'unchanged duplicate', 'unchanged duplicates')} skipped (${skippedBy.join(', ')})`,
    result.errorCount > 0 && plural(result.errorCount, 'validation error', 'validation errors'),
  ].filter(Boolean);
  const lead = result.count > 0 ? `${plural(result.count, 'total transaction', 'total transactions')}: ` : 'No new transactions. ';
  return { title: result.count > 0 ? 'Upload successful!' : 'Upload completed', description: `${lead}${parts.join(', ')}` };
}

/** The failure toast's lines (spec §8): the error, the first 3 details, then '...and N more errors'. */
export function uploadFailureLines(error: string, details: readonly string[]): string[] {
  return [
    printableLine(error || 'Upload failed'),
    ...details.slice(0, 3).map((detail) => printableLine(detail)),
    ...(details.length > 3 ? [`...and ${details.length - 3} more errors`] : []),
  ];
}
