// Who a statement row is across exports. A row with a Reference Id is that id. A row without one (the
// provider leaves it blank on some pending authorisations) is the hash of what a later export repeats
// unchanged: card, VCN, transaction day, merchant, amount, name on card; never its status or clear date,
// which are what changes. Identical purchases on one day are told apart by their order in the file.
import { createHash } from 'node:crypto';
import type { StatementRow } from './read-statement';

export class TransactionIdentity {
  /** How often each fallback hash was seen so far in this file. */
  private readonly seen = new Map<string, number>();

  keyOf(row: StatementRow): string {
    if (row.referenceId) return `ref:${row.referenceId}`;
    const parts = [
      row.registeredCardLast4,
      row.vcnLast4,
      row.transactionDate?.toISOString().slice(0, 10),
      row.merchantName?.toLowerCase(),
      row.authBillingAmount.toString(),
      row.nameOnCard?.toLowerCase(),
    ].map((part) => part ?? '');
    const hash = createHash('sha256').update(JSON.stringify(parts)).digest('base64url').slice(0, 32);
    const occurrence = (this.seen.get(hash) ?? 0) + 1;
    this.seen.set(hash, occurrence);
    return `row:${hash}:${occurrence}`;
  }
}
