// Committed offsets of the embedded log's consumer groups: one small file per group, replaced
// atomically (temp file, fsync, rename, fsync of the folder), so a crash leaves the old or the new one.
import fs from 'node:fs/promises';
import path from 'node:path';
import { createDirectory, syncDirectory } from './segment-file';

interface OffsetsFile {
  group: string;
  /** Next offset to read, per partition. */
  offsets: Record<string, number>;
}

export class ConsumerOffsets {
  readonly #dir: string;
  readonly #byGroup: Map<string, Map<number, number>>;

  private constructor(dir: string, byGroup: Map<string, Map<number, number>>) {
    this.#dir = dir;
    this.#byGroup = byGroup;
  }

  static async open(dir: string): Promise<ConsumerOffsets> {
    await createDirectory(dir);
    const byGroup = new Map<string, Map<number, number>>();
    for (const name of await fs.readdir(dir)) {
      // A leftover temp file is a commit that did not finish: the previous file still holds.
      if (!name.endsWith('.json')) continue;
      const file = JSON.parse(await fs.readFile(path.join(dir, name), 'utf8')) as OffsetsFile;
      byGroup.set(file.group, new Map(Object.entries(file.offsets).map(([p, o]) => [Number(p), o])));
    }
    return new ConsumerOffsets(dir, byGroup);
  }

  /** Next offset the group reads in the partition; 0 when it never committed. */
  committed(group: string, partition: number): number {
    return this.#byGroup.get(group)?.get(partition) ?? 0;
  }

  /** Durably records that the group has handled everything below `offset`. One commit per group at a time. */
  async commit(group: string, partition: number, offset: number): Promise<void> {
    const offsets = new Map(this.#byGroup.get(group));
    offsets.set(partition, offset);
    const file: OffsetsFile = { group, offsets: Object.fromEntries(offsets) };
    // Group names are free text; the file name must be one safe path segment.
    const target = path.join(this.#dir, `${encodeURIComponent(group)}.json`);
    const temp = `${target}.tmp`;
    const handle = await fs.open(temp, 'w');
    try {
      await handle.writeFile(JSON.stringify(file));
      await handle.sync();
    } finally {
      await handle.close();
    }
    await fs.rename(temp, target);
    await syncDirectory(this.#dir);
    this.#byGroup.set(group, offsets);
  }
}
