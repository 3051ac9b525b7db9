// Which real engines the contract suites run against: those whose URL is set. In CI (CI=true) the
// URLs of PostgreSQL, Redis and Kafka must be set; a missing one fails the run instead of skipping.
import type { describe as JestDescribe, test as JestTest } from '@jest/globals';
import { loadConfig } from '../config/config';

export type RealEngine = 'DATABASE_URL' | 'REDIS_URL' | 'KAFKA_BROKERS' | 'CLICKHOUSE_URL';

// jest's describe and test, read from its globals when a suite is declared: importing '@jest/globals'
// throws outside jest, and benchmarks import @tracker/core/testing for its store openers.
const jest = () => globalThis as unknown as { describe: typeof JestDescribe; test: typeof JestTest };

/** CI starts these; ClickHouse has no usable Debian package, so its suite runs where a URL is given. */
const requiredInCi: RealEngine[] = ['DATABASE_URL', 'REDIS_URL', 'KAFKA_BROKERS'];

export function realEngineUrls() {
  const config = loadConfig(process.env);
  return {
    DATABASE_URL: config.databaseUrl,
    REDIS_URL: config.redisUrl,
    KAFKA_BROKERS: config.kafka?.brokers.join(','),
    CLICKHOUSE_URL: config.clickhouseUrl,
    kafka: config.kafka,
  };
}

/** Runs `body` as a describe block when the engine's URL is set; otherwise skips it visibly, or
 *  fails it in CI for the engines CI must provide. */
export function describeWithRealEngine(engine: RealEngine, title: string, body: (url: string) => void): void {
  const { describe, test } = jest();
  const url = realEngineUrls()[engine];
  if (url) {
    describe(`${title} [real: ${engine}]`, () => body(url));
    return;
  }
  if (process.env.CI && requiredInCi.includes(engine)) {
    describe(`${title} [real: ${engine}]`, () => {
      test(`${engine} is set`, () => {
        throw new Error(`${engine} is not set in CI: the real-engine suite cannot run`);
      });
    });
    return;
  }
  process.stderr.write(`SKIP ${title}: ${engine} is not set\n`);
  describe.skip(`${title} [real: ${engine}]`, () => body(''));
}
