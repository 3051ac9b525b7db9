// services/workers: the processors of background jobs.
export { registerProcessors, type WorkerDeps } from './register-processors';
export { scheduleSpendSync } from './tiktok-spend/schedule-spend-sync';
export { importStatement, importStatementFile, type StatementImportOptions } from './statement-import/import-statement';
export { fetchFxRates } from './fx-rates/fetch-fx-rates';
