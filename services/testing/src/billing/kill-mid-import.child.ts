// A worker process for statement-import-kill.test.ts: imports a statement and, half-way through the file,
// with rows written inside the open transaction, says so and waits to be SIGKILLed.
import { openEntities } from '@tracker/core/testing';
import { importStatementFile } from '@tracker/workers';

const [store, file] = process.argv.slice(2) as [string, string];
const entities = await openEntities(store.startsWith('postgres') ? { databaseUrl: store } : { pgliteDir: store });
await importStatementFile(entities.db, file, {
  batchSize: 100,
  afterBatch: async (rowsRead) => {
    if (rowsRead < 500) return;
    process.stdout.write(`MID-IMPORT ${rowsRead}\n`);
    await new Promise(() => {});
  },
});
process.stdout.write('FINISHED\n');
