// services/ingest: the tracking endpoints that browsers and affiliate networks call.
export { registerIngest, type Ingest, type IngestDeps, type IngestStats } from './register-ingest';

