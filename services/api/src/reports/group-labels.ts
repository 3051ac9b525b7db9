// Row labels: names from the entity store for campaigns, sparks, offers and landers (an id that no
// longer exists shows as itself), English names for countries, the value itself for media buyers and
// other tracking variables, 'No Spark' / 'Unknown' for clicks without one, and 'No click' for what no
// click of ours carries.
import { inArray } from 'drizzle-orm';
import { schema, type Db } from '@tracker/core';
import {
  EMPTY_GROUP_KEY,
  EMPTY_GROUP_LABELS,
  NO_CLICK_KEY,
  NO_CLICK_LABEL,
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
    case 'country':
      // Stored as ISO 3166-1 alpha-2 codes; named in English as the trackers show them ('US' → 'United States').
      return new Map(keys.map((code) => [code, countryName(code)]));
    default:
      return new Map();
  }
}

const countryNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });

function countryName(code: string): string {
  try {
    return countryNames.of(code) ?? code;
  } catch {
    // Not a well-formed region code (Intl throws a RangeError): the code itself is the most honest label.
    return code;
  }
}

/** A label for every key given. */
export async function labelGroups(db: Db, groupBy: ReportGroupBy, keys: string[]): Promise<Map<string, string>> {
  const names = await namesOf(
    db,
    groupBy,
    keys.filter((k) => k !== EMPTY_GROUP_KEY && k !== NO_CLICK_KEY),
  );
  return new Map(
    keys.map((key) => {
      if (key === EMPTY_GROUP_KEY) return [key, EMPTY_GROUP_LABELS[groupBy]];
      if (key === NO_CLICK_KEY) return [key, NO_CLICK_LABEL];
      return [key, names.get(key) ?? key];
    }),
  );
}
