// What a backup archive says about itself (manifest.json, its last member): the tracker version, the migrations
// each store had, row counts, the event log's end and the consumer groups' positions, and every member's checksum.
import { z } from 'zod';

export const BACKUP_FORMAT = 'tracker-backup';
export const BACKUP_FORMAT_VERSION = 1;
export const MANIFEST_MEMBER = 'manifest.json';

const memberSchema = z.object({ path: z.string(), bytes: z.number().int().min(0), sha256: z.string().regex(/^[0-9a-f]{64}$/) });

export const backupManifestSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  formatVersion: z.literal(BACKUP_FORMAT_VERSION),
  trackerVersion: z.string(),
  createdAt: z.number(),
  entities: z.object({
    engine: z.literal('pglite'),
    /** Entity migrations applied (drizzle's journal): how many, and the newest one's hash. */
    migrations: z.object({ count: z.number().int(), last: z.string().nullable() }),
    /** Rows per table, counted just before the copy (the API may still have written a row in between). */
    rows: z.record(z.string(), z.number().int()),
  }),
  analytics: z.object({
    engine: z.literal('chdb'),
    migrations: z.array(z.number().int()),
    /** Each table's rows as exported (exact), and its member. */
    tables: z.array(z.object({ name: z.string(), rows: z.number().int(), member: z.string() })),
  }),
  eventLog: z.object({
    engine: z.literal('embedded'),
    /** Records in the copied log (offsets 0 .. endOffset - 1 of its one partition). */
    endOffset: z.number().int(),
    /** Each consumer group's next offset: the projector replays from there after a restore. */
    committed: z.record(z.string(), z.number().int()),
  }),
  members: z.array(memberSchema),
});

export type BackupManifest = z.infer<typeof backupManifestSchema>;
