// Row labels: names from the entity store for campaigns, sparks, offers and landers (an id that no
// longer exists shows as itself), the value itself for media buyers and tracking variables, and the
// spec's 'Direct' / 'No Spark' / 'Unknown' for the row of clicks without that dimension.
import { inArray } from 'drizzle-orm';
import { schema, type Db } from '@tracker/core';
import {
  EMPTY_GROUP_KEY,
  EMPTY_GROUP_LABELS,
  UNATTRIBUTED_SPEND_KEY,
  UNATTRIBUTED_SPEND_LABEL,
  type ReportGroupBy,
} from '@tracker/schemas';

const serialIds = (keys: string[]) => keys.filter((k) => /^\d{1,9}$/.test(k)).map(Number);

async function namesOf(db: Db, groupBy: ReportGroupBy, keys: string[]): Promise<Map<string, string>> {
  if (keys.length === 0) return new Map();
  switch (groupBy) {
    case 'campaign':
      return new Map(
        (await db.select({ id: schema.campaigns.id, name: schema.campaigns.name }).from(schema.campaigns).where(inArray(schema.campaigns.id, keys))).map(
          (r) => [r.id, r.name],
        ),
      );
    case 'spark':
      return new Map(
        (await db.select({ id: schema.sparks.sparkId, name: schema.sparks.name }).from(schema.sparks).where(inArray(schema.sparks.sparkId, keys))).map(
          (r) => [r.id, r.name],
        ),
      );
    case 'offer': {
      const ids = serialIds(keys);
      if (ids.length === 0) return new Map();
      return new Map(
        (await db.select({ id: schema.offers.id, name: schema.offers.name }).from(schema.offers).where(inArray(schema.offers.id, ids))).map(
          (r) => [String(r.id), r.name],
        ),
      );
    }
    case 'lander': {
      const ids = serialIds(keys);
      if (ids.length === 0) return new Map();
      return new Map(
        (await db.select({ id: schema.landers.id, name: schema.landers.name }).from(schema.landers).where(inArray(schema.landers.id, ids))).map(
          (r) => [String(r.id), r.name],
        ),
      );
    }
    default:
      return new Map();
  }
}

/** A label for every key given. */
export async function labelGroups(db: Db, groupBy: ReportGroupBy, keys: string[]): Promise<Map<string, string>> {
  const names = await namesOf(
    db,
    groupBy,
    keys.filter((k) => k !== EMPTY_GROUP_KEY && k !== UNATTRIBUTED_SPEND_KEY),
  );
  return new Map(
    keys.map((key) => {
      if (key === EMPTY_GROUP_KEY) return [key, EMPTY_GROUP_LABELS[groupBy]];
      if (key === UNATTRIBUTED_SPEND_KEY) return [key, UNATTRIBUTED_SPEND_LABEL];
      return [key, names.get(key) ?? key];
    }),
  );
}
