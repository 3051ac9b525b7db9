// The statement import contract on both entity engines: PGlite always, PostgreSQL when DATABASE_URL is set.
import { afterAll, beforeAll, describe } from '@jest/globals';
import { createTemporaryDatabase, describeWithRealEngine, openEntities } from '@tracker/core/testing';
import { statementImportContract } from './statement-import.contract';

describe('statement import [embedded: PGlite]', () => {
  statementImportContract(() => openEntities({ pgliteDir: 'memory://' }));
});

describeWithRealEngine('DATABASE_URL', 'statement import', (serverUrl) => {
  let database: Awaited<ReturnType<typeof createTemporaryDatabase>>;
  beforeAll(async () => {
    database = await createTemporaryDatabase(serverUrl);
  });
  afterAll(async () => {
    await database.drop();
  });
  statementImportContract(() => openEntities({ databaseUrl: database.url }));
});
