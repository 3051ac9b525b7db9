// The clicks this process redirected lately, as the encoded events it published, for the exits that
// follow them. One ring of bytes and a fixed table of numbers: hundreds of thousands of entries add no
// objects for the garbage collector to trace. (An LRU of Buffers did, and under load its major
// collections held up the redirects for 50 ms and more.) Lossy by design: the oldest entries are
// overwritten, a crowded slot loses its oldest key, and a miss falls back to the analytics store.

/** Slots looked at per key: a key lives in one of these, or is forgotten. */
const PROBES = 8;
const KEY_LENGTH_BYTES = 2;
const VALUE_LENGTH_BYTES = 4;

export interface RecentClicksOptions {
  /** Bytes of encoded events kept; the oldest are overwritten. Default 128 MiB (about 200,000 clicks). */
  capacityBytes?: number;
  /** Hash slots, rounded up to a power of two; about twice the entries the bytes hold. Default 2^19. */
  slots?: number;
}

export class RecentClicks {
  readonly #ring: Buffer;
  /** Absolute position of each slot's entry plus one; 0 for a slot never used. */
  readonly #positions: Float64Array;
  readonly #hashes: Uint32Array;
  readonly #mask: number;
  /** Bytes written since the start, counting skipped ring tails: entry bytes live at `position % capacity`. */
  #head = 0;

  constructor(options: RecentClicksOptions = {}) {
    this.#ring = Buffer.allocUnsafeSlow(options.capacityBytes ?? 128 * 1024 * 1024);
    const slots = 2 ** Math.ceil(Math.log2(Math.max(PROBES, options.slots ?? 2 ** 19)));
    this.#positions = new Float64Array(slots);
    this.#hashes = new Uint32Array(slots);
    this.#mask = slots - 1;
  }

  remember(clickId: string, value: Uint8Array): void {
    const ring = this.#ring;
    const keyBytes = Buffer.byteLength(clickId);
    const size = KEY_LENGTH_BYTES + keyBytes + VALUE_LENGTH_BYTES + value.length;
    if (keyBytes > 0xffff || size > ring.length / 4) return;
    let at = this.#head % ring.length;
    if (at + size > ring.length) {
      this.#head += ring.length - at;
      at = 0;
    }
    const position = this.#head;
    ring.writeUInt16LE(keyBytes, at);
    ring.write(clickId, at + KEY_LENGTH_BYTES, 'utf8');
    ring.writeUInt32LE(value.length, at + KEY_LENGTH_BYTES + keyBytes);
    ring.set(value, at + KEY_LENGTH_BYTES + keyBytes + VALUE_LENGTH_BYTES);
    this.#head += size;

    const hash = hashOf(clickId);
    let slot = -1;
    let oldest = Number.POSITIVE_INFINITY;
    for (let p = 0; p < PROBES; p++) {
      const i = (hash + p) & this.#mask;
      const stored = this.#positions[i]!;
      if (stored === 0 || !this.#intact(stored - 1)) {
        slot = i;
        break;
      }
      if (stored < oldest) {
        oldest = stored;
        slot = i;
      }
    }
    this.#positions[slot] = position + 1;
    this.#hashes[slot] = hash;
  }

  /** A copy of the click's encoded event, or undefined when it is not (or no longer) here. */
  get(clickId: string): Buffer | undefined {
    const ring = this.#ring;
    const hash = hashOf(clickId);
    const key = Buffer.from(clickId, 'utf8');
    for (let p = 0; p < PROBES; p++) {
      const i = (hash + p) & this.#mask;
      const stored = this.#positions[i]!;
      if (stored === 0 || this.#hashes[i] !== hash || !this.#intact(stored - 1)) continue;
      const at = (stored - 1) % ring.length;
      const keyBytes = ring.readUInt16LE(at);
      const keyStart = at + KEY_LENGTH_BYTES;
      if (keyBytes !== key.length || !key.equals(ring.subarray(keyStart, keyStart + keyBytes))) continue;
      const valueStart = keyStart + keyBytes + VALUE_LENGTH_BYTES;
      return Buffer.from(ring.subarray(valueStart, valueStart + ring.readUInt32LE(keyStart + keyBytes)));
    }
    return undefined;
  }

  /** Whether the entry written at `position` has not been overwritten since. */
  #intact(position: number): boolean {
    return position >= this.#head - this.#ring.length;
  }
}

/** FNV-1a over the UTF-16 code units: click ids are ASCII. */
function hashOf(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return hash >>> 0;
}
