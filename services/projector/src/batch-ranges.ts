// A batch's offset range is recorded before its rows are inserted. A batch redelivered after a crash
// is cut at the recorded ranges, so each range is re-inserted exactly as before, under the same
// deduplication tokens. A range is forgotten only once a later batch starts past it: by then its
// offsets are committed for certain (clearing it any earlier would open a window for new tokens).
import { and, eq, gte, lt } from 'drizzle-orm';
import { schema, type Db, type LogRecord } from '@tracker/core';

export interface Unit {
  partition: number;
  records: LogRecord[];
  /** Already recorded by an earlier attempt. */
  recorded: boolean;
}

export function unitToken(group: string, unit: Unit, table: string): string {
  const first = unit.records[0]!.offset;
  const last = unit.records[unit.records.length - 1]!.offset;
  return `${group}/${unit.partition}/${first}-${last}/${table}`;
}

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
      if (from > i) units.push({ partition, records: records.slice(i, from), recorded: false });
      const to = records.findIndex((r) => r.offset === range.lastOffset);
      if (to === -1) {
        // The range must be re-sent whole; the log hands over the rest on the next delivery.
        throw new Error(`batch ends before recorded range ${range.firstOffset}-${range.lastOffset}: retrying`);
      }
      units.push({ partition, records: records.slice(from, to + 1), recorded: true });
      i = to + 1;
    }
    if (i < records.length) units.push({ partition, records: records.slice(i), recorded: false });
    return units;
  }

  async record(unit: Unit): Promise<void> {
    await this.db
      .insert(schema.projectorBatches)
      .values({
        groupName: this.group,
        partition: unit.partition,
        firstOffset: unit.records[0]!.offset,
        lastOffset: unit.records[unit.records.length - 1]!.offset,
      })
      .onConflictDoNothing();
  }
}
