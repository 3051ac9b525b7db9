// Reports, checked against an independent oracle (reports-property.ts) on PostgreSQL and Kafka, with a
// seed of its own; skipped without KAFKA_BROKERS and DATABASE_URL (CI sets them). The pipeline's matrix: the
// embedded run (reports.property.test.ts) checks every filter and drill-down on the same analytics engine.
import { describeWithRealEngine } from '@tracker/core/testing';
import { openPipelineStores } from '../pipeline/open-pipeline-stores';
import { reportsProperty } from './reports-property';

describeWithRealEngine('KAFKA_BROKERS', 'reports property on PostgreSQL and Kafka', () => {
  reportsProperty(() => openPipelineStores('real', { name: 'reports' }), 7, 'pipeline');
});
