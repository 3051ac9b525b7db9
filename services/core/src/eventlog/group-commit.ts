// Group commit: concurrent callers share one flush, so durability (an fsync, a broker acknowledgement)
// is paid once per batch of callers, never once per call. Used by both event log implementations.

interface Submission<T> {
  items: readonly T[];
  resolve: () => void;
  reject: (error: unknown) => void;
}

export interface GroupCommitOptions {
  /** Submissions are taken whole until this many items are gathered (one larger submission still goes alone). */
  maxItemsPerFlush?: number;
}

export class GroupCommit<T> {
  readonly #flush: (items: readonly T[]) => Promise<void>;
  readonly #maxItems: number;
  #queue: Submission<T>[] = [];
  #running = false;
  #idleWaiters: (() => void)[] = [];

  /** `flush` writes a batch durably; one flush runs at a time, and items keep submission order. */
  constructor(flush: (items: readonly T[]) => Promise<void>, options: GroupCommitOptions = {}) {
    this.#flush = flush;
    this.#maxItems = options.maxItemsPerFlush ?? Number.POSITIVE_INFINITY;
  }

  /** Resolves once a flush that contains every item of this call succeeded; rejects with its error. */
  submit(items: readonly T[]): Promise<void> {
    if (items.length === 0) return Promise.resolve();
    return new Promise<void>((resolve, reject) => {
      this.#queue.push({ items, resolve, reject });
      if (!this.#running) {
        this.#running = true;
        // Start on the next turn of the event loop so that every caller of this turn (several HTTP
        // requests parsed in one poll phase) shares the first flush too.
        setImmediate(() => void this.#run());
      }
    });
  }

  /** Resolves when everything submitted so far has been flushed or has failed. */
  drain(): Promise<void> {
    if (!this.#running) return Promise.resolve();
    return new Promise((resolve) => this.#idleWaiters.push(resolve));
  }

  async #run(): Promise<void> {
    while (this.#queue.length > 0) {
      let count = 0;
      let taken = 0;
      while (taken < this.#queue.length && (taken === 0 || count + this.#queue[taken]!.items.length <= this.#maxItems)) {
        count += this.#queue[taken]!.items.length;
        taken += 1;
      }
      const batch = this.#queue.splice(0, taken);
      const items = batch.length === 1 ? batch[0]!.items : batch.flatMap((s) => s.items);
      try {
        await this.#flush(items);
        for (const s of batch) s.resolve();
      } catch (error) {
        for (const s of batch) s.reject(error);
      }
    }
    this.#running = false;
    const waiters = this.#idleWaiters;
    this.#idleWaiters = [];
    for (const w of waiters) w();
  }
}
