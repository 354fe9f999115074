// Register files made to hurt a server: what a careless export or a careful attacker sends to the import. Each is
// made here, in memory, so the suite says exactly what it sends. The spreadsheets reuse the minimal workbook of
// tests/fixtures/make-fixtures.ts with one part replaced.
import { createDeflateRaw, crc32 } from 'node:zlib';
import { xlsxParts, zip } from '../fixtures/make-fixtures';

const HEADER = 'القسم,رقم المقبرة,اسم المتوفى,تاريخ الدفن,ملاحظات';
const ROW = 'رجال,1,محمد أحمد علي,15/3/2004,';
const MEGABYTE = 1024 * 1024;

/** A part already deflated, with the sizes its headers will declare. */
interface PackedPart {
  name: string;
  packed: Buffer;
  crc: number;
  size: number;
  /** What the archive claims the part unpacks to (a lie, when it differs from size). */
  declaredSize?: number;
}

/** A zip of already deflated parts, written by hand so that its headers may lie. */
function zipPacked(parts: PackedPart[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const name = Buffer.from(part.name, 'utf8');
    const declared = part.declaredSize ?? part.size;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(part.crc, 14);
    local.writeUInt32LE(part.packed.length, 18);
    local.writeUInt32LE(declared, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(part.crc, 16);
    central.writeUInt32LE(part.packed.length, 20);
    central.writeUInt32LE(declared, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, part.packed);
    centrals.push(central, name);
    offset += local.length + name.length + part.packed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** Deflates `megabytes` of one repeated line without ever holding them: a zip bomb's part. */
async function packRepeated(line: string, megabytes: number): Promise<Omit<PackedPart, 'name'>> {
  const block = Buffer.from(line.repeat(Math.ceil(MEGABYTE / line.length)).slice(0, MEGABYTE), 'latin1');
  const deflate = createDeflateRaw({ level: 9 });
  const out: Buffer[] = [];
  deflate.on('data', (d: Buffer) => out.push(d));
  const done = new Promise((resolve) => deflate.on('end', resolve));
  let crc = 0;
  for (let i = 0; i < megabytes; i++) {
    crc = crc32(block, crc);
    if (!deflate.write(block)) await new Promise((resolve) => deflate.once('drain', resolve));
  }
  deflate.end();
  await done;
  return { packed: Buffer.concat(out), crc, size: megabytes * MEGABYTE };
}

const packText = async (name: string, text: string): Promise<PackedPart> => {
  const data = Buffer.from(text, 'utf8');
  const deflate = createDeflateRaw();
  const packed = await new Promise<Buffer>((resolve, reject) => {
    const out: Buffer[] = [];
    deflate.on('data', (d: Buffer) => out.push(d));
    deflate.on('end', () => resolve(Buffer.concat(out)));
    deflate.on('error', reject);
    deflate.end(data);
  });
  return { name, packed, crc: crc32(data), size: data.length };
};

const SHEET = 'xl/worksheets/sheet1.xml';
const workbookParts = () =>
  xlsxParts([
    [{ text: 'القسم' }, { text: 'رقم المقبرة' }, { text: 'الاسم' }, { text: 'تاريخ الدفن' }],
    [{ text: 'رجال' }, { number: 1 }, { text: 'محمد أحمد علي' }, { text: '2004' }],
  ]);

/** A workbook whose sheet part is `sheet` (other parts as LibreOffice writes them). */
const workbookWithSheet = (sheet: string): Buffer =>
  zip(workbookParts().map(([name, content]) => [name, name === SHEET ? sheet : content]));

const SHEET_OPEN =
  '<?xml version="1.0" encoding="UTF-8"?>\n<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>';
const SHEET_CLOSE = '</sheetData></worksheet>';

export interface HostileFile {
  what: string;
  bytes: Buffer;
  contentType: string;
  /** The refusal's status and a part of its Arabic message that names the limit. */
  status: 400 | 413;
  says: string;
}

const CSV = 'text/csv';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export async function hostileFiles(): Promise<HostileFile[]> {
  const bombPart = await packRepeated('<row></row>', 300);
  const steepPart = await packRepeated(' ', 30);
  const otherParts = await Promise.all(
    workbookParts()
      .filter(([name]) => name !== SHEET)
      .map(([name, content]) => packText(name, content)),
  );
  const utf8WithStrayByte = Buffer.concat([
    Buffer.from(`${HEADER}\r\n${ROW}\r\nرجال,2,`, 'utf8'),
    Buffer.from([0xff]),
    Buffer.from('حسن محمود,2010,\r\n', 'utf8'),
  ]);
  return [
    {
      what: 'a CSV of 300,000 formatted blank rows (2.4 MB)',
      bytes: Buffer.from(`${HEADER}\r\n${ROW}\r\n${',,,,,,\r\n'.repeat(300_000)}`, 'utf8'),
      contentType: CSV,
      status: 413,
      says: '٥٠٬٠٠٠ سطر',
    },
    {
      what: 'a CSV of 20,001 rows',
      bytes: Buffer.from(`${HEADER}\r\n${`${ROW}\r\n`.repeat(20_001)}`, 'utf8'),
      contentType: CSV,
      status: 413,
      says: '٢٠٬٠٠٠ صف',
    },
    {
      what: 'a CSV line of one 3 MB cell',
      bytes: Buffer.from(`${HEADER}\r\nرجال,1,${'م'.repeat(1_500_000)},2004,\r\n`, 'utf8'),
      contentType: CSV,
      status: 400,
      says: 'في السطر ٢ خانة أطول من ٢٬٠٠٠ حرف',
    },
    {
      what: 'a CSV quote never closed',
      bytes: Buffer.from(`${HEADER}\r\nرجال,1,"${'ع '.repeat(1_000_000)}`, 'utf8'),
      contentType: CSV,
      status: 400,
      says: 'خانة أطول من',
    },
    {
      what: 'a CSV line of 100,000 columns',
      bytes: Buffer.from(`${HEADER}\r\n${'x,'.repeat(100_000)}\r\n`, 'utf8'),
      contentType: CSV,
      status: 400,
      says: 'السطر ٢ فيه أكثر من ٦٤ عمودًا',
    },
    {
      what: 'a UTF-8 file with one damaged byte on line 3',
      bytes: utf8WithStrayByte,
      contentType: CSV,
      status: 400,
      says: 'في السطر ٣ حرف تالف',
    },
    {
      what: 'random bytes',
      bytes: Buffer.from(Array.from({ length: 200_000 }, (_, i) => (i * 7919 + (i >> 3) * 104729) % 256)),
      contentType: 'application/octet-stream',
      status: 400,
      says: 'الأعمدة',
    },
    {
      what: 'a zip bomb: a 300 MB sheet packed into a few hundred KB',
      bytes: zipPacked([...otherParts, { name: SHEET, ...bombPart }]),
      contentType: XLSX,
      status: 413,
      says: 'أكثر من ٤٠ ميغابايت',
    },
    {
      what: 'a zip bomb whose headers claim a 1 KB sheet',
      bytes: zipPacked([...otherParts, { name: SHEET, ...bombPart, declaredSize: 1000 }]),
      contentType: XLSX,
      status: 400,
      says: 'تعذرت قراءة الملف',
    },
    {
      what: 'a part that grows a thousand times (30 MB of spaces)',
      bytes: zipPacked([...otherParts, { name: SHEET, ...steepPart }]),
      contentType: XLSX,
      status: 413,
      says: 'أكثر من ٢٠٠ مرة',
    },
    {
      what: 'an archive of 2,000 parts',
      bytes: zip([
        ...workbookParts(),
        ...Array.from({ length: 2000 }, (_, i) => [`xl/media/part${i}.xml`, '<a/>'] as [string, string]),
      ]),
      contentType: XLSX,
      status: 413,
      says: 'أكثر من ١٬٠٠٠ جزء',
    },
    {
      what: 'a sheet with one cell a million rows down',
      bytes: workbookWithSheet(`${SHEET_OPEN}<row r="1048576"><c r="A1048576"><v>1</v></c></row>${SHEET_CLOSE}`),
      contentType: XLSX,
      status: 413,
      says: '٥٠٬٠٠٠ سطر',
    },
    {
      what: 'a sheet with one cell in the last column',
      bytes: workbookWithSheet(`${SHEET_OPEN}<row r="2"><c r="XFD2"><v>1</v></c></row>${SHEET_CLOSE}`),
      contentType: XLSX,
      status: 400,
      says: 'السطر ٢ فيه أكثر من ٦٤ عمودًا',
    },
    {
      what: 'deep XML: a sheet nesting 100,000 elements',
      bytes: workbookWithSheet(`${SHEET_OPEN}${'<x>'.repeat(100_000)}${'</x>'.repeat(100_000)}${SHEET_CLOSE}`),
      contentType: XLSX,
      status: 413,
      says: 'أكبر أو أعقد',
    },
  ];
}

/** Files of other encodings that must be read as the names they hold. */
export const readableEncodings = (): Array<{ what: string; bytes: Buffer; name: string }> => {
  const text = `${HEADER}\r\nرجال,7,عبد الرحمن سالم,2004,\r\n`;
  const le = Buffer.from(text, 'utf16le');
  const be = Buffer.from(le).swap16();
  return [
    {
      what: 'UTF-16 with its mark (Excel’s “Unicode text”)',
      bytes: Buffer.concat([Buffer.from([0xff, 0xfe]), le]),
      name: 'عبد الرحمن سالم',
    },
    {
      what: 'UTF-16 big-endian with its mark',
      bytes: Buffer.concat([Buffer.from([0xfe, 0xff]), be]),
      name: 'عبد الرحمن سالم',
    },
    {
      what: 'UTF-16 without a mark',
      bytes: Buffer.from(`gender,number,name,date\r\nmen,7,Ali Hassan,2004\r\n`, 'utf16le'),
      name: 'Ali Hassan',
    },
  ];
};
