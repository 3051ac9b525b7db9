// Raw-data retention (RAW_RETENTION_DAYS): a TTL on the raw clicks, click_index and exits, set at start-up
// from config (ALTER ... MODIFY TTL only when the stored one differs), so the daily rollups outlive the rows.
import type { Analytics } from './analytics';

/**
 * The raw tables a TTL applies to, each by its click's time: an exit without its click is of no use, and both
 * go on the same day. Conversions are not among them: they are signed revisions (a late status change adds a
 * -1 row that needs its +1 row), reports read pending and rejected ones raw, and they are money, few beside
 * clicks. event_positions keeps its own 30-day TTL (analytics migration 0004), shorter than any retention.
 */
export const RAW_RETENTION_TABLES = { clicks: 'clicked_at', click_index: 'clicked_at', exits: 'clicked_at' } as const;
type RawTable = keyof typeof RAW_RETENTION_TABLES;

const STORED_TTL = /\bTTL toDateTime\((\w+)\) \+ toIntervalDay\((\d+)\)/;

interface TableRow {
  name: string;
  engine: string;
  engine_full: string;
}

/** The tables that hold the rows: `<name>_local` on a cluster (the Distributed `<name>` holds none), else `<name>`. */
interface StorageTable {
  table: RawTable;
  name: string;
  onCluster: boolean;
  engineFull: string;
}

async function storageTables(analytics: Analytics): Promise<StorageTable[]> {
  const names = Object.keys(RAW_RETENTION_TABLES).flatMap((t) => [t, `${t}_local`]);
  const rows = await analytics.query<TableRow>(
    'SELECT name, engine, engine_full FROM system.tables WHERE database = currentDatabase() AND name IN {names:Array(String)}',
    { names },
  );
  const byName = new Map(rows.map((r) => [r.name, r]));
  return (Object.keys(RAW_RETENTION_TABLES) as RawTable[]).flatMap((table): StorageTable[] => {
    const row = byName.get(table);
    if (!row) return [];
    if (row.engine !== 'Distributed') return [{ table, name: table, onCluster: false, engineFull: row.engine_full }];
    const local = byName.get(`${table}_local`);
    return local ? [{ table, name: local.name, onCluster: true, engineFull: local.engine_full }] : [];
  });
}

/** The retention the store holds now, in days (read from the clicks table's TTL); null: raw rows are kept forever. */
export async function readRawRetention(analytics: Analytics): Promise<number | null> {
  const clicks = (await storageTables(analytics)).find((t) => t.table === 'clicks');
  const match = clicks && STORED_TTL.exec(clicks.engineFull);
  return match ? Number(match[2]) : null;
}

/**
 * Sets each raw table's TTL to `days` (0 removes it: kept forever) where the stored one differs, and returns the
 * tables changed. Rows past it go at the next background merge (or `OPTIMIZE TABLE ... FINAL`); rows already
 * stored count too. The daily rollups were filled when the rows arrived and keep their figures.
 */
export async function applyRawRetention(analytics: Analytics, days: number): Promise<string[]> {
  if (!Number.isInteger(days) || days < 0) throw new Error(`Raw retention must be a whole number of days, not ${days}`);
  const changed: string[] = [];
  for (const { table, name, onCluster, engineFull } of await storageTables(analytics)) {
    const column = RAW_RETENTION_TABLES[table];
    const stored = STORED_TTL.exec(engineFull);
    const hasTtl = /\bTTL\b/.test(engineFull);
    if (days === 0 ? !hasTtl : stored?.[1] === column && Number(stored[2]) === days) continue;
    const target = onCluster ? `${name} ON CLUSTER '{cluster}'` : name;
    await analytics.exec(days === 0 ? `ALTER TABLE ${target} REMOVE TTL` : `ALTER TABLE ${target} MODIFY TTL toDateTime(${column}) + INTERVAL ${days} DAY`);
    changed.push(name);
  }
  return changed;
}

/**
 * The first UTC day whose raw clicks are all still kept (YYYY-MM-DD), null when kept forever: the day `days - 1`
 * before today. The day before it is partly gone already (its clicks older than `days` × 24 hours).
 */
export function rawKeptFrom(days: number | null, now = Date.now()): string | null {
  if (!days) return null;
  const day = new Date(now);
  const today = Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate());
  return new Date(today - (days - 1) * 86_400_000).toISOString().slice(0, 10);
}
