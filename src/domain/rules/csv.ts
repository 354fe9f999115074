// CSV for Excel, written the same way by every export (the server's register and audit downloads, `npm run export`,
// the console's graves list): RFC 4180 quoting, CRLF lines, a UTF-8 byte-order mark so Arabic shows right, and
// formula-looking cells neutralised, so a name or a note typed as "=HYPERLINK(…)" stays text when a committee member
// opens the file, whatever separator their spreadsheet splits on.

export const BOM = '\uFEFF';

// What a spreadsheet may take as the start of a formula (OWASP's CSV injection list): = + - @, and tab and carriage
// return, which some programs skip before reading the rest as a formula.
const FORMULA_START = /^[=+\-@\t\r]/;
// A cell may start with characters a spreadsheet could split on or skip (Excel on an Arabic or European Windows
// splits on ";", a tab-separated reader on tabs, some readers trim spaces), so a formula after them is caught too:
// ";=1" opened with the wrong separator is a cell "" and a cell "=1".
const AFTER_SEPARATORS = /^[\s;,]+[=+\-@]/;

/**
 * True when the text must be neutralised before it goes into a cell. A text that already starts with the apostrophe
 * of a neutralised cell counts too, so that the import (restoreCell) can tell the two apart: "'=x" is written "''=x".
 * A number counts as its text: -5 is neutralised like any other cell starting with "-" (OWASP's advice; the register
 * has no negative numbers, so a "-" there was typed by someone).
 */
export function needsNeutralising(text: string): boolean {
  if (FORMULA_START.test(text) || AFTER_SEPARATORS.test(text)) return true;
  return text.startsWith("'") && needsNeutralising(text.slice(1));
}

/** A cell's text as a spreadsheet must show it: the apostrophe in front makes Excel and LibreOffice read text. */
export function neutraliseCell(text: string): string {
  return needsNeutralising(text) ? `'${text}` : text;
}

/** The text neutraliseCell was given: the register's import reads an export back as it was written. */
export function restoreCell(text: string): string {
  return text.startsWith("'") && needsNeutralising(text.slice(1)) ? text.slice(1) : text;
}

export function csvCell(value: unknown): string {
  const text = neutraliseCell(value === null || value === undefined ? '' : String(value));
  // Quoted when it holds a separator of any usual kind (comma, semicolon, tab), a quote, a line end or an
  // apostrophe, or starts or ends with a space a reader might trim.
  return /[",;\t\r\n']/.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(cells: readonly unknown[]): string {
  return cells.map(csvCell).join(',') + '\r\n';
}

/** A whole file: the header, then the rows. */
export function toCsv(header: readonly string[], rows: ReadonlyArray<readonly unknown[]>): string {
  return BOM + csvLine(header) + rows.map(csvLine).join('');
}
