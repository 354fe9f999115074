// The name index written to a file and read back at start: a city's 300,000 names take seconds to be read
// and indexed again, during which every search waited; read back, the index is there in a fraction of that, and the
// log of changed graves (data/graveFacts.ts) brings it up to the register's present as after any other write.
//
// The file is this machine's cache, never a record: the register is the database. It is beside the SQLite file, or
// under data/ for PostgreSQL (config.ts), written by the process that built or last changed the index (a temporary
// file then renamed, so a reader never sees half of one), and ignored whenever it cannot be trusted:
// - its format or the matcher's reading of names differs from this code's (FORMAT, and the probe names below);
// - its counters are ahead of the database's (a backup restored under it), or further behind than the log reaches;
// - its parts do not fit together (SearchIndex.fromParts checks them).
// Then the index is built from the names, as without a file, and the file written again.
import { createHash } from 'node:crypto';
import { mkdir, open, rename, rm, type FileHandle } from 'node:fs/promises';
import { dirname } from 'node:path';
import { indexName, type NameIndexParts } from '../../src/domain/search/names';
import type { Gender } from '../../src/domain/types';

/** What a SearchIndex is made of (SearchIndex.parts in searchIndex.ts), as the file holds it. */
export interface SearchIndexParts {
  /** The section counters the index reflects. */
  versions: Record<string, string>;
  names: NameIndexParts;
  idBytes: Uint8Array<ArrayBuffer>;
  idStart: Int32Array<ArrayBuffer>;
  idPacked: Uint8Array<ArrayBuffer>;
  day: Int32Array<ArrayBuffer>;
  precision: Uint8Array<ArrayBuffer>;
  recordedAt: Float64Array<ArrayBuffer>;
  graveOf: Int32Array<ArrayBuffer>;
  nextInGrave: Int32Array<ArrayBuffer>;
  firstInGrave: Int32Array<ArrayBuffer>;
  days: string[];
  graveIds: string[];
  graveGender: Gender[];
  graveNumber: Array<number | string>;
}

/** Moved by hand whenever what the file holds changes shape. */
const FORMAT = 2;
const MAGIC = Buffer.from('CEMIDX\u0000\u0001', 'latin1');

/**
 * How this code reads a few names that exercise its rules (compounds, the article, honorifics, lineage words, Latin
 * spellings, words of letters and digits): a change of those rules changes it, and a file written under other rules
 * is not used.
 */
const PROBES = [
  'الحاج محمد عبد الله بن أبو العلا',
  'فاطمة الزهراء عبدالرحمن آل الفقي',
  'Abdel Rahman El-Fiky bin Sa\u2019ad',
  'نور الدين ٣ مؤمن رءوف',
  // Words of Latin letters and digits, and of other scripts, each one word.
  'سامي QA7 Xk3q Иван 7asan',
];
let fingerprintOf: string | null = null;
function fingerprint(): string {
  fingerprintOf ??= createHash('sha1')
    .update(JSON.stringify([FORMAT, PROBES.map((p) => indexName(p)).map((n) => [n.words.length, n.first, n.whole])]))
    .digest('hex');
  return fingerprintOf;
}

type Kind = 'i32' | 'i8' | 'u8' | 'f64';
const BYTES: Record<Kind, number> = { i32: 4, i8: 1, u8: 1, f64: 8 };
type Numbers = Int32Array<ArrayBuffer> | Int8Array<ArrayBuffer> | Uint8Array<ArrayBuffer> | Float64Array<ArrayBuffer>;

/** The arrays of numbers of a snapshot, in the file's order, each with its kind. */
function numbersOf(parts: SearchIndexParts): Array<[string, Kind, Numbers]> {
  const n = parts.names;
  return [
    ['pool', 'i32', n.pool],
    ['starts', 'i32', n.starts],
    ['counts', 'i8', n.counts],
    ['firsts', 'i8', n.firsts],
    ['wholeA', 'i32', n.wholeA],
    ['wholeB', 'i32', n.wholeB],
    ['live', 'u8', n.live],
    ['postingStarts', 'i32', n.postingStarts],
    ['postings', 'i32', n.postings],
    ['idBytes', 'u8', parts.idBytes],
    ['idStart', 'i32', parts.idStart],
    ['idPacked', 'u8', parts.idPacked],
    ['day', 'i32', parts.day],
    ['precision', 'u8', parts.precision],
    ['recordedAt', 'f64', parts.recordedAt],
    ['graveOf', 'i32', parts.graveOf],
    ['nextInGrave', 'i32', parts.nextInGrave],
    ['firstInGrave', 'i32', parts.firstInGrave],
  ];
}

const align8 = (n: number) => (n + 7) & ~7;

/** The lists of words and graves, written as JSON after the arrays of numbers. */
type Lists = Pick<SearchIndexParts, 'days' | 'graveIds' | 'graveGender' | 'graveNumber'> & {
  words: SearchIndexParts['names']['words'];
};
const LIST_NAMES = ['words', 'days', 'graveIds', 'graveGender', 'graveNumber'] as const;

/**
 * Items of a list per piece of JSON: a city's 100,000 grave ids read in one JSON.parse held the event loop for 20 ms
 * while the first visitors after a start waited; a piece takes a millisecond or two, with a turn between pieces.
 */
const LIST_PIECE = 8192;

interface Header {
  format: number;
  fingerprint: string;
  /** Where each array of numbers starts after the header, and how many numbers it holds. */
  numbers: Array<{ name: string; kind: Kind; at: number; length: number }>;
  /** Each list's pieces of JSON after the arrays of numbers: where each starts (from the header's end), its bytes. */
  lists: Record<(typeof LIST_NAMES)[number], Array<{ at: number; bytes: number }>>;
  versions: SearchIndexParts['versions'];
}

/** Writes begun by this process, for the names of their temporary files. */
let writes = 0;

/**
 * Writes the index's parts to `file`: the header, the arrays of numbers as they are (SearchIndex.parts gives views
 * that later changes do not touch), then the lists of words and graves as pieces of JSON, made now.
 */
export async function writeSnapshot(file: string, parts: SearchIndexParts): Promise<void> {
  let at = 0;
  const numbers = numbersOf(parts).map(([name, kind, array]) => {
    const entry = { name, kind, at, length: array.length };
    at = align8(at + array.length * BYTES[kind]);
    return entry;
  });
  const lists: Lists = { ...parts, words: parts.names.words };
  const pieces: Buffer[] = [];
  const listPieces = {} as Header['lists'];
  for (const name of LIST_NAMES) {
    const list: readonly unknown[] = lists[name];
    listPieces[name] = [];
    for (let from = 0; from === 0 || from < list.length; from += LIST_PIECE) {
      const piece = Buffer.from(JSON.stringify(list.slice(from, from + LIST_PIECE)));
      listPieces[name].push({ at, bytes: piece.length });
      pieces.push(piece);
      at += piece.length;
    }
  }
  const header: Header = { format: FORMAT, fingerprint: fingerprint(), numbers, lists: listPieces, versions: parts.versions };
  const json = Buffer.from(JSON.stringify(header));
  const lead = Buffer.alloc(align8(MAGIC.length + 4 + json.length));
  MAGIC.copy(lead, 0);
  lead.writeUInt32LE(json.length, MAGIC.length);
  json.copy(lead, MAGIC.length + 4);
  const arrays = numbersOf(parts);
  await mkdir(dirname(file), { recursive: true });
  // Its own name for each write: two servers in one process (the tests) may write the same file at once.
  const temporary = `${file}.${process.pid}.${++writes}.tmp`;
  const handle = await open(temporary, 'w');
  try {
    await handle.write(lead);
    let written = 0;
    for (const [i, [, kind, array]] of arrays.entries()) {
      const bytes = Buffer.from(array.buffer, array.byteOffset, array.length * BYTES[kind]);
      await handle.write(bytes);
      written += bytes.length;
      const padding = numbers[i + 1] ? numbers[i + 1]!.at - written : align8(written) - written;
      if (padding > 0) await handle.write(Buffer.alloc(padding));
      written += padding;
    }
    for (const piece of pieces) await handle.write(piece);
    await handle.close();
    await rename(temporary, file);
  } catch (error) {
    await handle.close().catch(() => {});
    await rm(temporary, { force: true });
    throw error;
  }
}

/** The parts written by writeSnapshot, or null when there is no file or it cannot be used (see the top). */
export async function readSnapshot(file: string): Promise<SearchIndexParts | null> {
  let handle;
  try {
    handle = await open(file, 'r');
  } catch {
    return null;
  }
  try {
    return await readParts(handle);
  } catch {
    return null;
  } finally {
    await handle.close().catch(() => {});
  }
}

/**
 * Each array of numbers is read straight into an array of its own, of its exact size: no copy of the whole file is
 * held (a city's file is about 40 MB), and an array the index later outgrows leaves nothing behind.
 */
async function readParts(handle: FileHandle): Promise<SearchIndexParts | null> {
  const { size } = await handle.stat();
  const lead = Buffer.alloc(MAGIC.length + 4);
  if (size < lead.length || (await handle.read(lead, 0, lead.length, 0)).bytesRead !== lead.length) return null;
  if (!lead.subarray(0, MAGIC.length).equals(MAGIC)) return null;
  const jsonLength = lead.readUInt32LE(MAGIC.length);
  const start = align8(MAGIC.length + 4 + jsonLength);
  if (start > size) return null;
  const json = Buffer.alloc(jsonLength);
  if ((await handle.read(json, 0, jsonLength, MAGIC.length + 4)).bytesRead !== jsonLength) return null;
  let header: Header;
  try {
    header = JSON.parse(json.toString('utf8')) as Header;
  } catch {
    return null;
  }
  if (header.format !== FORMAT || header.fingerprint !== fingerprint() || !Array.isArray(header.numbers)) return null;
  const arrays = new Map<string, Numbers>();
  for (const { name, kind, at, length } of header.numbers) {
    const bytes = length * BYTES[kind];
    if (!(length >= 0) || start + at + bytes > size) return null;
    const array =
      kind === 'i32'
        ? new Int32Array(length)
        : kind === 'i8'
          ? new Int8Array(length)
          : kind === 'u8'
            ? new Uint8Array(length)
            : new Float64Array(length);
    const into = new Uint8Array(array.buffer, 0, bytes);
    if ((await handle.read(into, 0, bytes, start + at)).bytesRead !== bytes) return null;
    arrays.set(name, array);
  }
  const get = <A extends Numbers>(name: string, kind: new (...args: never[]) => A): A | null => {
    const array = arrays.get(name);
    return array instanceof kind ? (array as A) : null;
  };
  const i32 = (name: string) => get(name, Int32Array<ArrayBuffer>);
  const i8 = (name: string) => get(name, Int8Array<ArrayBuffer>);
  const u8 = (name: string) => get(name, Uint8Array<ArrayBuffer>);
  const names = {
    pool: i32('pool'),
    starts: i32('starts'),
    counts: i8('counts'),
    firsts: i8('firsts'),
    wholeA: i32('wholeA'),
    wholeB: i32('wholeB'),
    live: u8('live'),
    postingStarts: i32('postingStarts'),
    postings: i32('postings'),
  };
  const own = {
    idBytes: u8('idBytes'),
    idStart: i32('idStart'),
    idPacked: u8('idPacked'),
    day: i32('day'),
    precision: u8('precision'),
    recordedAt: get('recordedAt', Float64Array<ArrayBuffer>),
    graveOf: i32('graveOf'),
    nextInGrave: i32('nextInGrave'),
    firstInGrave: i32('firstInGrave'),
  };
  if ([...Object.values(names), ...Object.values(own)].some((v) => v === null)) return null;
  const lists = await readLists(handle, header, start, size);
  if (!lists) return null;
  return {
    versions: header.versions,
    names: { ...(names as Omit<SearchIndexParts['names'], 'words'>), words: lists.words },
    ...(own as Omit<SearchIndexParts, 'versions' | 'names' | 'days' | 'graveIds' | 'graveGender' | 'graveNumber'>),
    days: lists.days,
    graveIds: lists.graveIds,
    graveGender: lists.graveGender,
    graveNumber: lists.graveNumber,
  };
}

/** The lists, a piece of JSON at a time (each read from the file is a turn of the event loop for the others). */
async function readLists(handle: FileHandle, header: Header, start: number, size: number): Promise<Lists | null> {
  if (typeof header.lists !== 'object' || header.lists === null) return null;
  const lists: Record<string, unknown[]> = {};
  for (const name of LIST_NAMES) {
    const pieces = header.lists[name];
    if (!Array.isArray(pieces)) return null;
    const list: unknown[] = [];
    for (const { at, bytes } of pieces) {
      if (!(at >= 0 && bytes >= 0) || start + at + bytes > size) return null;
      const text = Buffer.alloc(bytes);
      if ((await handle.read(text, 0, bytes, start + at)).bytesRead !== bytes) return null;
      let piece: unknown;
      try {
        piece = JSON.parse(text.toString('utf8'));
      } catch {
        return null;
      }
      if (!Array.isArray(piece)) return null;
      for (const item of piece) list.push(item);
    }
    lists[name] = list;
  }
  return lists as unknown as Lists;
}
