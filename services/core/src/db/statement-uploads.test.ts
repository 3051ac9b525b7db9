// Where a statement waits for its import job: a folder beside a PGlite store (one process), the entity
// store on PostgreSQL (the workers may run elsewhere); both give the bytes back once and forget them.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from '@jest/globals';
import { createTemporaryDatabase, describeWithRealEngine, openEntities } from '../testing';
import type { Entities } from './entities';
import { statementUploadsOf } from './statement-uploads';

const read = async (stream: NodeJS.ReadableStream | null) => {
  if (!stream) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString();
};

function uploadsContract(open: () => Promise<{ entities: Entities; dir?: string; close?: () => Promise<void> }>) {
  test('put, open, remove; an unknown id opens as gone', async () => {
    const { entities, dir, close } = await open();
    try {
      const uploads = statementUploadsOf(entities.db, dir);
      await uploads.put('a1', 'statement.csv', Buffer.from('Status\nCLEARED\n'));
      expect(await read(await uploads.open('a1'))).toBe('Status\nCLEARED\n');
      await uploads.remove('a1');
      expect(await uploads.open('a1')).toBeNull();
      expect(await uploads.open('never-stored')).toBeNull();
    } finally {
      await entities.close();
      await close?.();
    }
  });
}

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

describe('statement uploads on PGlite: a local folder', () => {
  uploadsContract(async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'uploads-'));
    dirs.push(dir);
    return { entities: await openEntities({ pgliteDir: 'memory://' }), dir };
  });

  test('the folder holds the file, and nothing outside it can be named', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'uploads-'));
    dirs.push(dir);
    const entities = await openEntities({ pgliteDir: 'memory://' });
    try {
      const uploads = statementUploadsOf(entities.db, dir);
      await uploads.put('b2', 'x.csv', Buffer.from('x'));
      expect(fs.readdirSync(dir)).toEqual(['b2.csv']);
      await expect(uploads.open('../etc/passwd')).rejects.toThrow(/not an upload id/);
    } finally {
      await entities.close();
    }
  });
});

describeWithRealEngine('DATABASE_URL', 'statement uploads on PostgreSQL: the entity store', (databaseUrl) => {
  uploadsContract(async () => {
    const database = await createTemporaryDatabase(databaseUrl);
    return { entities: await openEntities({ databaseUrl: database.url }), close: () => database.drop() };
  });
});
