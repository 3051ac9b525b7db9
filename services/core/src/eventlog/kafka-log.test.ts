// The Kafka log's time limits, which need no broker: a broker that refuses or never answers must make
// opening (and so publishing) fail within the limit, never hang a caller such as the click redirect.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import net from 'node:net';
import { ResponseError } from '@platformatic/kafka';
import { isPassingKafkaError, openKafkaLog } from './kafka-log';

describe('Kafka event log without a reachable broker', () => {
  let silent: net.Server;
  const sockets = new Set<net.Socket>();
  let silentPort: number;

  beforeAll(async () => {
    // Accepts connections and never says a word: a hung broker or a black-holed network.
    silent = net.createServer((socket) => {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    silentPort = (silent.address() as net.AddressInfo).port;
  });

  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => silent.close(resolve));
  });

  it('rejects within its time limit when the broker never answers', async () => {
    const started = Date.now();
    await expect(openKafkaLog({ brokers: [`127.0.0.1:${silentPort}`], topic: 'never', partitions: 1, timeoutMs: 1500 })).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(4000);
  });

  it('rejects promptly when nothing listens on the broker port', async () => {
    const closed = net.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as net.AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const started = Date.now();
    await expect(openKafkaLog({ brokers: [`127.0.0.1:${port}`], topic: 'never', partitions: 1, timeoutMs: 5000 })).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(5500);
  });
});

describe('which broker refusals a consumer join waits out', () => {
  const joinGroup = 11;
  const refusal = (code: number) => new ResponseError(joinGroup, 9, { '/': [code, null] }, {});

  it('waits out a coordinator that is loading, missing or moved', () => {
    expect(isPassingKafkaError(refusal(14))).toBe(true); // COORDINATOR_LOAD_IN_PROGRESS
    expect(isPassingKafkaError(refusal(15))).toBe(true); // COORDINATOR_NOT_AVAILABLE
    expect(isPassingKafkaError(refusal(16))).toBe(true); // NOT_COORDINATOR, the refusal CI met
  });

  it('gives up at once on refusals that do not pass', () => {
    expect(isPassingKafkaError(refusal(17))).toBe(false); // INVALID_TOPIC_EXCEPTION
    expect(isPassingKafkaError(refusal(30))).toBe(false); // GROUP_AUTHORIZATION_FAILED
    expect(isPassingKafkaError(new Error('Kafka: joining consumer group g did not finish within 15 s'))).toBe(false);
    expect(isPassingKafkaError(undefined)).toBe(false);
  });
});
