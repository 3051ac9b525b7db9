import { describe, expect, it } from '@jest/globals';
import { printableLine, type StatementImportResult } from '@tracker/schemas';
import { describeUploadResult, uploadFailureLines } from './upload-summary';

const NONE: StatementImportResult = {
  count: 0,
  clearedCount: 0,
  pendingDeclinedCount: 0,
  updatedCount: 0,
  updatedByStatus: { CLEARED: 0, DECLINED: 0 },
  duplicateCount: 0,
  duplicatesByStatus: { PENDING: 0, CLEARED: 0, DECLINED: 0 },
  errorCount: 0,
  warnings: [],
};

describe('the upload success toast', () => {
  it('says which rows moved from pending and which duplicates were skipped, by status', () => {
    // A re-upload where 5 pending rows cleared and 3 declined rows were already stored.
    const result = { ...NONE, count: 5, updatedCount: 5, updatedByStatus: { CLEARED: 5, DECLINED: 0 }, duplicateCount: 3, duplicatesByStatus: { PENDING: 0, CLEARED: 0, DECLINED: 3 } };
    expect(describeUploadResult(result)).toEqual({
      title: 'Upload successful!',
      description: '5 total transactions: 5 updated from pending to cleared, 3 unchanged duplicates skipped (3 declined)',
    });
  });

  it('lists new rows, moves to declined, mixed duplicates and validation errors, in the singular where one', () => {
    const result = {
      ...NONE,
      count: 4,
      clearedCount: 2,
      pendingDeclinedCount: 1,
      updatedCount: 1,
      updatedByStatus: { CLEARED: 0, DECLINED: 1 },
      duplicateCount: 1,
      duplicatesByStatus: { PENDING: 1, CLEARED: 0, DECLINED: 0 },
      errorCount: 1,
    };
    expect(describeUploadResult(result).description).toBe(
      '4 total transactions: 2 new cleared, 1 new pending/declined, 1 updated from pending to declined, 1 unchanged duplicate skipped (1 pending), 1 validation error',
    );
  });

  it('says nothing new when the file changed nothing', () => {
    const result = { ...NONE, duplicateCount: 5, duplicatesByStatus: { PENDING: 2, CLEARED: 2, DECLINED: 1 }, errorCount: 2 };
    expect(describeUploadResult(result)).toEqual({
      title: 'Upload completed',
      description: 'No new transactions. 5 unchanged duplicates skipped (2 cleared, 2 pending, 1 declined), 2 validation errors',
    });
  });
});

describe('the upload failure toast', () => {
  it('shows only printable text, cut to a sensible length', () => {
    const bytes = `Invalid Opening Quote: value is "\u007fELF\u0002\u0001\u0000\u0000\ufffd\ufffd${'\u0000'.repeat(500)}"`;
    const line = printableLine(bytes);
    expect(line).not.toMatch(/[\p{Cc}\ufffd]/u);
    expect(line.length).toBeLessThanOrEqual(200);
    expect(line.endsWith('…')).toBe(true);
    expect(line.startsWith('Invalid Opening Quote: value is "?ELF??')).toBe(true);
  });

  it('keeps the first 3 details and counts the rest', () => {
    expect(uploadFailureLines('The file is not a valid CSV file', ['a', 'b\tc', 'd', 'e', 'f'])).toEqual([
      'The file is not a valid CSV file',
      'a',
      'b c',
      'd',
      '...and 2 more errors',
    ]);
  });
});
