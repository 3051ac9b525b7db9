// Reports, checked against an independent oracle (reports-property.ts) on the embedded engines:
// PGlite, chDB and the segment log.
import { describe } from '@jest/globals';
import { openPipelineStores } from '../pipeline/open-pipeline-stores';
import { reportsProperty } from './reports-property';

describe('reports property [embedded: PGlite, chDB, segment log]', () => {
  reportsProperty(() => openPipelineStores('embedded', { name: 'reports' }), 20260308);
});
