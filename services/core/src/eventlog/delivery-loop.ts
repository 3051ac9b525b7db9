// What every subscription shares, whichever engine feeds it: waiting for records without polling,
// handing a batch over until the handler succeeds (at-least-once), and stopping between batches.
import type { LogBatch, SubscribeOptions } from './event-log';

export type DeliveryOptions = Required<Pick<SubscribeOptions, 'group' | 'handle' | 'maxBatchSize' | 'maxWaitMs' | 'retryDelayMs'>> &
  Pick<SubscribeOptions, 'onError' | 'onConsumerError'>;

export function deliveryOptions(options: SubscribeOptions): DeliveryOptions {
  const normalized = { maxBatchSize: 1000, maxWaitMs: 50, retryDelayMs: 1000, ...options };
  if (!Number.isInteger(normalized.maxBatchSize) || normalized.maxBatchSize < 1) {
    throw new RangeError(`maxBatchSize must be a positive integer, got ${normalized.maxBatchSize}`);
  }
  return normalized;
}

export class DeliveryLoop {
  readonly options: DeliveryOptions;
  #stopping = false;
  /** Conditions the loop waits on; each re-checks itself when notified. */
  readonly #waiters = new Set<() => void>();

  constructor(options: SubscribeOptions) {
    this.options = deliveryOptions(options);
  }

  get stopping(): boolean {
    return this.#stopping;
  }

  /** Something changed (records arrived, a rebalance): wake waits whose condition now holds. */
  notify(): void {
    for (const waiter of [...this.#waiters]) waiter();
  }

  requestStop(): void {
    this.#stopping = true;
    this.notify();
  }

  /** Resolves once `ready()` holds (checked on every notify), after `timeoutMs`, or on stop. */
  waitUntil(ready: () => boolean, timeoutMs?: number): Promise<void> {
    if (this.#stopping || ready()) return Promise.resolve();
    return new Promise((resolve) => {
      let timer: NodeJS.Timeout | undefined;
      const check = () => {
        if (!this.#stopping && !ready()) return;
        clearTimeout(timer);
        this.#waiters.delete(check);
        resolve();
      };
      this.#waiters.add(check);
      if (timeoutMs !== undefined) {
        timer = setTimeout(() => {
          this.#waiters.delete(check);
          resolve();
        }, timeoutMs);
      }
    });
  }

  /** A delay that stop() cuts short. */
  sleep(ms: number): Promise<void> {
    return this.waitUntil(() => false, ms);
  }

  /** Hands the batch over until the handler succeeds. False when stop() came first: the batch was
   *  not handled and must not be committed (a restart delivers it again). */
  async deliver(batch: LogBatch): Promise<boolean> {
    for (;;) {
      try {
        await this.options.handle(batch);
        return true;
      } catch (error) {
        this.options.onError?.(error, batch);
        await this.sleep(this.options.retryDelayMs);
        if (this.#stopping) return false;
      }
    }
  }

  reportConsumerError(error: unknown): void {
    if (this.options.onConsumerError) this.options.onConsumerError(error);
    else console.error(`event log consumer group "${this.options.group}":`, error);
  }
}
