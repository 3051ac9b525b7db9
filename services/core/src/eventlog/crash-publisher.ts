// The child process of the embedded log's crash test: publishes from 50 concurrent publishers and
// prints "acked <value>" for every acknowledged record until the parent SIGKILLs it.
import { openEmbeddedLog } from './embedded-log';

const dir = process.argv[2];
if (!dir) throw new Error('usage: crash-publisher.ts <log folder>');
const log = await openEmbeddedLog({ dir });
let next = 0;

async function publishForever(): Promise<void> {
  for (;;) {
    const value = `click-${next++}`;
    await log.publish([{ key: value, value: Buffer.from(value.padEnd(200, '.')) }]);
    // Written only after the publish resolved; stdout to a pipe is synchronous on Linux, so the
    // line is in the pipe before the next instruction, whenever the kill comes.
    process.stdout.write(`acked ${value}\n`);
  }
}

process.stdout.write('ready\n');
await Promise.all(Array.from({ length: 50 }, () => publishForever()));
