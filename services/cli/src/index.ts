// services/cli as a library: what benchmarks and tests start in-process. The `tracker` command
// itself is main.ts, run by bin/tracker.js.
export { runServices, type RunningServices } from './run-services';
export type { ServiceMode } from './capabilities';
