// The TypeScript string order must be ClickHouse's (bytes of UTF-8), or spend ties split differently.
import { expect, test } from '@jest/globals';
import { compareBytes } from './compare-bytes';

test.each([
  ['a', 'b', -1],
  ['B', 'a', -1],
  ['', 'a', -1],
  ['ab', 'a', 1],
  ['é', 'z', 1],
  ['\uFFFD', '😀', -1],
  ['😀', '\uE000', 1],
  ['same', 'same', 0],
])('%j vs %j', (a, b, expected) => {
  expect(Math.sign(compareBytes(a, b))).toBe(expected);
  expect(Math.sign(Buffer.compare(Buffer.from(a), Buffer.from(b)))).toBe(expected);
});
