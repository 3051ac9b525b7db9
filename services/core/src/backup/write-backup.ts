// `tracker backup`: one .tar.gz of the embedded stores of a DATA_DIR, consistent with the event log. The process
// holding the stores writes it (the running `tracker all`, asked over its control socket, or the CLI itself when
// none runs). While the entity and analytics stores are copied, the projector is held between batches: both then
// reflect exactly the log records below its committed offset, and a restore replays the log from there.
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Analytics } from '../analytics/analytics';
import type { Entities } from '../db/entities';
import { EmbeddedEventLog } from '../eventlog/embedded-log';
import type { EventLog } from '../eventlog/event-log';
import { TRACKER_VERSION } from '../version';
import {
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  MANIFEST_MEMBER,
  type BackupManifest,
} from './backup-manifest';
import { TarWriter } from './tar-archive';

export interface BackupSources {
  dataDir: string;
  entities: Entities;
  analytics: Analytics;
  eventLog: EventLog;
  /**
   * Holds every writer that keeps the stores in step with the log (the projector) between two batches, and
   * returns what lets it go again. Absent when nothing else writes (the CLI opened the stores itself).
   */
  hold?: () => Promise<() => Promise<void>>;
}

/** What the status page shows as the last backup: DATA_DIR/last-backup.json. */
export interface LastBackup {
  at: number;
  file: string;
  bytes: number;
}

export const LAST_BACKUP_FILE = 'last-backup.json';

/** A path as a ClickHouse string literal. */
const quoted = (text: string) => `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
const identifier = (name: string) => `\`${name.replace(/`/g, '``')}\``;

async function entityCounts(entities: Entities): Promise<{ rows: Record<string, number>; migrations: { count: number; last: string | null } }> {
  const rowsOf = async <T>(statement: ReturnType<typeof sql>) => ((await entities.db.execute(statement)) as unknown as { rows: T[] }).rows;
  const tables = await rowsOf<{ table_name: string }>(
    sql`SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`,
  );
  const rows: Record<string, number> = {};
  for (const { table_name: table } of tables) {
    const [count] = await rowsOf<{ n: number | string }>(sql.raw(`SELECT count(*) AS n FROM "${table.replace(/"/g, '""')}"`));
    rows[table] = Number(count!.n);
  }
  const journal = await rowsOf<{ hash: string }>(sql`SELECT hash FROM drizzle.__drizzle_migrations ORDER BY created_at, id`);
  return { rows, migrations: { count: journal.length, last: journal.at(-1)?.hash ?? null } };
}

/** Tables holding rows (not views), in a stable order. */
async function analyticsTables(analytics: Analytics): Promise<string[]> {
  const rows = await analytics.query<{ name: string }>(
    "SELECT name FROM system.tables WHERE database = currentDatabase() AND NOT is_temporary AND engine NOT IN ('MaterializedView', 'View') ORDER BY name",
  );
  return rows.map((r) => r.name);
}

async function readOffsetFiles(logDir: string): Promise<Array<{ name: string; data: Buffer }>> {
  const dir = path.join(logDir, 'consumer-offsets');
  const names = (await fs.promises.readdir(dir).catch(() => [] as string[])).filter((n) => n.endsWith('.json')).sort();
  return Promise.all(names.map(async (name) => ({ name, data: await fs.promises.readFile(path.join(dir, name)) })));
}

/** Writes the archive to `file` (through a temporary file beside it, renamed when complete); returns its manifest. */
export async function writeBackup(sources: BackupSources, file: string): Promise<BackupManifest> {
  const { dataDir, entities, analytics, eventLog } = sources;
  if (entities.kind !== 'pglite' || !entities.dumpDataDir || analytics.kind !== 'chdb' || !(eventLog instanceof EmbeddedEventLog)) {
    throw new Error(
      '`tracker backup` copies the embedded stores under DATA_DIR; on the server engines use pg_dump, ClickHouse BACKUP ' +
        'and Kafka retention (deploy/backup.md, deploy/backup-server.sh)',
    );
  }
  const target = path.resolve(file);
  const partial = `${target}.partial-${process.pid}`;
  const exports = await fs.promises.mkdtemp(path.join(dataDir, '.backup-'));
  const writer = new TarWriter(partial);
  try {
    const secrets = path.join(dataDir, 'secrets.json');
    if (fs.existsSync(secrets)) await writer.addFile('secrets.json', secrets);

    let offsets: Array<{ name: string; data: Buffer }>;
    let pgData: Buffer;
    let counts: Awaited<ReturnType<typeof entityCounts>>;
    const tables: BackupManifest['analytics']['tables'] = [];
    let analyticsMigrations: number[];
    const release = sources.hold ? await sources.hold() : async () => {};
    try {
      // Held: the projector's offsets, its rows in the analytics store and its ledger in the entity store agree.
      offsets = await readOffsetFiles(eventLog.dir);
      counts = await entityCounts(entities);
      pgData = Buffer.from(await (await entities.dumpDataDir()).arrayBuffer());
      analyticsMigrations = (await analytics.query<{ version: number }>('SELECT DISTINCT version FROM analytics_migrations ORDER BY version')).map((r) =>
        Number(r.version),
      );
      for (const name of await analyticsTables(analytics)) {
        const out = path.join(exports, `${name}.native`);
        await analytics.exec(`SELECT * FROM ${identifier(name)} INTO OUTFILE ${quoted(out)} TRUNCATE FORMAT Native`);
        // An empty table leaves an empty file, which has no structure to read.
        const empty = (await fs.promises.stat(out)).size === 0;
        const [count] = empty ? [{ n: 0 }] : await analytics.query<{ n: number | string }>(`SELECT count() AS n FROM file(${quoted(out)}, Native)`);
        tables.push({ name, rows: Number(count?.n ?? 0), member: `analytics/${name}.native` });
      }
    } finally {
      await release();
    }
    // The log only grows: whatever it holds now covers the committed offsets taken above.
    const log = eventLog.snapshot();

    await writer.addBuffer('entities/pgdata.tar.gz', pgData);
    for (const table of tables) await writer.addFile(table.member, path.join(exports, `${table.name}.native`));
    for (const segment of log.files) await writer.addFile(`log/partition-0/${path.basename(segment.path)}`, segment.path, segment.bytes);
    for (const offset of offsets) await writer.addBuffer(`log/consumer-offsets/${offset.name}`, offset.data);

    const committed: Record<string, number> = {};
    for (const offset of offsets) {
      const parsed = JSON.parse(offset.data.toString('utf8')) as { group: string; offsets: Record<string, number> };
      committed[parsed.group] = parsed.offsets['0'] ?? 0;
    }
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      formatVersion: BACKUP_FORMAT_VERSION,
      trackerVersion: TRACKER_VERSION,
      createdAt: Date.now(),
      entities: { engine: 'pglite', migrations: counts.migrations, rows: counts.rows },
      analytics: { engine: 'chdb', migrations: analyticsMigrations, tables },
      eventLog: { engine: 'embedded', endOffset: log.endOffset, committed },
      members: [...writer.members],
    };
    await writer.addBuffer(MANIFEST_MEMBER, Buffer.from(JSON.stringify(manifest, null, 2)));
    await writer.finish();
    const handle = await fs.promises.open(partial, 'r');
    await handle.sync();
    await handle.close();
    await fs.promises.rename(partial, target);
    const last: LastBackup = { at: manifest.createdAt, file: target, bytes: (await fs.promises.stat(target)).size };
    await fs.promises.writeFile(path.join(dataDir, LAST_BACKUP_FILE), JSON.stringify(last));
    return manifest;
  } catch (error) {
    await writer.finish().catch(() => {});
    await fs.promises.rm(partial, { force: true });
    throw error;
  } finally {
    await fs.promises.rm(exports, { recursive: true, force: true });
  }
}

/** The last backup this DATA_DIR recorded, or undefined. */
export async function readLastBackup(dataDir: string): Promise<LastBackup | undefined> {
  try {
    return JSON.parse(await fs.promises.readFile(path.join(dataDir, LAST_BACKUP_FILE), 'utf8')) as LastBackup;
  } catch {
    return undefined;
  }
}
