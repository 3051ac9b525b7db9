// A subscription that fails every second must not write a log line every second, nor stay silent.
import { expect, test } from '@jest/globals';
import { captureLogger, LEVEL } from '@tracker/core/testing';
import { consumerErrorLog } from './consumer-error-log';

test('the first failure is logged at once, the rest at most once a minute with their count', () => {
  const { logger, lines } = captureLogger();
  let clock = 0;
  const report = consumerErrorLog(logger, 60_000, () => clock);

  report(new Error('broker down'));
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatchObject({ level: LEVEL.error, failures: 1, err: { message: 'broker down' } });

  for (let second = 1; second < 60; second++) {
    clock = second * 1000;
    report(new Error('broker down'));
  }
  expect(lines).toHaveLength(1);

  clock = 60_000;
  report(new Error('still down'));
  expect(lines).toHaveLength(2);
  expect(lines[1]).toMatchObject({ failures: 60, err: { message: 'still down' } });
});
