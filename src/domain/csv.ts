// CSV for Excel, written the same way by the server's downloads and the console's exports: RFC 4180 quoting,
// CRLF lines, a UTF-8 byte-order mark so Arabic shows right, and formula-looking cells defused (a name typed as
// "=HYPERLINK(…)" must stay text when a committee member opens the file).

export const BOM = '\uFEFF';

export function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n']/.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(cells: readonly unknown[]): string {
  return cells.map(csvCell).join(',') + '\r\n';
}

/** A whole file: the header, then the rows. */
export function toCsv(header: readonly string[], rows: ReadonlyArray<readonly unknown[]>): string {
  return BOM + csvLine(header) + rows.map(csvLine).join('');
}
