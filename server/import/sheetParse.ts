// Reads an uploaded register file into a header and rows of cells, each with its line in the file (the header is
// line 1), for the import's plan (src/domain/rules/registerImport.ts). This runs inside the sheet worker
// (sheetWorker.ts), never on the server's event loop, and every limit of IMPORT_LIMITS is checked while the file is
// read, so a hostile or careless file is refused at the first line past a limit instead of being read to its end.
// Two kinds of file:
// - CSV, as Excel and LibreOffice save it in an Arabic village: UTF-8 with or without a byte-order mark, UTF-16 with
//   its mark (Excel's "Unicode text"), or the Arabic Windows code page (Windows-1256) that Excel still writes for
//   "CSV" on an Arabic Windows. Comma, semicolon or tab separated: the one the header line uses most. Parsed by
//   csv-parse (quotes, line breaks inside quoted notes), blank lines counted but never kept.
// - .xlsx (a zip, told by its first bytes whatever the request says it is): its parts are first unpacked by yauzl
//   with every size counted as it flows (a zip bomb stops at the limit, not at the end of memory), the nesting of
//   their XML and the sheets' cell addresses checked, then read by read-excel-file: the first sheet, dates as
//   calendar days.
import { parse } from 'csv-parse/sync';
import readXlsxFile from 'read-excel-file/node';
import yauzl from 'yauzl';
import { formatNumber } from '../../src/domain/text/format';
import type { MessageKey } from '../../src/domain/messages';
import { formatCount } from '../../src/domain/text/nouns';
import { IMPORT_LIMITS } from '../../src/domain/rules/registerImport';

export interface Sheet {
  header: string[];
  rows: Array<{ line: number; cells: unknown[] }>;
}

/** Why a file was not read: the HTTP status and the Arabic reason's key with its filled parameters. */
export interface Refusal {
  status: 400 | 413 | 503;
  key: MessageKey;
  params?: Record<string, string>;
}

export class SheetRefused extends Error {
  constructor(readonly refusal: Refusal) {
    super(refusal.key);
  }
}

const refuse = (status: Refusal['status'], key: MessageKey, params?: Record<string, string>) =>
  new SheetRefused({ status, key, params });

export const refusals = {
  unreadable: () => refuse(400, 'import.fileUnreadable'),
  tooManyLines: () =>
    refuse(413, 'import.tooManyLines', { max: formatCount(IMPORT_LIMITS.fileLines, 'line', 'genitive') }),
  tooManyRows: () => refuse(413, 'import.tooManyRows', { max: formatNumber(IMPORT_LIMITS.fileRows) }),
  tooManyColumns: (line: number) =>
    refuse(400, 'import.tooManyColumns', {
      line: formatNumber(line),
      max: formatCount(IMPORT_LIMITS.fileColumns, 'column', 'genitive'),
    }),
  cellTooLong: (line: number) =>
    refuse(400, 'import.cellTooLong', {
      line: formatNumber(line),
      max: formatCount(IMPORT_LIMITS.cellChars, 'letter', 'genitive'),
    }),
  brokenCharacter: (line: number) => refuse(400, 'import.brokenCharacter', { line: formatNumber(line) }),
  unpackedTooLarge: () =>
    refuse(413, 'import.unpackedTooLarge', { max: formatNumber(IMPORT_LIMITS.unpackedMegabytes) }),
  archiveSuspicious: () =>
    refuse(413, 'import.archiveSuspicious', { ratio: formatNumber(IMPORT_LIMITS.compressionRatio) }),
  archiveTooManyParts: () =>
    refuse(413, 'import.archiveTooManyParts', { max: formatNumber(IMPORT_LIMITS.archiveEntries) }),
  tooSlow: () => refuse(413, 'import.tooSlow', { max: formatCount(IMPORT_LIMITS.parseSeconds, 'second', 'genitive') }),
  tooComplex: () => refuse(413, 'import.tooComplex'),
  readerBusy: () => refuse(503, 'import.readerBusy'),
};

const isZip = (bytes: Uint8Array) =>
  bytes.length > 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;

const isEmpty = (cells: readonly unknown[]) =>
  cells.every((c) => c === null || c === undefined || String(c).trim() === '');

// ---------------------------------------------------------------------------------------------------------------
// Text encodings

/** The line (1-based) of the first replacement character of a decoded text. */
const lineOf = (text: string, at: number) => text.slice(0, at).split('\n').length;

function decodeStrict(label: 'utf-8' | 'utf-16le' | 'utf-16be', bytes: Uint8Array): string {
  const text = new TextDecoder(label).decode(bytes);
  const broken = text.indexOf('\uFFFD');
  if (broken >= 0) throw refusals.brokenCharacter(lineOf(text, broken));
  return text;
}

/**
 * How many well-formed UTF-8 sequences of two bytes or more a text holds, and how many bytes break the form. A
 * Windows-1256 file has almost no well-formed sequence (its Arabic letters are all above 0xC0, never followed by a
 * continuation byte), so a file with more well-formed sequences than broken bytes is UTF-8 with a few bytes damaged.
 */
function utf8Shape(bytes: Uint8Array): { wellFormed: number; broken: number } {
  let wellFormed = 0;
  let broken = 0;
  const continuation = (i: number) => i < bytes.length && (bytes[i]! & 0xc0) === 0x80;
  for (let i = 0; i < bytes.length;) {
    const b = bytes[i]!;
    const size =
      b < 0x80 ? 1 : b >= 0xc2 && b <= 0xdf ? 2 : b >= 0xe0 && b <= 0xef ? 3 : b >= 0xf0 && b <= 0xf4 ? 4 : 0;
    if (size === 1) {
      i++;
      continue;
    }
    let ok = size > 0;
    for (let k = 1; ok && k < size; k++) ok = continuation(i + k);
    if (ok) {
      wellFormed++;
      i += size;
    } else {
      broken++;
      i++;
    }
  }
  return { wellFormed, broken };
}

/** UTF-16 without its mark: ASCII-heavy text has a zero in every other byte. Null when the bytes are not that. */
function utf16WithoutMark(bytes: Uint8Array): 'utf-16le' | 'utf-16be' | null {
  const sample = Math.min(bytes.length - (bytes.length % 2), 4096);
  if (sample < 4) return null;
  let evenZeros = 0;
  let oddZeros = 0;
  for (let i = 0; i < sample; i += 2) {
    if (bytes[i] === 0) evenZeros++;
    if (bytes[i + 1] === 0) oddZeros++;
  }
  const pairs = sample / 2;
  if (oddZeros > pairs * 0.3 && evenZeros < pairs * 0.05) return 'utf-16le';
  if (evenZeros > pairs * 0.3 && oddZeros < pairs * 0.05) return 'utf-16be';
  return null;
}

/**
 * The text of a CSV file. UTF-8 (its mark dropped), UTF-16 by its mark or its shape, else Windows-1256 when the
 * bytes are not UTF-8 at all. A UTF-8 file with a damaged byte is refused naming its line: read as Windows-1256 it
 * would come out as garbled names, and read with the byte replaced a name would be stored with a hole in it.
 */
export function decodeCsv(bytes: Uint8Array): string {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return decodeStrict('utf-8', bytes.subarray(3));
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return decodeStrict('utf-16le', bytes.subarray(2));
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return decodeStrict('utf-16be', bytes.subarray(2));
  const wide = utf16WithoutMark(bytes);
  if (wide) return decodeStrict(wide, bytes);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    const shape = utf8Shape(bytes);
    if (shape.wellFormed > shape.broken) return decodeStrict('utf-8', bytes);
    return new TextDecoder('windows-1256').decode(bytes);
  }
}

/** The separator the header line uses most, outside quotes (a comma when it uses none). */
export function delimiterOf(text: string): ',' | ';' | '\t' {
  const counts = { ',': 0, ';': 0, '\t': 0 };
  let quoted = false;
  for (const ch of text) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === '\n' || ch === '\r')) break;
    else if (!quoted && (ch === ',' || ch === ';' || ch === '\t')) counts[ch]++;
  }
  let best: ',' | ';' | '\t' = ',';
  for (const ch of [';', '\t'] as const) if (counts[ch] > counts[best]) best = ch;
  return best;
}

// ---------------------------------------------------------------------------------------------------------------
// Rows, whatever the kind of file

/**
 * Takes the lines of a file one by one, checks each against the limits, and keeps only those that hold something.
 * The first line that holds something is the header.
 */
class RowCollector {
  header: string[] | null = null;
  readonly rows: Sheet['rows'] = [];

  add(line: number, cells: readonly unknown[]): void {
    if (line > IMPORT_LIMITS.fileLines) throw refusals.tooManyLines();
    if (cells.length > IMPORT_LIMITS.fileColumns) {
      // Spreadsheets pad a row with empty cells to the widest one; only cells that hold something count.
      let last = cells.length - 1;
      while (last >= 0 && isEmpty([cells[last]])) last--;
      if (last + 1 > IMPORT_LIMITS.fileColumns) throw refusals.tooManyColumns(line);
      cells = cells.slice(0, last + 1);
    }
    for (const cell of cells) {
      if (typeof cell === 'string' && cell.length > IMPORT_LIMITS.cellChars) throw refusals.cellTooLong(line);
    }
    if (isEmpty(cells)) return;
    if (this.header === null) {
      this.header = cells.map((c) => (c === null || c === undefined ? '' : String(c)));
      return;
    }
    if (this.rows.length >= IMPORT_LIMITS.fileRows) throw refusals.tooManyRows();
    this.rows.push({ line, cells: [...cells] });
  }

  sheet(): Sheet {
    return { header: this.header ?? [], rows: this.rows };
  }
}

// ---------------------------------------------------------------------------------------------------------------
// CSV

/** Whether a text has more lines than a file may: counted before parsing, which costs a hundredth of it. */
function tooManyLines(text: string): boolean {
  let lines = 1;
  for (let at = text.indexOf('\n'); at >= 0; at = text.indexOf('\n', at + 1)) {
    // A last line break ends the last line rather than starting another.
    if (at < text.length - 1 && ++lines > IMPORT_LIMITS.fileLines) return true;
  }
  return false;
}

function readCsv(bytes: Uint8Array): Sheet {
  const text = decodeCsv(bytes);
  if (tooManyLines(text)) throw refusals.tooManyLines();
  const collector = new RowCollector();
  let refused: SheetRefused | null = null;
  // csv-parse tells the line each record ends on; a record starts on the line after the one before it ended.
  let previousEnd = 0;
  try {
    parse(text, {
      delimiter: delimiterOf(text),
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: false,
      // A quote never closed would make the rest of the file one cell: stop at a cell's limit, not at the end.
      max_record_size: IMPORT_LIMITS.cellChars * IMPORT_LIMITS.fileColumns,
      // Each record is checked and dropped here, so blank lines are counted but never held.
      on_record: (record: string[], context: { lines: number }) => {
        const line = previousEnd + 1;
        previousEnd = context.lines;
        try {
          collector.add(line, record);
        } catch (error) {
          if (error instanceof SheetRefused) refused = error;
          throw error;
        }
        return null;
      },
    });
  } catch (error) {
    if (refused) throw refused;
    if (isParseError(error) && error.code === 'CSV_MAX_RECORD_SIZE') throw refusals.cellTooLong(previousEnd + 1);
    throw refusals.unreadable();
  }
  return collector.sheet();
}

const isParseError = (error: unknown): error is { code: string } =>
  typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string';

// ---------------------------------------------------------------------------------------------------------------
// .xlsx

const MEGABYTE = 1024 * 1024;
/** The parts read-excel-file reads; the others (images, printer settings) are neither unpacked nor counted. */
const isReadPart = (name: string) => name.endsWith('.xml') || name.endsWith('.rels');
const isSheetPart = (name: string) => /^xl\/worksheets\/[^/]+\.xml$/.test(name);

/** A column's letters as its number: A is 1, Z 26, AA 27. */
function columnNumber(letters: string): number {
  let n = 0;
  for (const ch of letters) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n;
}

/**
 * Watches a sheet's XML as it is unpacked, for rows and cells placed beyond the limits: read-excel-file fills every
 * row and column up to the farthest address, so one cell at row 1,000,000 or column XFD would make it build a
 * million empty rows or sixteen thousand empty cells a row.
 */
class SheetAddressWatch {
  private tail = '';

  take(chunk: Buffer): void {
    // Addresses are ASCII, so reading the bytes as Latin-1 keeps them; the tail joins an address cut between chunks.
    const text = this.tail + chunk.toString('latin1');
    for (const m of text.matchAll(/<(?:\w+:)?row\b[^>]*?\sr="(\d+)"/g)) {
      if (Number(m[1]) > IMPORT_LIMITS.fileLines) throw refusals.tooManyLines();
    }
    for (const m of text.matchAll(/<(?:\w+:)?c\b[^>]*?\sr="([A-Z]+)(\d+)"/g)) {
      if (Number(m[2]) > IMPORT_LIMITS.fileLines) throw refusals.tooManyLines();
      if (columnNumber(m[1]!) > IMPORT_LIMITS.fileColumns) throw refusals.tooManyColumns(Number(m[2]));
    }
    this.tail = text.slice(-256);
  }
}

/** Nesting a workbook never needs (its parts nest about eight deep); a deeper one is refused before it is parsed. */
const XML_DEPTH_MAX = 100;

/**
 * Follows how deep a part's XML nests as it is unpacked, so that a document of a hundred thousand nested elements
 * is refused before an XML reader walks it. Processing instructions, comments and declarations do not nest.
 */
class XmlDepthWatch {
  private depth = 0;
  private inTag = false;
  private tagStart = false;
  private opening = false;
  private previous = 0;

  take(chunk: Buffer): void {
    for (const b of chunk) {
      if (!this.inTag) {
        if (b === 0x3c /* < */) this.inTag = this.tagStart = true;
      } else if (this.tagStart) {
        this.tagStart = false;
        this.opening = b !== 0x2f /* / */ && b !== 0x3f /* ? */ && b !== 0x21; /* ! */
        if (this.opening && ++this.depth > XML_DEPTH_MAX) throw refusals.tooComplex();
        if (b === 0x2f) this.depth--;
      } else if (b === 0x3e /* > */) {
        if (this.opening && this.previous === 0x2f) this.depth--;
        this.inTag = false;
      }
      this.previous = b;
    }
  }
}

/**
 * Unpacks every part read-excel-file will read, counting the bytes as they flow, and refuses an archive past its
 * limits: too many parts, too much unpacked in all, a part that grows like a zip bomb, sheets addressing cells far
 * beyond the register's size. Nothing unpacked is kept: the parts are read again by read-excel-file only when all
 * of them are known to be within bounds.
 */
function checkArchive(bytes: Buffer): Promise<void> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true, validateEntrySizes: true }, (openError, zip) => {
      if (openError || !zip) return reject(refusals.unreadable());
      let entries = 0;
      let total = 0;
      let settled = false;
      const fail = (refusal: SheetRefused) => {
        if (settled) return;
        settled = true;
        zip.close();
        reject(refusal);
      };
      zip.on('error', () => fail(refusals.unreadable()));
      zip.on('end', () => {
        if (settled) return;
        settled = true;
        resolve();
      });
      zip.on('entry', (entry: yauzl.Entry) => {
        if (settled) return;
        entries++;
        if (entries > IMPORT_LIMITS.archiveEntries) return fail(refusals.archiveTooManyParts());
        if (!isReadPart(entry.fileName)) return zip.readEntry();
        // What the archive says of itself first (cheap), then what really flows (the sizes may lie).
        if (total + entry.uncompressedSize > IMPORT_LIMITS.unpackedMegabytes * MEGABYTE) {
          return fail(refusals.unpackedTooLarge());
        }
        const grows = (size: number) =>
          size > MEGABYTE && size > IMPORT_LIMITS.compressionRatio * Math.max(1, entry.compressedSize);
        if (grows(entry.uncompressedSize)) return fail(refusals.archiveSuspicious());
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError || !stream) return fail(refusals.unreadable());
          const addresses = isSheetPart(entry.fileName) ? new SheetAddressWatch() : null;
          const depth = new XmlDepthWatch();
          let size = 0;
          stream.on('data', (chunk: Buffer) => {
            if (settled) return;
            size += chunk.length;
            total += chunk.length;
            try {
              if (total > IMPORT_LIMITS.unpackedMegabytes * MEGABYTE) throw refusals.unpackedTooLarge();
              if (grows(size)) throw refusals.archiveSuspicious();
              addresses?.take(chunk);
              depth.take(chunk);
            } catch (error) {
              stream.destroy();
              fail(error instanceof SheetRefused ? error : refusals.unreadable());
            }
          });
          stream.on('error', () => fail(refusals.unreadable()));
          stream.on('end', () => {
            if (!settled) zip.readEntry();
          });
        });
      });
      zip.readEntry();
    });
  });
}

/** A spreadsheet cell as the plan reads it: a date cell as its calendar day (read-excel-file gives it in UTC). */
function xlsxCell(value: unknown): unknown {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : value.toISOString().slice(0, 10);
  return value;
}

async function readXlsx(bytes: Buffer): Promise<Sheet> {
  await checkArchive(bytes);
  let data: unknown[][];
  try {
    const sheets = await readXlsxFile(bytes);
    data = (sheets[0]?.data ?? []) as unknown[][];
  } catch {
    throw refusals.unreadable();
  }
  const collector = new RowCollector();
  data.forEach((cells, i) => collector.add(i + 1, cells.map(xlsxCell)));
  return collector.sheet();
}

/** The header and rows of an uploaded file (CSV or .xlsx); SheetRefused with the reason when it is not read. */
export async function parseSheet(bytes: Uint8Array): Promise<Sheet> {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return isZip(buffer) ? readXlsx(buffer) : readCsv(buffer);
}
