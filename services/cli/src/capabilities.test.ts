import { describe, expect, test } from '@jest/globals';
import { capabilitiesByMode, missingServerEngines, storeNeeds } from './capabilities';

describe('mode table', () => {
  test('all runs every capability on every store', () => {
    expect(capabilitiesByMode.all).toEqual(['api', 'ingest', 'projector', 'workers']);
    expect(storeNeeds(capabilitiesByMode.all)).toEqual({ entities: true, analytics: true, eventLog: true, spill: true, queue: true });
  });

  test('ingest reads clicks back from analytics but never touches the queue', () => {
    expect(storeNeeds(['ingest'])).toEqual({ entities: true, analytics: true, eventLog: true, spill: true });
  });

  test.each([
    ['api', ['DATABASE_URL', 'CLICKHOUSE_URL']],
    ['ingest', ['DATABASE_URL', 'CLICKHOUSE_URL', 'KAFKA_BROKERS']],
    ['projector', ['DATABASE_URL', 'CLICKHOUSE_URL', 'KAFKA_BROKERS']],
    // The projector-lag alert reads the projector's positions in the log.
    ['workers', ['DATABASE_URL', 'CLICKHOUSE_URL', 'KAFKA_BROKERS']],
    ['all', []],
  ] as const)('split mode %s refuses the embedded stores: needs %j', (mode, missing) => {
    expect(missingServerEngines(mode, {})).toEqual(missing);
  });

  test('a split mode with its server URLs needs nothing more', () => {
    expect(
      missingServerEngines('projector', { databaseUrl: 'postgres://x', clickhouseUrl: 'http://ch', kafka: {} }),
    ).toEqual([]);
  });
});
