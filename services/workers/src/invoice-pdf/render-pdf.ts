// pdfmake's Node printer with the Roboto fonts that ship inside the pdfmake package, so every PDF embeds
// them on any machine without system fonts. Nothing is fetched: remote URLs are refused, and only the
// font folder may be read from disk.
import { createRequire } from 'node:module';
import path from 'node:path';
import type * as PdfMake from 'pdfmake';
import type { TDocumentDefinitions } from 'pdfmake/interfaces';

const require = createRequire(import.meta.url);
const fontDir = path.join(path.dirname(require.resolve('pdfmake/package.json')), 'fonts', 'Roboto');

let printer: typeof PdfMake | undefined;

/** pdfmake, set up on the first PDF: loading it costs ~0.3 s that a process printing no invoice never pays. */
function pdfmake(): typeof PdfMake {
  if (printer) return printer;
  // pdfmake's Node entry is one CommonJS instance; its typings describe that instance's functions.
  const instance = require('pdfmake') as typeof PdfMake;
  instance.setFonts({
    Roboto: {
      normal: path.join(fontDir, 'Roboto-Regular.ttf'),
      bold: path.join(fontDir, 'Roboto-Medium.ttf'),
      italics: path.join(fontDir, 'Roboto-Italic.ttf'),
      bolditalics: path.join(fontDir, 'Roboto-MediumItalic.ttf'),
    },
  });
  instance.setUrlAccessPolicy(() => false);
  instance.setLocalAccessPolicy((file) => path.resolve(file).startsWith(fontDir + path.sep));
  return (printer = instance);
}

export async function renderPdf(document: TDocumentDefinitions): Promise<Buffer> {
  return pdfmake().createPdf(document).getBuffer();
}
