import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe } from '@jest/globals';
import { describeWithRealEngine } from '../testing/real-engines';
import { createTemporaryDatabase } from '../testing/temporary-database';
import { changeFeedContract, entitiesContract } from './entities.contract';
import { openEntities } from './entities';

describe('entities contract [embedded: PGlite]', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tracker-pg-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  entitiesContract(() => openEntities({ pgliteDir: dir }));
});

describeWithRealEngine('DATABASE_URL', 'entities contract', (serverUrl) => {
  let database: Awaited<ReturnType<typeof createTemporaryDatabase>>;
  beforeAll(async () => {
    database = await createTemporaryDatabase(serverUrl);
  });
  afterAll(async () => {
    await database.drop();
  });
  entitiesContract(() => openEntities({ databaseUrl: database.url }));
  changeFeedContract(() => openEntities({ databaseUrl: database.url }));
});

describe('change feed [embedded: in-process]', () => {
  changeFeedContract(() => openEntities({ pgliteDir: 'memory://' }));
});
