// CSV files built in the browser (spec §7, §9): every cell quoted, quotes doubled, CRLF line ends,
// and a download through a temporary object URL.
export type CsvCell = string | number | null | undefined;

export function quoteCsvCell(cell: CsvCell): string {
  const text = cell === null || cell === undefined ? '' : String(cell);
  return `"${text.replace(/"/g, '""')}"`;
}

/** A header line and one line per row, every cell quoted. */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  return [header, ...rows].map((row) => row.map(quoteCsvCell).join(',')).join('\r\n') + '\r\n';
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
