// services/testing (`@tracker/testing`): test support only. Local fakes of third-party HTTP APIs, and the
// suites that drive several services together; only tests, benchmarks and e2e may import it.
export {
  startFakeTiktokServer,
  type FakeTiktokServer,
  type FakeTiktokOptions,
  type RecordedTiktokRequest,
  type ScriptedAnswer,
} from './fakes/tiktok-server';
export { openPipelineStores, type PipelineStores, type PipelineStoreOptions } from './pipeline/open-pipeline-stores';
export { waitForProjection } from './pipeline/wait-for-projection';
export { startFakeCakeServer, type FakeCakeServer, type FakeCakeConversion, type FakeCakeStats } from './fakes/cake-server';
