// pdfmake's Node printer with the fonts of script-fonts.ts, which ship in npm packages, so every PDF embeds
// them on any machine without system fonts. Nothing is fetched: remote URLs are refused, and only the
// font folders may be read from disk.
import { createRequire } from 'node:module';
import path from 'node:path';
import type * as PdfMake from 'pdfmake';
import type { TDocumentDefinitions } from 'pdfmake/interfaces';
import { FONT_DIRS, FONT_FAMILIES } from './script-fonts';

const require = createRequire(import.meta.url);

let printer: typeof PdfMake | undefined;

/** pdfmake, set up on the first PDF: loading it costs ~0.3 s that a process printing no invoice never pays. */
function pdfmake(): typeof PdfMake {
  if (printer) return printer;
  // pdfmake's Node entry is one CommonJS instance; its typings describe that instance's functions.
  const instance = require('pdfmake') as typeof PdfMake;
  instance.setFonts(FONT_FAMILIES);
  instance.setUrlAccessPolicy(() => false);
  instance.setLocalAccessPolicy((file) => FONT_DIRS.some((dir) => path.resolve(file).startsWith(path.resolve(dir) + path.sep)));
  return (printer = instance);
}

export async function renderPdf(document: TDocumentDefinitions): Promise<Buffer> {
  return pdfmake().createPdf(document).getBuffer();
}
