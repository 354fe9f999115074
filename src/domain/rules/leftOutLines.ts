// The lines an import left out, as the file had them, to fix and import again: the server answers them
// with a real import's report (and a dry run's), and the console writes them as a CSV by the one CSV rule (csv.ts):
// the file's own columns, then the line's number and the reason, UTF-8 with its byte-order mark so Excel reads Arabic.
// The line-number column is read by no import (its header is none of IMPORT_HEADERS), so the file imports as it is
// once the lines are fixed; the reason column likewise.
import { t } from '../messages';
import { toCsv } from './csv';
import { formatNumber } from '../text/format';
import { cellText, IMPORT_HEADERS, type ImportField } from './registerImport';

export interface LeftOutLine {
  /** The file's line (the header is line 1). */
  line: number;
  /** The line's cells as read. */
  cells: string[];
  /** Why it was left out, in Arabic. */
  reason: string;
}

export interface LeftOutLines {
  header: string[];
  rows: LeftOutLine[];
}

/** The refused lines of a file with their cells, in the file's order. */
export function leftOutLines(
  header: readonly unknown[],
  lines: ReadonlyArray<{ line: number; cells: readonly unknown[] }>,
  refused: ReadonlyArray<{ line: number; message: string }>,
): LeftOutLines {
  const cellsOf = new Map(lines.map((l) => [l.line, l.cells]));
  return {
    header: header.map(cellText),
    rows: refused.map(({ line, message }) => ({
      line,
      cells: (cellsOf.get(line) ?? []).map(cellText),
      reason: message,
    })),
  };
}

/** The left-out lines as a CSV file's text: the file's columns, then the line's number and the reason. */
export function leftOutCsv(leftOut: LeftOutLines): string {
  const width = Math.max(leftOut.header.length, ...leftOut.rows.map((r) => r.cells.length));
  const pad = (cells: readonly string[]) => [...cells, ...Array<string>(width - cells.length).fill('')];
  return toCsv(
    [...pad(leftOut.header), t('importDownload.lineColumn'), t('importDownload.reasonColumn')],
    leftOut.rows.map((r) => [...pad(r.cells), formatNumber(r.line), r.reason]),
  );
}

const TEMPLATE_FIELDS: readonly ImportField[] = ['gender', 'number', 'name', 'date', 'notes'];

/** An empty file with the columns the import reads (the first header each is known by), to fill and import. */
export function importTemplateCsv(): string {
  return toCsv(
    TEMPLATE_FIELDS.map((f) => IMPORT_HEADERS[f][0]!),
    [],
  );
}
