// Public ids that appear in tracking URLs (campaign ids, spark ids): random base62 from the CSPRNG,
// so they cannot be guessed or enumerated. 12 characters carry 71 bits, 16 carry 95.
import crypto from 'node:crypto';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/** The largest multiple of 62 below 256: bytes at or above it are skipped, so no character is favoured. */
const UNBIASED_LIMIT = 248;

export function randomBase62(length: number): string {
  let out = '';
  while (out.length < length) {
    for (const byte of crypto.randomBytes(length + 8)) {
      if (byte < UNBIASED_LIMIT) out += ALPHABET[byte % 62];
      if (out.length === length) break;
    }
  }
  return out;
}

export const newCampaignId = (): string => randomBase62(12);
export const newSparkId = (): string => `spk_${randomBase62(16)}`;

/** Tries `insert` with fresh ids until one is free; a collision is astronomically rare, so a few tries suffice. */
export async function withFreshId<T>(generate: () => string, insert: (id: string) => Promise<T | undefined>): Promise<T> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const row = await insert(generate());
    if (row !== undefined) return row;
  }
  throw new Error('Could not generate a unique public id');
}
