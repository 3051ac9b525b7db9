// The font families an invoice may print with and which one draws a character: Roboto (pdfmake's own, Latin,
// Greek, Cyrillic) first, then Noto for Arabic, Hebrew and CJK (Simplified and Traditional Chinese, kana).
// pdfmake opens a family only when a text run names it, so a Latin invoice embeds Roboto alone.
import { createRequire } from 'node:module';
import path from 'node:path';
import type * as Fontkit from 'fontkit';

const require = createRequire(import.meta.url);

/** The `fonts` folder beside a font package's entry file (the @embedpdf packages export only their index). */
const fontsBeside = (entry: string) => path.join(path.dirname(entry), '..', 'fonts');

const robotoDir = path.join(path.dirname(require.resolve('pdfmake/package.json')), 'fonts', 'Roboto');
const arabicDir = fontsBeside(require.resolve('@embedpdf/fonts-arabic'));
const hebrewDir = fontsBeside(require.resolve('@embedpdf/fonts-hebrew'));
const cjkDir = fontsBeside(require.resolve('@embedpdf/fonts-sc'));

/** The folders pdfmake may read fonts from. */
export const FONT_DIRS = [robotoDir, arabicDir, hebrewDir, cjkDir];

export type FontFamily = 'Roboto' | 'NotoNaskhArabic' | 'NotoSansHebrew' | 'NotoSansCJK';

/** None of the Noto families has italics; italic runs print upright rather than in a font lacking the script. */
export const FONT_FAMILIES: Record<FontFamily, { normal: string; bold: string; italics: string; bolditalics: string }> = {
  Roboto: {
    normal: path.join(robotoDir, 'Roboto-Regular.ttf'),
    bold: path.join(robotoDir, 'Roboto-Medium.ttf'),
    italics: path.join(robotoDir, 'Roboto-Italic.ttf'),
    bolditalics: path.join(robotoDir, 'Roboto-MediumItalic.ttf'),
  },
  NotoNaskhArabic: {
    normal: path.join(arabicDir, 'NotoNaskhArabic-Regular.ttf'),
    bold: path.join(arabicDir, 'NotoNaskhArabic-Bold.ttf'),
    italics: path.join(arabicDir, 'NotoNaskhArabic-Regular.ttf'),
    bolditalics: path.join(arabicDir, 'NotoNaskhArabic-Bold.ttf'),
  },
  NotoSansHebrew: {
    normal: path.join(hebrewDir, 'NotoSansHebrew-Regular.ttf'),
    bold: path.join(hebrewDir, 'NotoSansHebrew-Bold.ttf'),
    italics: path.join(hebrewDir, 'NotoSansHebrew-Regular.ttf'),
    bolditalics: path.join(hebrewDir, 'NotoSansHebrew-Bold.ttf'),
  },
  // Noto Sans CJK's Simplified Chinese cut: ~30,800 characters, GB 18030 (which holds the Traditional forms
  // too), kana and the common Japanese kanji. CFF outlines, which pdfkit subsets like TrueType.
  NotoSansCJK: {
    normal: path.join(cjkDir, 'NotoSansHans-Regular.otf'),
    bold: path.join(cjkDir, 'NotoSansHans-Bold.otf'),
    italics: path.join(cjkDir, 'NotoSansHans-Regular.otf'),
    bolditalics: path.join(cjkDir, 'NotoSansHans-Bold.otf'),
  },
};

/** In the order they are tried: the first family with a glyph draws the character. */
const FALLBACK_ORDER: FontFamily[] = ['Roboto', 'NotoNaskhArabic', 'NotoSansHebrew', 'NotoSansCJK'];

const opened = new Map<FontFamily, Fontkit.Font>();

/** A family's character map, read on first need: the 8 MB CJK font is opened only for text Roboto lacks. */
function regularFont(family: FontFamily): Fontkit.Font {
  let font = opened.get(family);
  if (!font) {
    // Required here, not imported: a process that prints no invoice never loads fontkit.
    const fontkit = require('fontkit') as typeof Fontkit;
    font = fontkit.openSync(FONT_FAMILIES[family].normal) as Fontkit.Font;
    opened.set(family, font);
  }
  return font;
}

export function hasGlyph(family: FontFamily, codePoint: number): boolean {
  return regularFont(family).hasGlyphForCodePoint(codePoint);
}

/** The family that draws this character; Roboto (and its empty box) when none has it. */
export function fontFor(codePoint: number): FontFamily {
  return FALLBACK_ORDER.find((family) => hasGlyph(family, codePoint)) ?? 'Roboto';
}
