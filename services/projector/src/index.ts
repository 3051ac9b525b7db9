// services/projector: the event log, projected into the analytics store and the conversions ledger.
export { startProjector, DEFAULT_GROUP, type Projector, type ProjectorDeps, type ProjectorOptions } from './start-projector';
export { chTime, clickRow, dimensionColumns, exitRow } from './analytics-rows';
export { deriveClickAudience, type ClickAudience } from '@tracker/core/click-audience';
