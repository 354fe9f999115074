// Reads an uploaded register file into a header and rows of cells, each with its line in the file (the header is
// line 1), for the import's plan (src/domain/registerImport.ts). Two kinds of file:
// - CSV, as Excel and LibreOffice save it in an Arabic village: UTF-8 with or without a byte-order mark, or the
//   Arabic Windows code page (Windows-1256) that Excel still writes for "CSV" on an Arabic Windows. Bytes that are not
//   valid UTF-8 are read as Windows-1256 (Node's TextDecoder knows it). Comma, semicolon (Excel where the decimal
//   mark is a comma) or tab separated: the one the header line uses most. Parsed by csv-parse (quotes, line breaks
//   inside quoted notes).
// - .xlsx (a zip, told by its first bytes whatever the request says it is), read by read-excel-file: the first sheet,
//   dates as calendar days.
import { parse } from 'csv-parse/sync';
import readXlsxFile from 'read-excel-file/node';

export interface Sheet {
  header: string[];
  rows: Array<{ line: number; cells: unknown[] }>;
}

export class UnreadableFile extends Error {}

const isZip = (bytes: Buffer) => bytes.length > 4 && bytes.readUInt32LE(0) === 0x04034b50;

/** The text of a CSV file: UTF-8 (its BOM dropped) when it is valid UTF-8, else Windows-1256. */
export function decodeCsv(bytes: Buffer): string {
  const body = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? bytes.subarray(3) : bytes;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(body);
  } catch {
    return new TextDecoder('windows-1256').decode(body);
  }
}

/** The separator the header line uses most, outside quotes (a comma when it uses none). */
export function delimiterOf(text: string): ',' | ';' | '\t' {
  const counts = { ',': 0, ';': 0, '\t': 0 };
  let quoted = false;
  for (const ch of text) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === '\n' || ch === '\r')) break;
    else if (!quoted && ch in counts) counts[ch as keyof typeof counts]++;
  }
  const best = (Object.entries(counts) as Array<[',' | ';' | '\t', number]>).sort((a, b) => b[1] - a[1])[0]!;
  return best[1] > 0 ? best[0] : ',';
}

const isEmpty = (cells: readonly unknown[]) =>
  cells.every((c) => c === null || c === undefined || String(c).trim() === '');

function readCsv(bytes: Buffer): Sheet {
  const text = decodeCsv(bytes);
  let records: Array<{ record: string[]; info: { lines: number } }>;
  try {
    // With `info`, each record comes with where it ended; the sync typings do not say so.
    records = parse(text, {
      delimiter: delimiterOf(text),
      info: true,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: false,
    }) as unknown as typeof records;
  } catch {
    throw new UnreadableFile();
  }
  // csv-parse tells the line each record ends on; a record starts on the line after the one before it ended.
  let previousEnd = 0;
  const lines = records.map(({ record, info }) => {
    const line = previousEnd + 1;
    previousEnd = info.lines;
    return { line, cells: record };
  });
  const first = lines.findIndex((l) => !isEmpty(l.cells));
  if (first < 0) return { header: [], rows: [] };
  return {
    header: lines[first]!.cells.map((c) => String(c)),
    rows: lines.slice(first + 1).filter((l) => !isEmpty(l.cells)),
  };
}

/** A spreadsheet cell as the plan reads it: a date cell as its calendar day (read-excel-file gives it in UTC). */
function xlsxCell(value: unknown): unknown {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : value.toISOString().slice(0, 10);
  return value;
}

async function readXlsx(bytes: Buffer): Promise<Sheet> {
  let data: unknown[][];
  try {
    const sheets = await readXlsxFile(bytes);
    data = (sheets[0]?.data ?? []) as unknown[][];
  } catch {
    throw new UnreadableFile();
  }
  const lines = data.map((cells, i) => ({ line: i + 1, cells: cells.map(xlsxCell) }));
  const first = lines.findIndex((l) => !isEmpty(l.cells));
  if (first < 0) return { header: [], rows: [] };
  return {
    header: lines[first]!.cells.map((c) => (c === null || c === undefined ? '' : String(c))),
    rows: lines.slice(first + 1).filter((l) => !isEmpty(l.cells)),
  };
}

/** The header and rows of an uploaded file (CSV or .xlsx); UnreadableFile when it is neither. */
export async function readSheet(bytes: Buffer): Promise<Sheet> {
  return isZip(bytes) ? readXlsx(bytes) : readCsv(bytes);
}
