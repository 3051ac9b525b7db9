// CSV files built in the browser (spec §7, §9), written by csv-stringify: every cell quoted, CRLF line
// ends, formula-looking text neutralised, and a download through a temporary object URL.
// csv-stringify (10 kB gzip) is fetched on the first download, not with the screens that offer one.

export type CsvCell = string | number | null | undefined;

// A cell that is only a decimal figure ('-12.50') is data no spreadsheet runs, so it stays a number
// there; anything else starting with = + - @ (tab, CR) gets csv-stringify's leading quote, which keeps
// a visitor's '=cmd|...' campaign name or user agent from running as a formula.
const PLAIN_FIGURE = /^-?\d+(\.\d+)?$/;

/** A header line and one line per row, every cell quoted, formulas neutralised. */
export async function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): Promise<string> {
  const { stringify } = await import('csv-stringify/browser/esm/sync');
  return stringify([header, ...rows] as unknown[][], {
    quoted: true,
    quoted_empty: true,
    record_delimiter: 'windows',
    escape_formulas: true,
    cast: { string: (value) => (PLAIN_FIGURE.test(value) ? { value, escape_formulas: false } : value) },
  });
}

/** Saves `content` as a file named `filename` through the browser's download. */
export function downloadCsv(filename: string, content: string): void {
  const url = URL.createObjectURL(new Blob([content], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
