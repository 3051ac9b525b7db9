// The state of a domain's purchase → DNS state machine lives in the entity store (DESIGN.md §5): a
// transition is one guarded UPDATE plus its history row, in one transaction, so of two workers racing
// for the same step exactly one moves the domain on, and every change keeps its time and error.
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { DomainStatus } from '@tracker/schemas';
import type { Db } from '../db/entities';
import { domains, domainTransitions } from '../db/schema';

export type DomainRow = typeof domains.$inferSelect;
type DomainPatch = Partial<Omit<DomainRow, 'id' | 'domain' | 'status' | 'createdAt'>>;

export interface TransitionInput {
  /** The statuses the domain may be in for this transition; any other and nothing changes. */
  from: readonly DomainStatus[];
  to: DomainStatus;
  /** Fields written with the status change, in the same statement. */
  set?: DomainPatch;
  /** Why the step failed; it becomes the domain's errorMessage (null clears it). */
  error?: string | null;
}

/** Moves the domain from one of `from` to `to`; null when it was in none of them (or is gone). */
export async function transitionDomain(db: Db, id: number, input: TransitionInput): Promise<DomainRow | null> {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ status: domains.status })
      .from(domains)
      .where(and(eq(domains.id, id), inArray(domains.status, [...input.from])))
      .for('update');
    if (!before) return null;
    const [after] = await tx
      .update(domains)
      .set({ ...input.set, status: input.to, errorMessage: input.error ?? null })
      .where(eq(domains.id, id))
      .returning();
    await tx.insert(domainTransitions).values({ domainId: id, fromStatus: before.status, toStatus: input.to, error: input.error ?? null });
    return after ?? null;
  });
}

/** Writes fields a step learned (a zone id, an order id) without changing the status. */
export async function recordDomainProgress(db: Db, id: number, set: DomainPatch): Promise<DomainRow | null> {
  const [row] = await db.update(domains).set(set).where(eq(domains.id, id)).returning();
  return row ?? null;
}

export async function findDomain(db: Db, id: number): Promise<DomainRow | null> {
  const [row] = await db.select().from(domains).where(eq(domains.id, id));
  return row ?? null;
}

export type DomainTransitionRow = typeof domainTransitions.$inferSelect;

export async function listDomainTransitions(db: Db, domainIds: readonly number[]): Promise<DomainTransitionRow[]> {
  if (domainIds.length === 0) return [];
  return db
    .select()
    .from(domainTransitions)
    .where(inArray(domainTransitions.domainId, [...domainIds]))
    .orderBy(asc(domainTransitions.id));
}
