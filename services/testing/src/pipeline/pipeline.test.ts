// The pipeline contract on the embedded engines always, and on PostgreSQL and Kafka when they are set.
import { describe } from '@jest/globals';
import { describeWithRealEngine } from '@tracker/core/testing';
import { openPipelineStores } from './open-pipeline-stores';
import { pipelineContract } from './pipeline.contract';

describe('pipeline [embedded: PGlite, chDB, segment log]', () => {
  pipelineContract(() => openPipelineStores('embedded', { name: 'pipeline' }));
});

describeWithRealEngine('KAFKA_BROKERS', 'pipeline on PostgreSQL and Kafka', () => {
  pipelineContract(() => openPipelineStores('real', { name: 'pipeline' }));
});
