// A batch's offset range is recorded before its rows are inserted. A batch redelivered after a crash
// is cut at the recorded ranges, so each range is re-inserted exactly as before, under the same
// deduplication tokens (or, when the redelivery holds only the range's start, that start under them). A range is forgotten only once a later batch starts past it: by then its
// offsets are committed for certain (clearing it any earlier would open a window for new tokens).
import { and, eq, gte, lt } from 'drizzle-orm';
import { schema, type Db, type LogRecord } from '@tracker/core';

export interface Unit {
  partition: number;
  records: LogRecord[];
  /** Already recorded by an earlier attempt. */
  recorded: boolean;
  /** The offsets its deduplication tokens name: its records', or the recorded range it is (or begins). */
  range: { first: number; last: number };
}

export function unitToken(group: string, unit: Unit, table: string): string {
  return `${group}/${unit.partition}/${unit.range.first}-${unit.range.last}/${table}`;
}

const newUnit = (partition: number, records: LogRecord[]): Unit => ({
  partition,
  records,
  recorded: false,
  range: { first: records[0]!.offset, last: records[records.length - 1]!.offset },
});

export class BatchRanges {
  constructor(
    private readonly db: Db,
    private readonly group: string,
  ) {}

  /** Splits a batch into units: recorded ranges exactly as recorded, the rest as one new unit. */
  async split(partition: number, records: LogRecord[]): Promise<Unit[]> {
    const first = records[0]!.offset;
    const thisPartition = and(
      eq(schema.projectorBatches.groupName, this.group),
      eq(schema.projectorBatches.partition, partition),
    );
    await this.db.delete(schema.projectorBatches).where(and(thisPartition, lt(schema.projectorBatches.lastOffset, first)));
    const ranges = await this.db
      .select()
      .from(schema.projectorBatches)
      .where(and(thisPartition, gte(schema.projectorBatches.lastOffset, first)))
      .orderBy(schema.projectorBatches.firstOffset);
    const units: Unit[] = [];
    let i = 0;
    for (const range of ranges) {
      if (i >= records.length) break;
      const start = records[i]!.offset;
      // Commits cover whole deliveries, so a committed offset never falls inside a recorded range;
      // should one ever do so, that part of the range was committed and is not sent again.
      if (range.firstOffset < start) continue;
      const from = records.findIndex((r) => r.offset === range.firstOffset);
      if (from === -1) break;
      if (from > i) units.push(newUnit(partition, records.slice(i, from)));
      const recorded = { first: range.firstOffset, last: range.lastOffset };
      const to = records.findIndex((r) => r.offset === range.lastOffset);
      if (to === -1) {
        // The batch ends inside the range: a redelivery cut shorter than the first attempt (a rebalance, a
        // reopened fetch). Its part goes now, under the range's tokens, which drop what the first attempt
        // stored of it. The rest of the range comes in a later batch that starts inside the range, so it is
        // projected as a new unit (above), which keeps only the events stored nowhere yet. Waiting for the
        // whole range instead would wait forever: a failed batch is delivered again as it was.
        units.push({ partition, records: records.slice(from), recorded: true, range: recorded });
        return units;
      }
      units.push({ partition, records: records.slice(from, to + 1), recorded: true, range: recorded });
      i = to + 1;
    }
    if (i < records.length) units.push(newUnit(partition, records.slice(i)));
    return units;
  }

  async record(unit: Unit): Promise<void> {
    await this.db
      .insert(schema.projectorBatches)
      .values({ groupName: this.group, partition: unit.partition, firstOffset: unit.range.first, lastOffset: unit.range.last })
      .onConflictDoNothing();
  }
}
