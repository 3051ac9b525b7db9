// A user's text (a name, an address, a line's description) as pdfmake inlines that print: each run in a font
// that has its characters, right-to-left words in their reading order, and words too long for any column cut
// where they may wrap. Plain Latin text comes back as the same string, so its PDF does not change.
import bidiFactory, { type Bidi } from 'bidi-js';
import type { ContentText } from 'pdfmake/interfaces';
import { fontFor, hasGlyph, type FontFamily } from './script-fonts';

let bidiInstance: Bidi | undefined;
/** bidi-js builds its tables when its factory runs: on the first text printed, not on import. */
const bidi = (): Bidi => (bidiInstance ??= bidiFactory());

/** A run without a space longer than this (in code points) gets a place to wrap every WRAP_EVERY. Longer than
 *  an IBAN (34) or most e-mail addresses, so only what no column can hold is cut. */
const LONGEST_WORD = 40;
const WRAP_EVERY = 10;
/** A zero-width space: a break opportunity to pdfmake's line breaker, no glyph (fontkit hides it), and
 *  pdftotext leaves it out of the extracted text. */
const ZWSP = '\u200B';

type Inline = { text: string; font?: FontFamily };

interface Token {
  text: string;
  /** Bidi embedding level: odd is right to left. */
  level: number;
}

/** fontkit lays a run out right to left (reversing its glyphs) when its first character with a script of its
 *  own is of a right-to-left script; digits, spaces and punctuation have none. */
const SCRIPT_OF_ITS_OWN = /[^\p{Script=Common}\p{Script=Inherited}]/u;
const RTL_SCRIPT = /[\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}]/u;
const fontkitReverses = (text: string) => RTL_SCRIPT.test(text.match(SCRIPT_OF_ITS_OWN)?.[0] ?? '');

const reversed = (text: string) => Array.from(text).reverse().join('');

/** Splits a paragraph where the bidi level or spacing changes; mirrors brackets in right-to-left runs. */
function tokensOf(paragraph: string): Token[] {
  const embedding = bidi().getEmbeddingLevels(paragraph, 'auto');
  const mirrored = bidi().getMirroredCharactersMap(paragraph, embedding.levels);
  const tokens: Token[] = [];
  let index = 0;
  for (const char of paragraph) {
    const level = embedding.levels[index]!;
    const text = mirrored.get(index) ?? char;
    const last = tokens.at(-1);
    if (last && last.level === level && /\s/u.test(last.text) === /\s/u.test(char)) last.text += text;
    else tokens.push({ text, level });
    index += char.length;
  }
  return tokens.flatMap(splitToken);
}

/** Right-to-left words apart from their punctuation (pdfmake may break between them, and each piece must be a
 *  unit that the visual reordering moves); over-long words in pieces that end in a break opportunity. */
function splitToken(token: Token): Token[] {
  if (/\s/u.test(token.text)) return [token];
  const pieces = token.level % 2 === 1 ? token.text.match(/[\p{L}\p{M}\p{N}]+|./gsu)! : [token.text];
  return pieces.flatMap((piece) => {
    const chars = Array.from(piece);
    if (chars.length <= LONGEST_WORD) return [{ text: piece, level: token.level }];
    const chunks: Token[] = [];
    for (let start = 0; start < chars.length; start += WRAP_EVERY) {
      const end = Math.min(start + WRAP_EVERY, chars.length);
      chunks.push({ text: chars.slice(start, end).join('') + (end < chars.length ? ZWSP : ''), level: token.level });
    }
    return chunks;
  });
}

/** Unicode's rule L2: from the highest level down to the lowest odd one, reverse every run at that level or
 *  higher. The tokens come out in the order they are drawn from left to right. */
function visualOrder(tokens: Token[]): Token[] {
  const order = [...tokens];
  const highest = Math.max(...order.map((t) => t.level));
  const lowestOdd = Math.min(...order.map((t) => t.level).filter((l) => l % 2 === 1));
  for (let level = highest; level >= lowestOdd; level--) {
    for (let start = 0; start < order.length; start++) {
      if (order[start]!.level < level) continue;
      let end = start;
      while (end + 1 < order.length && order[end + 1]!.level >= level) end++;
      order.splice(start, end - start + 1, ...order.slice(start, end + 1).reverse());
      start = end;
    }
  }
  return order;
}

/** A token cut where its font changes. Marks, digits and punctuation stay with the run before them when its
 *  font has them, so a Chinese name's comma is drawn by the CJK font, not by Roboto between two CJK runs. */
function fontRuns(text: string): Inline[] {
  const runs: Inline[] = [];
  for (const char of text) {
    const codePoint = char.codePointAt(0)!;
    const last = runs.at(-1);
    const family =
      last && (/\p{Cf}/u.test(char) || (!/\p{L}/u.test(char) && hasGlyph(last.font ?? 'Roboto', codePoint)))
        ? (last.font ?? 'Roboto')
        : fontFor(codePoint);
    if (last && (last.font ?? 'Roboto') === family) last.text += char;
    else runs.push(family === 'Roboto' ? { text: char } : { text: char, font: family });
  }
  return runs;
}

/** One token as drawn: a right-to-left token's runs in reverse order, and each run's characters in the order
 *  fontkit should get them so that it lays them out the right way round. */
function drawnRuns(token: Token): Inline[] {
  const rightToLeft = token.level % 2 === 1;
  const runs = fontRuns(token.text).map((run) => (fontkitReverses(run.text) === rightToLeft ? run : { ...run, text: reversed(run.text) }));
  return rightToLeft ? runs.reverse() : runs;
}

function paragraphInlines(paragraph: string): Inline[] {
  const tokens = tokensOf(paragraph);
  const inlines: Inline[] = [];
  for (const run of visualOrder(tokens).flatMap(drawnRuns)) {
    const last = inlines.at(-1);
    // Runs fontkit lays out left to right may share one inline; a right-to-left one must stay alone, or
    // fontkit would reverse its neighbours with it.
    if (last && last.font === run.font && !fontkitReverses(last.text) && !fontkitReverses(run.text)) last.text += run.text;
    else inlines.push({ ...run });
  }
  return inlines;
}

/** The text for a pdfmake `text` node: the string itself when Roboto prints it as written, else inlines. */
export function printable(text: string): string | ContentText[] {
  const paragraphs = text.split('\n');
  const inlines = paragraphs.map(paragraphInlines);
  const asWritten = inlines.every((runs, i) => runs.length === 0 || (runs.length === 1 && !runs[0]!.font && runs[0]!.text === paragraphs[i]));
  if (asWritten) return text;
  return inlines.flatMap((runs, i) => [...(i > 0 ? [{ text: '\n' }] : []), ...runs]);
}
