// Runs the EventLog contract on the embedded log always, and on Kafka when KAFKA_BROKERS is set (a
// fresh topic per test, deleted afterwards). In CI a missing broker fails the run instead of skipping.
import { Admin } from '@platformatic/kafka';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describeWithRealEngine, realEngineUrls } from '../testing/real-engines';
import type { EventLog } from './event-log';
import { describeEventLogContract } from './event-log.contract';
import { openEmbeddedLog } from './embedded-log';
import { openKafkaLog } from './kafka-log';

describeEventLogContract('embedded', async () => {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'eventlog-contract-'));
  const opened: EventLog[] = [await openEmbeddedLog({ dir })];
  return {
    log: opened[0]!,
    reopen: async () => {
      const log = await openEmbeddedLog({ dir });
      opened.push(log);
      return log;
    },
    cleanup: async () => {
      await Promise.all(opened.map((l) => l.close()));
      await fs.rm(dir, { recursive: true, force: true });
    },
  };
});

const runId = randomUUID().slice(0, 8);
let topicCount = 0;

describeWithRealEngine('KAFKA_BROKERS', 'EventLog contract', () => {
  const { kafka } = realEngineUrls();
  describeEventLogContract('kafka', async () => {
    const options = { brokers: kafka!.brokers, topic: `tracker.test.${runId}.${++topicCount}`, partitions: 3, clientId: 'tracker-test' };
    const opened: EventLog[] = [await openKafkaLog(options)];
    return {
      log: opened[0]!,
      reopen: async () => {
        const log = await openKafkaLog(options);
        opened.push(log);
        return log;
      },
      cleanup: async () => {
        await Promise.all(opened.map((l) => l.close()));
        const admin = new Admin({ clientId: 'tracker-test', bootstrapBrokers: kafka!.brokers });
        try {
          await admin.deleteTopics({ topics: [options.topic] });
        } finally {
          await admin.close();
        }
      },
    };
  });
});
