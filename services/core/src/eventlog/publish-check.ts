// Checks a publish call's records before they join a shared flush: a malformed record must fail its
// own call, not the flush it would share with other callers (nor, on disk, poison the log).

/** Largest key + value, in bytes, either engine accepts (Kafka refuses batches over ~1 MiB by default). */
export const MAX_RECORD_BYTES = 1_000_000;

/** Throws a TypeError or RangeError naming the first bad record. */
export function checkPublishRecords(records: readonly unknown[]): void {
  if (!Array.isArray(records)) throw new TypeError('publish expects an array of records');
  records.forEach((candidate, i) => {
    const r = candidate as { key?: unknown; value?: unknown; timestamp?: unknown };
    if (typeof r?.key !== 'string') throw new TypeError(`record ${i}: key must be a string`);
    if (!Buffer.isBuffer(r.value)) throw new TypeError(`record ${i}: value must be a Buffer`);
    if (r.timestamp !== undefined && !Number.isSafeInteger(r.timestamp)) {
      throw new TypeError(`record ${i}: timestamp must be an integer (epoch ms)`);
    }
    const bytes = Buffer.byteLength(r.key) + r.value.length;
    if (bytes > MAX_RECORD_BYTES) throw new RangeError(`record ${i}: ${bytes} bytes, more than ${MAX_RECORD_BYTES}`);
  });
}
