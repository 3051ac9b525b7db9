// services/workers: the processors of background jobs.
export { registerProcessors, type WorkerDeps } from './register-processors';
export { scheduleSpendSync } from './tiktok-spend/schedule-spend-sync';
export { scheduleCakeSync } from './cake/schedule-cake-sync';
export { syncCake } from './cake/sync-cake';
export { importStatement, importStatementFile, importStatementUpload, type StatementImportOptions } from './statement-import/import-statement';
