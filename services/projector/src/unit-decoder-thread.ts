// The decoder thread's side of unit-decoder.ts: decodes each unit it is sent and answers with the
// encoded row bytes and their offsets moved (not copied) back.
import { parentPort } from 'node:worker_threads';
import { decodeUnit, type RawRecords } from './decode-unit';

parentPort!.on('message', ({ id, raw }: { id: number; raw: RawRecords }) => {
  try {
    const decoded = decodeUnit(raw);
    const moved = [decoded.clicks, decoded.exits].flatMap((rows) => [rows.lines.buffer, rows.offsets.buffer, rows.ends.buffer]) as ArrayBuffer[];
    parentPort!.postMessage({ id, decoded }, [...new Set(moved)]);
  } catch (error) {
    parentPort!.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
