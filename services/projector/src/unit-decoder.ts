// Decodes units in a worker thread. Parsing, validating and re-encoding tens of thousands of events
// is the projector's heaviest JavaScript; on the main thread it stalled the click redirects of the
// same process for tens of milliseconds per batch. One thread per projector, started on first use,
// unreferenced (it never keeps a process alive) and stopped with the projector.
import { Worker } from 'node:worker_threads';
import type { LogRecord } from '@tracker/core';
import { describeRecords, type DecodedUnit, type RawRecords } from './decode-unit';

interface Pending {
  resolve: (decoded: DecodedUnit) => void;
  reject: (error: Error) => void;
}

type Answer = { id: number; decoded: DecodedUnit } | { id: number; error: string };

/** The tracker's bundle (services/cli/bin/bundle.js) defines it as its folder's URL; under tsx and jest it is not declared. */
declare const __TRACKER_BUNDLE__: string | undefined;

/** The thread's entry: the bundle's own when running from it, else the .mjs that registers tsx before loading the
 *  TypeScript (a worker thread starts without its parent's loader). */
function threadEntry(): URL {
  return typeof __TRACKER_BUNDLE__ === 'string' ? new URL('unit-decoder-thread.js', __TRACKER_BUNDLE__) : new URL('./unit-decoder-thread.mjs', import.meta.url);
}

export class UnitDecoder {
  #thread: DecoderThread | undefined;
  readonly #nice: number;

  /** `nice` above 0: the thread runs at that nice value (Linux), yielding a core to the click redirect's thread. */
  constructor(nice = 0) {
    this.#nice = nice;
  }

  decode(partition: number, records: readonly LogRecord[]): Promise<DecodedUnit> {
    if (!this.#thread?.alive) this.#thread = new DecoderThread(this.#nice);
    return this.#thread.decode(describeRecords(partition, records));
  }

  /** Stops the thread, failing the units it still has; a later decode starts a new one. */
  async close(): Promise<void> {
    const thread = this.#thread;
    this.#thread = undefined;
    await thread?.stop();
  }
}

class DecoderThread {
  alive = true;
  readonly #worker: Worker;
  readonly #pending = new Map<number, Pending>();
  #nextId = 0;

  constructor(nice: number) {
    this.#worker = new Worker(threadEntry(), { workerData: { nice } });
    // Never keeps the process alive: whatever waits for a unit (a server, a consumer) does that, and a
    // process leaving with a unit in hand loses nothing, since its offsets were not committed.
    this.#worker.unref();
    this.#worker.on('message', (answer: Answer) => {
      const pending = this.#pending.get(answer.id);
      if (!pending) return;
      this.#forget(answer.id);
      if ('error' in answer) pending.reject(new Error(`decoding a unit failed: ${answer.error}`));
      else pending.resolve(answer.decoded);
    });
    // A thread that dies takes its units with it: they fail, and the projector retries its batch.
    this.#worker.on('error', (error) => this.#fail(error));
    this.#worker.on('exit', (code) => this.#fail(new Error(`the unit decoder thread exited (code ${code})`)));
  }

  decode(raw: RawRecords): Promise<DecodedUnit> {
    const id = this.#nextId++;
    return new Promise<DecodedUnit>((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      this.#worker.postMessage({ id, raw });
    });
  }

  async stop(): Promise<void> {
    this.#fail(new Error('the unit decoder was closed'));
    await this.#worker.terminate();
  }

  #fail(error: Error): void {
    this.alive = false;
    for (const [id, pending] of this.#pending) {
      this.#forget(id);
      pending.reject(error);
    }
  }

  #forget(id: number): void {
    this.#pending.delete(id);
  }
}
