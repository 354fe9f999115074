// The gzip copy of a whole section (GET /api/graves/male, female, bone), kept patched rather than built again after
// each write. Built again, a town's men's section cost each process about 180 ms of reading, serializing and
// compressing 2 MB after every write; with three processes and staff writing while 200 clients read, the builds took
// both cores and a section's answer waited seconds (the bench's scale-out). Here a write costs the graves it changed:
// the log of changed graves (data/graveFacts.ts) names them, they are read again, and only the runs of graves
// holding them are compressed again.
//
// The copy is one gzip stream made of runs of about RUN_GRAVES graves in the answer's order, each compressed on its
// own and ended by a sync flush (byte-aligned, not final), so that runs can be put side by side and one run replaced;
// a last block closes the array and the stream, and the trailer carries the CRC and size of the whole text. Each run
// is compressed with the text of the run before it as its dictionary (what a decompressor holds in its window when
// the run begins), so it may point back into it as one stream would: a write compresses its run and the next one
// again. The bytes decompress to exactly what sectionJson writes. A section whose text passes MAX_SECTION_BYTES (a city's) is not
// held: it is compressed whole as before (server/http/streamedAnswer.ts).
import { constants, crc32, deflateRawSync } from 'node:zlib';
import type { AppContext } from './context';
import type { Gender } from '../../src/domain/types';
import type { StatusContext } from '../data/graves';
import { gravesChangedWholly } from '../data/graveFacts';
import { graveTexts, sectionOrder, type SectionRow } from '../data/sectionStream';
import { crc32Combine } from './crc32Combine';
import { memoryOf, owned, ownedConcat, ownedText } from './ownedBytes';

/**
 * Graves compressed together; a run that grows past twice this is split. A write compresses two runs again: 32 graves
 * of a town (about 40 KB of text) take about a millisecond each.
 */
const RUN_GRAVES = 32;
/** The largest section text held (a town's men's section is about 2 MB, a city's 27 MB): it is held twice (its graves, its runs). */
const MAX_SECTION_BYTES = 4 * 1024 * 1024;
/** zlib's default: 9 costs twice the time for 1 % less (as streamedAnswer.ts). */
const GZIP_LEVEL = 6;
/** gzip's header: deflate, no name, no time, from Unix (RFC 1952). */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0, 0, 0, 0, 0x00, 0x03]);

interface Run {
  ids: string[];
  /**
   * Its text (its graves' texts joined) and that text compressed, for the place it had when they were made (the first
   * run opens the array) and after the text it had before it then (its dictionary); null once one of its graves
   * changed.
   */
  made: { text: Buffer; crc: number; deflated: Buffer; first: boolean; after: Buffer | null } | null;
}

interface Held {
  /** What the statuses were computed for: another day or resting period is read whole again. */
  today: string;
  restingPeriodDays: number;
  /** The section's counter before its graves were read: later changes are patched from it. */
  version: number;
  texts: Map<string, Buffer>;
  rows: Map<string, SectionRow>;
  runs: Run[];
  runOf: Map<string, Run>;
  bytes: number;
}

const sync = { level: GZIP_LEVEL, finishFlush: constants.Z_SYNC_FLUSH };
/** deflate's window: how far back a run may point into the text before it. */
const WINDOW_BYTES = 32 * 1024;

/** The section copies one process keeps, one per section. */
export class SectionCopies {
  private readonly held = new Map<Gender, Held>();
  /** The sections found too large to hold, and the day they were: not read for it again until another day. */
  private readonly tooLarge = new Map<Gender, string>();
  /** One build of a section at a time: a patch changes the held copy in place. */
  private readonly turns = new Map<Gender, Promise<unknown>>();
  private patched = 0;
  private compressed = 0;

  constructor(
    private readonly ctx: Pick<AppContext, 'db'>,
    private readonly maxBytes = MAX_SECTION_BYTES,
  ) {}

  /** How many copies were made by patching (the tests read it). */
  patches(): number {
    return this.patched;
  }

  /** The bytes every copy holds, and the memory behind them (the tests read it: see ownedBytes.ts). */
  memory(): { bytes: number; memory: number } {
    const buffers: Buffer[] = [];
    for (const held of this.held.values()) {
      buffers.push(...held.texts.values());
      for (const run of held.runs) if (run.made) buffers.push(run.made.text, run.made.deflated);
    }
    return memoryOf(buffers);
  }

  /** How many runs were compressed, in all builds (the tests read it). */
  runsCompressed(): number {
    return this.compressed;
  }

  /**
   * The section's whole answer gzipped, as it is now; null when the section is too large to hold (then until another
   * day: a section shrinks below the bound rarely, and reading it to find out cost a read of 4 MB). `version`: the
   * section's counter as the answer's tag was made from (the kept answers' reading of the counters): its graves are
   * read after it, so the copy is never older than its tag.
   */
  gzip(gender: Gender, status: StatusContext, version: string | undefined): Promise<Buffer | null> {
    const turn = (this.turns.get(gender) ?? Promise.resolve()).then(() => this.build(gender, status, version));
    const settled = turn.catch(() => undefined);
    this.turns.set(gender, settled);
    void settled.then(() => this.turns.get(gender) === settled && this.turns.delete(gender));
    return turn;
  }

  private async build(gender: Gender, status: StatusContext, counter: string | undefined): Promise<Buffer | null> {
    if (this.tooLarge.get(gender) === status.today) return null;
    const version = Number(counter ?? 0);
    const held = this.held.get(gender);
    const same = held && held.today === status.today && held.restingPeriodDays === status.restingPeriodDays;
    const changed = same && held.version <= version ? await this.changed(gender, held.version, version) : null;
    // Whatever fails below leaves no copy half patched: the next build reads the section whole.
    this.held.delete(gender);
    let now: Held | null;
    if (same && changed !== null) {
      now = await this.patch(held, gender, status, changed, version);
      this.patched++;
    } else {
      now = await this.read(gender, status, version);
    }
    if (now === null) {
      this.tooLarge.set(gender, status.today);
      return null;
    }
    this.held.set(gender, now);
    const { gzip, runsCompressed } = gzipOf(now);
    this.compressed += runsCompressed;
    return gzip;
  }

  private changed(gender: Gender, from: number, to: number): Promise<string[] | null> {
    return from === to ? Promise.resolve([]) : gravesChangedWholly(this.ctx.db, gender, from, to);
  }

  private async read(gender: Gender, status: StatusContext, version: number): Promise<Held | null> {
    const held: Held = {
      today: status.today,
      restingPeriodDays: status.restingPeriodDays,
      version,
      texts: new Map(),
      rows: new Map(),
      runs: [],
      runOf: new Map(),
      bytes: 0,
    };
    let run: Run | null = null;
    for await (const { row, text } of graveTexts(this.ctx.db, status, gender, null)) {
      const bytes = ownedText(text);
      held.bytes += bytes.length + 1;
      if (held.bytes > this.maxBytes) return null;
      held.texts.set(row.id, bytes);
      held.rows.set(row.id, row);
      if (run === null || run.ids.length >= RUN_GRAVES) {
        run = { ids: [], made: null };
        held.runs.push(run);
      }
      run.ids.push(row.id);
      held.runOf.set(row.id, run);
    }
    return held;
  }

  /** The graves `changed` read again: each taken out of its run, and put back in order if still in the section. */
  private async patch(
    held: Held,
    gender: Gender,
    status: StatusContext,
    changed: readonly string[],
    version: number,
  ): Promise<Held | null> {
    for (const id of changed) {
      const run = held.runOf.get(id);
      if (!run) continue;
      run.ids.splice(run.ids.indexOf(id), 1);
      run.made = null;
      held.bytes -= held.texts.get(id)!.length + 1;
      held.texts.delete(id);
      held.rows.delete(id);
      held.runOf.delete(id);
    }
    if (changed.length > 0) {
      for await (const { row, text } of graveTexts(this.ctx.db, status, gender, changed)) {
        const bytes = ownedText(text);
        held.bytes += bytes.length + 1;
        held.texts.set(row.id, bytes);
        held.rows.set(row.id, row);
        this.place(held, row);
      }
    }
    if (held.bytes > this.maxBytes) return null;
    held.runs = held.runs.filter((run) => run.ids.length > 0);
    held.version = version;
    return held;
  }

  /** Puts a grave into the run where its order puts it (a run grown past twice RUN_GRAVES is split in two). */
  private place(held: Held, row: SectionRow): void {
    const rowOf = (id: string) => held.rows.get(id)!;
    let at = held.runs.findIndex((run) => run.ids.length > 0 && sectionOrder(row, rowOf(run.ids.at(-1)!)) < 0);
    if (at === -1) at = held.runs.length - 1;
    if (at === -1) {
      held.runs.push({ ids: [], made: null });
      at = 0;
    }
    const run = held.runs[at]!;
    let i = 0;
    while (i < run.ids.length && sectionOrder(rowOf(run.ids[i]!), row) < 0) i++;
    run.ids.splice(i, 0, row.id);
    run.made = null;
    held.runOf.set(row.id, run);
    if (run.ids.length > 2 * RUN_GRAVES) {
      const rest: Run = { ids: run.ids.splice(RUN_GRAVES), made: null };
      for (const id of rest.ids) held.runOf.set(id, rest);
      held.runs.splice(at + 1, 0, rest);
    }
  }
}

/** A run's text: its graves' texts joined, after `[` for the first run and `,` for the others. */
function textOf(held: Held, run: Run, first: boolean): Buffer {
  const parts: Buffer[] = [];
  for (const [i, id] of run.ids.entries()) {
    parts.push(i === 0 ? (first ? OPEN : COMMA) : COMMA, held.texts.get(id)!);
  }
  return ownedConcat(parts);
}
const OPEN = Buffer.from('[');
const COMMA = Buffer.from(',');

/**
 * Whether a run compressed after the text `was` may stay as it is after `now`: what it may point back into (the last
 * WINDOW_BYTES) is the same. The texts are compared, not the buffers: a run compressed again has a new buffer of
 * often the same text, and comparing the buffers made a write compress every run after its own.
 */
function sameWindow(was: Buffer | null, now: Buffer | null): boolean {
  if (was === now) return true;
  if (was === null || now === null) return false;
  return was.subarray(-WINDOW_BYTES).equals(now.subarray(-WINDOW_BYTES));
}

/** The whole gzip stream: the runs compressed (again where changed), the closing bracket, the trailer. */
function gzipOf(held: Held): { gzip: Buffer; runsCompressed: number } {
  const parts: Buffer[] = [GZIP_HEADER];
  let runsCompressed = 0;
  let crc = 0;
  let size = 0;
  let before: Buffer | null = null;
  for (const [i, run] of held.runs.entries()) {
    const first = i === 0;
    if (run.made === null || run.made.first !== first || !sameWindow(run.made.after, before)) {
      const text = textOf(held, run, first);
      const dictionary: Buffer | undefined = before?.subarray(-WINDOW_BYTES);
      const deflated = owned(deflateRawSync(text, dictionary ? { ...sync, dictionary } : sync));
      run.made = { text, crc: crc32(text), deflated, first, after: before };
      runsCompressed++;
    } else {
      // The text before it now, the same in its last window: the one the next build compares with.
      run.made.after = before;
    }
    parts.push(run.made.deflated);
    crc = crc32Combine(crc, run.made.crc, run.made.text.length);
    size += run.made.text.length;
    before = run.made.text;
  }
  const tail = Buffer.from(held.runs.length === 0 ? '[]' : ']');
  parts.push(deflateRawSync(tail, { level: GZIP_LEVEL }));
  crc = crc32Combine(crc, crc32(tail), tail.length);
  size += tail.length;
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(size % 2 ** 32, 4);
  parts.push(trailer);
  return { gzip: ownedConcat(parts), runsCompressed };
}
