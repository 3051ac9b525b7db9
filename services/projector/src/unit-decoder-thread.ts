// The decoder thread's side of unit-decoder.ts: decodes each unit it is sent and answers with the
// encoded row bytes and their offsets moved (not copied) back.
import os from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { decodeUnit, type RawRecords } from './decode-unit';

// Decoding is background work: niced (the tracker's BACKGROUND_NICE), this thread yields a core to the click
// redirect's whenever both want one, and runs as fast as before when a core is free. On Linux a thread has a nice
// value of its own (setpriority on pid 0 is the calling thread's); elsewhere the call would lower the whole process,
// so it is not made there.
const { nice } = workerData as { nice: number };
if (nice > 0 && process.platform === 'linux') os.setPriority(nice);

parentPort!.on('message', ({ id, raw }: { id: number; raw: RawRecords }) => {
  try {
    const decoded = decodeUnit(raw);
    const moved = [decoded.clicks, decoded.exits].flatMap((rows) => [rows.lines.buffer, rows.offsets.buffer, rows.ends.buffer]) as ArrayBuffer[];
    parentPort!.postMessage({ id, decoded }, [...new Set(moved)]);
  } catch (error) {
    parentPort!.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
