// Event ids: UUID version 7 (RFC 9562), as the `uuid` package makes them (its v7: the millisecond, a 31-bit counter seeded
// at random each new millisecond and counted up within one, then random bits), so ids made in one process sort in the
// order they were made. Made here because the click redirect makes one per click: `uuid` allocates ~900 bytes for
// each (a slice of its random pool, a byte array, a string built of twenty pieces), this a single 36-character string.
import { randomFillSync } from 'node:crypto';

/** Random bytes are drawn this many at a time; each id takes RANDOM_BYTES of them. */
const POOL_BYTES = 4096;
const RANDOM_BYTES = 10;
const pool = Buffer.allocUnsafeSlow(POOL_BYTES);
let poolAt = POOL_BYTES;

/** The id's text is written here as ASCII, then read back as one string. */
const text = Buffer.allocUnsafeSlow(36);
const HEX = Buffer.from('0123456789abcdef', 'latin1');
/** Where each of the 16 bytes' two hex digits go in the text (dashes at 8, 13, 18 and 23). */
const AT = [0, 2, 4, 6, 9, 11, 14, 16, 19, 21, 24, 26, 28, 30, 32, 34];
text.fill(0x2d); // '-'

let lastMillisecond = Number.NEGATIVE_INFINITY;
let counter = 0;

function put(index: number, byte: number): void {
  const at = AT[index]!;
  text[at] = HEX[byte >>> 4]!;
  text[at + 1] = HEX[byte & 0x0f]!;
}

/** A new UUIDv7, lower-case with dashes ("0192f6e4-…"). */
export function newEventId(): string {
  if (poolAt + RANDOM_BYTES > POOL_BYTES) {
    randomFillSync(pool);
    poolAt = 0;
  }
  const r = poolAt;
  poolAt += RANDOM_BYTES;
  const now = Date.now();
  if (now > lastMillisecond) {
    counter = (pool[r]! << 23) | (pool[r + 1]! << 16) | (pool[r + 2]! << 8) | pool[r + 3]!;
    lastMillisecond = now;
  } else {
    // Within one millisecond (or the clock stepped back): count up; past the counter's end, the next millisecond.
    counter = (counter + 1) | 0;
    if (counter === 0) lastMillisecond++;
  }
  const ms = lastMillisecond;
  put(0, (ms / 0x10000000000) & 0xff);
  put(1, (ms / 0x100000000) & 0xff);
  put(2, (ms / 0x1000000) & 0xff);
  put(3, (ms / 0x10000) & 0xff);
  put(4, (ms / 0x100) & 0xff);
  put(5, ms & 0xff);
  put(6, 0x70 | ((counter >>> 28) & 0x0f));
  put(7, (counter >>> 20) & 0xff);
  put(8, 0x80 | ((counter >>> 14) & 0x3f));
  put(9, (counter >>> 6) & 0xff);
  put(10, ((counter << 2) & 0xff) | (pool[r + 4]! & 0x03));
  for (let i = 11; i < 16; i++) put(i, pool[r + i - 6]!);
  return text.toString('latin1', 0, 36);
}
