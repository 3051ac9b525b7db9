// A statement file between its upload (the api) and its import job (the workers). On PostgreSQL the
// workers may run on another host, so the file waits in the entity store (statement_uploads). On PGlite
// the api and the workers are one process by design (DATA_DIR is locked), and storing 30 MB through
// PGlite's WASM costs seconds (5 s in, 2 s out for 100,000 rows), so the file waits in a local folder.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { PGlite } from '@electric-sql/pglite';
import { eq, lt, sql } from 'drizzle-orm';
import type { Db } from './entities';
import { statementUploads } from './schema';

/** A day-old upload belongs to a request that never came back for its answer (a 504, a restart). */
const ABANDONED_AFTER_MS = 24 * 60 * 60_000;

export interface StatementUploads {
  put(id: string, fileName: string, content: Buffer): Promise<void>;
  /** The file's bytes, or null when it is gone. */
  open(id: string): Promise<Readable | null>;
  remove(id: string): Promise<void>;
  /** Deletes abandoned uploads. */
  prune(): Promise<void>;
}

function databaseUploads(db: Db): StatementUploads {
  return {
    async put(id, fileName, content) {
      await db.insert(statementUploads).values({ id, fileName, content });
    },
    async open(id) {
      const [row] = await db.select({ content: statementUploads.content }).from(statementUploads).where(eq(statementUploads.id, id));
      return row ? Readable.from([row.content]) : null;
    },
    async remove(id) {
      await db.delete(statementUploads).where(eq(statementUploads.id, id));
    },
    async prune() {
      await db.delete(statementUploads).where(lt(statementUploads.createdAt, sql`now() - ${ABANDONED_AFTER_MS}::double precision * interval '1 millisecond'`));
    },
  };
}

function folderUploads(dir: string): StatementUploads {
  // Ids are our own UUIDs; the check keeps any other string from naming a path outside the folder.
  const file = (id: string) => {
    if (!/^[\w-]+$/.test(id)) throw new Error(`not an upload id: ${id}`);
    return path.join(dir, `${id}.csv`);
  };
  return {
    async put(id, _fileName, content) {
      await fs.promises.mkdir(dir, { recursive: true });
      await fs.promises.writeFile(file(id), content);
    },
    async open(id) {
      const stream = fs.createReadStream(file(id));
      try {
        await new Promise<void>((resolve, reject) => stream.once('open', () => resolve()).once('error', reject));
        return stream;
      } catch {
        return null;
      }
    },
    async remove(id) {
      await fs.promises.rm(file(id), { force: true });
    },
    async prune() {
      const names = await fs.promises.readdir(dir).catch(() => [] as string[]);
      for (const name of names) {
        const at = path.join(dir, name);
        const stat = await fs.promises.stat(at).catch(() => null);
        if (stat && Date.now() - stat.mtimeMs > ABANDONED_AFTER_MS) await fs.promises.rm(at, { force: true });
      }
    },
  };
}

/** The uploads of this entity store: in the database on PostgreSQL, in `localDir` on PGlite. */
export function statementUploadsOf(db: Db, localDir = path.join(os.tmpdir(), 'tracker-statement-uploads')): StatementUploads {
  return (db as { $client?: unknown }).$client instanceof PGlite ? folderUploads(localDir) : databaseUploads(db);
}
