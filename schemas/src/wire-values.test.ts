// The response schemas' values write exactly what JSON.stringify wrote before them, and strip what
// they do not name.
import { describe, expect, test } from '@jest/globals';
import { z } from 'zod';
import { wireTimestamp } from './wire-values';

describe('wire values', () => {
  test('a Date leaves as JSON.stringify writes it, a string unchanged', () => {
    const at = new Date(Date.UTC(2026, 0, 2, 3, 4, 5, 6));
    expect(JSON.stringify(wireTimestamp.parse(at))).toBe(JSON.stringify(at));
    expect(wireTimestamp.parse('2026-01-02T03:04:05.006Z')).toBe('2026-01-02T03:04:05.006Z');
  });

  test('an object schema drops the fields it does not name, so a secret column never leaves', () => {
    const row = z.object({ id: z.number(), createdAt: wireTimestamp });
    expect(row.parse({ id: 1, accessToken: 'sealed', createdAt: new Date(0) })).toEqual({ id: 1, createdAt: '1970-01-01T00:00:00.000Z' });
  });
});
