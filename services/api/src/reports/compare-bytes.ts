// String order as ClickHouse sorts String values (bytewise on UTF-8), whatever the database collation,
// so ties are broken the same way in SQL and in TypeScript.

/** UTF-16 code units compared in code point order (= UTF-8 byte order): surrogates sort above the rest of
 *  the Basic Multilingual Plane, as the characters they encode do. */
const codePointRank = (unit: number) => (unit >= 0xe000 ? unit - 0x800 : unit >= 0xd800 ? unit + 0x2000 : unit);

export function compareBytes(a: string, b: string): number {
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x !== y) return x < 0xd800 && y < 0xd800 ? x - y : codePointRank(x) - codePointRank(y);
  }
  return a.length - b.length;
}
