// Bringing a paper register in: the rows of a spreadsheet or of the console's keyboard-entry page, checked one by one
// and planned against the stored register. Pure, so the console checks a row as it is typed with the same rules the
// server saves it by; the server only loads the register, runs the plan and writes it.
//
// One report for every way in (dry run or real, file or keyboard):
//   {rowsRead, gravesCreated, burialsAdded, duplicates, refused: [{line, message}], warnings: [{line, message}], batchId}
// `line` is the file's line (the header is line 1) or, for typed rows, the row's place (the first is 1).
import { parseBurialDate, type BurialDate } from '../dates/burialDate';
import type { DatePrecision } from '../dates/datePrecision';
import { restoreCell } from './csv';
import { checkBurialInHistory, type HistoryBurial, type Reason } from './burialHistory';
import { formatNumber } from '../text/format';
import { t } from '../messages';
import { normalizeArabic } from '../search/normalize';
import { GENDERS, GRAVE_STATUS, type Gender } from '../types';
import { checkBurialName, checkGraveNumber, checkTextRules, TEXT_FIELDS } from './validation';

export const IMPORT_LIMITS = {
  notesMax: 500,
  /** Rows of one file that hold something. */
  fileRows: 20_000,
  /**
   * Every line of a file, blank ones counted: a sheet saved with thousands of formatted empty rows is refused at
   * once instead of being read to its end (a ledger of 20,000 rows with some blank ones fits well within).
   */
  fileLines: 50_000,
  /** Columns of one line: a ledger has about six; a sheet far wider is not the register. */
  fileColumns: 64,
  /** Characters of one cell: a name is at most 200 and notes 500. */
  cellChars: 2000,
  /** What a spreadsheet (.xlsx, a zip) may unpack to, all its parts together. A 20,000-row ledger is about 8 MB. */
  unpackedMegabytes: 40,
  /** Parts of a spreadsheet archive (a plain workbook has about ten). */
  archiveEntries: 1000,
  /**
   * How much one part may grow when unpacked, for parts over a megabyte: spreadsheets grow 5 to 30 times, a zip
   * bomb a thousand.
   */
  compressionRatio: 200,
  /**
   * Seconds reading a file may take before it is given up. A 5 MB file takes one to three on a small machine; the
   * bound leaves room for one whose cores are busy, within the request's own time limit (REQUEST_TIMEOUT, 60 s).
   */
  parseSeconds: 30,
  /** Rows of one keyboard batch (a ledger page is about 50). */
  batchRows: 1000,
  /** Graves of one range. */
  rangeGraves: 2000,
} as const;

/** The columns a file may have; number, name and date are needed, gender unless the request names the section. */
export const IMPORT_FIELDS = ['gender', 'number', 'name', 'date', 'notes', 'status'] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];

/**
 * The headers each column is known by, Arabic and English. The register's CSV export writes the first of each, so
 * an export imports as it is (الحالة carries the full mark; its ids are ignored).
 */
export const IMPORT_HEADERS: Record<ImportField, readonly string[]> = {
  gender: ['النوع', 'القسم', 'gender', 'section'],
  number: ['رقم المقبرة', 'الرقم', 'number', 'grave number', 'grave'],
  name: ['اسم المتوفى', 'الاسم', 'name'],
  date: ['تاريخ الدفن', 'التاريخ', 'date', 'burial date'],
  notes: ['ملاحظات', 'notes'],
  status: ['الحالة', 'status'],
};

const FIELD_LABELS: Record<ImportField, string> = {
  gender: 'القسم',
  number: 'رقم المقبرة',
  name: 'الاسم',
  date: 'تاريخ الدفن',
  notes: 'ملاحظات',
  status: 'الحالة',
};

const headerKey = (text: string) => normalizeArabic(text.replace(/^\uFEFF/, ''));

export type ColumnMap = Partial<Record<ImportField, number>>;

/**
 * Which column holds which field: by the client's mapping (field → header text as in the file) where given, else by
 * the known headers. Refused when a needed column is missing.
 */
export function mapColumns(
  header: readonly string[],
  options: { mapping?: Partial<Record<ImportField, string>>; sectionGiven?: boolean } = {},
): { ok: true; columns: ColumnMap } | { ok: false; message: string } {
  const keys = header.map((h) => headerKey(h));
  const columns: ColumnMap = {};
  for (const field of IMPORT_FIELDS) {
    const wanted = options.mapping?.[field];
    if (wanted !== undefined) {
      const at = keys.indexOf(headerKey(wanted));
      if (at < 0) return { ok: false, message: t('import.mappingInvalid') };
      columns[field] = at;
      continue;
    }
    const at = keys.findIndex((k) => k !== '' && IMPORT_HEADERS[field].some((known) => headerKey(known) === k));
    if (at >= 0) columns[field] = at;
  }
  const needed: ImportField[] = options.sectionGiven
    ? ['number', 'name', 'date']
    : ['gender', 'number', 'name', 'date'];
  const missing = needed.filter((field) => columns[field] === undefined);
  if (missing.length > 0) {
    return {
      ok: false,
      message: t('import.columnsMissing', { columns: missing.map((f) => `«${FIELD_LABELS[f]}»`).join('، ') }),
    };
  }
  return { ok: true, columns };
}

/** One row as read from a file or typed, before any check. */
export interface RawBurialRow {
  line: number;
  gender?: unknown;
  number?: unknown;
  name?: unknown;
  date?: unknown;
  notes?: unknown;
  status?: unknown;
  /** Typed rows: create the grave when it does not exist (a file's rows always may). */
  createGrave?: boolean;
}

/**
 * A spreadsheet cell as text: the CSV export neutralises formula-looking text with a leading apostrophe
 * (src/domain/rules/csv), which is taken off again here so that an export imports as it was.
 */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  return restoreCell(String(value).trim()).trim();
}

/** A row of cells as a raw row, by the column map. */
export function rowFromCells(cells: readonly unknown[], columns: ColumnMap, line: number): RawBurialRow {
  const row: RawBurialRow = { line };
  for (const field of IMPORT_FIELDS) {
    const at = columns[field];
    if (at !== undefined) row[field] = cells[at];
  }
  return row;
}

const SECTION_WORDS: Record<Gender, readonly string[]> = {
  men: ['رجال', 'رجل', 'الرجال', 'ذكور', 'ذكر', 'men', 'man', 'male'],
  women: ['نساء', 'امراه', 'النساء', 'سيدات', 'اناث', 'انثي', 'women', 'woman', 'female'],
  bones: ['عظام', 'العظام', 'bones', 'bone'],
};

/** The section named by a cell, in Arabic or English; null when it names none. */
export function parseSection(value: unknown): Gender | null {
  const key = headerKey(cellText(value));
  if ((GENDERS as readonly string[]).includes(key)) return key as Gender;
  for (const gender of GENDERS) if (SECTION_WORDS[gender].some((w) => headerKey(w) === key)) return gender;
  return null;
}

/** A row that passed its own checks (the register is not consulted yet). */
export interface CheckedRow {
  line: number;
  gender: Gender;
  /** The grave number's canonical text ("12", or a bone section's label). */
  number: string;
  /** Null for a row that only names a grave (no name and no date): the grave is created, nothing is buried. */
  burial: ({ name: string; nameKey: string; notes: string | null } & BurialDate) | null;
  full: boolean;
  createGrave: boolean;
}

export type RowCheck = { ok: true; row: CheckedRow } | { ok: false; line: number; message: string };

/** The section a row names (or the default one when its cell is empty), null when it names none. */
function rowSection(raw: RawBurialRow, defaultSection?: Gender): Gender | null {
  return cellText(raw.gender) === '' && defaultSection ? defaultSection : parseSection(raw.gender);
}

const rowNumber = (raw: RawBurialRow, gender: Gender) =>
  checkGraveNumber(gender, typeof raw.number === 'number' ? raw.number : cellText(raw.number));

/**
 * The grave a row names, as the plan keys it, or null when its section or number is refused: the server reads only
 * these graves of the register, not whole sections.
 */
export function rowGrave(raw: RawBurialRow, defaultSection?: Gender): { gender: Gender; number: string } | null {
  const gender = rowSection(raw, defaultSection);
  if (!gender) return null;
  const number = rowNumber(raw, gender);
  return number.ok ? { gender, number: String(number.value) } : null;
}

/** One row's own checks, in the order a clerk reads them: section, grave number, name, date, notes. */
export function checkBurialRow(raw: RawBurialRow, today: string, defaultSection?: Gender): RowCheck {
  const refuse = (message: string): RowCheck => ({ ok: false, line: raw.line, message });
  const gender = rowSection(raw, defaultSection);
  if (!gender) return refuse(t('import.sectionInvalid'));
  const number = rowNumber(raw, gender);
  if (!number.ok) return refuse(t(number.error));
  const nameText = cellText(raw.name);
  const dateText = typeof raw.date === 'number' ? raw.date : cellText(raw.date);
  const notesText = cellText(raw.notes);
  const full = headerKey(cellText(raw.status)) === headerKey(GRAVE_STATUS.full);
  const base = { line: raw.line, gender, number: String(number.value), full, createGrave: raw.createGrave === true };
  if (nameText === '' && dateText === '' && notesText === '') return { ok: true, row: { ...base, burial: null } };
  const name = checkBurialName(nameText);
  if (!name.ok) return refuse(t(name.error));
  const date = parseBurialDate(dateText, today);
  if (!date.ok) return refuse(t(date.error));
  const notes = checkTextRules(notesText, TEXT_FIELDS.importNotes);
  if (!notes.ok) return refuse(t(notes.error));
  if ([...notes.value].length > IMPORT_LIMITS.notesMax) {
    return refuse(t('burial.notesTooLong', { max: formatNumber(IMPORT_LIMITS.notesMax) }));
  }
  return {
    ok: true,
    row: {
      ...base,
      burial: { name: name.value, nameKey: normalizeArabic(name.value), notes: notes.value || null, ...date.value },
    },
  };
}

/** A grave as the plan needs it from the register. */
export interface StoredGrave {
  id: string;
  gender: Gender;
  number: string;
  full: boolean;
  burials: ReadonlyArray<HistoryBurial & { nameKey: string }>;
}

export const graveKey = (gender: Gender, number: string) => `${gender}\u0000${number}`;

export interface PlannedBurial {
  line: number;
  graveKey: string;
  name: string;
  nameKey: string;
  date: string;
  precision: BurialDate['precision'];
  notes: string | null;
  /** The history rule's first warning, kept with the burial and shown on the grave's page. */
  warning: Reason | null;
}

export type PreviewDate =
  | { date: string; precision: DatePrecision; swapped: { date: string; precision: DatePrecision } | null }
  | { error: string };

export interface ImportReport {
  rowsRead: number;
  gravesCreated: number;
  burialsAdded: number;
  duplicates: number;
  refused: Array<{ line: number; message: string }>;
  warnings: Array<{ line: number; message: string }>;
  batchId: string | null;
  /** A file's import only: the header of the column read for each field. */
  columns?: Partial<Record<ImportField, string>>;
  /** A file's import only: its header and first 20 rows as read. */
  preview?: string[][];
  /** A file's import only: each previewed row's date as read (see dateAsRead), or why it is none; null without. */
  previewDates?: Array<PreviewDate | null>;
}

export interface BurialPlan {
  report: ImportReport;
  /** Graves to create, in the order first met; `full` for the ones the file marks full. */
  newGraves: Array<{ key: string; gender: Gender; number: string; full: boolean }>;
  burials: PlannedBurial[];
}

export interface PlanOptions {
  today: string;
  restingPeriodDays: number;
  /** The section of rows that name none (a file of one section). */
  defaultSection?: Gender;
  /** 'always' for a file; 'asked' for typed rows, which create a missing grave only with createGrave. */
  createGraves: 'always' | 'asked';
}

const burialKey = (grave: string, nameKey: string, b: BurialDate) =>
  `${grave}\u0000${nameKey}\u0000${b.date}\u0000${b.precision}`;

/**
 * What the rows would do to the register: each row checked, its grave found or created, duplicates (same section,
 * number, normalised name and date as a stored burial or an earlier row) skipped, and the history rule applied with
 * the earlier rows counted as part of the grave's history. Rows are taken one at a time, so that the server can plan
 * a file of 20,000 rows in slices and let other requests be answered between them (a whole file at once holds a
 * small server's only thread for a second or more); planBurials takes them all at once.
 */
export class BurialPlanner {
  private readonly report: ImportReport = {
    rowsRead: 0,
    gravesCreated: 0,
    burialsAdded: 0,
    duplicates: 0,
    refused: [],
    warnings: [],
    batchId: null,
  };
  private readonly newGraves: BurialPlan['newGraves'] = [];
  private readonly newGraveOf = new Map<string, BurialPlan['newGraves'][number]>();
  private readonly burials: PlannedBurial[] = [];
  // Each grave met, as it stands with the rows planned so far.
  private readonly graves = new Map<
    string,
    { gender: Gender; full: boolean; burials: HistoryBurial[]; isNew: boolean }
  >();
  private readonly seen = new Set<string>();

  constructor(
    private readonly stored: ReadonlyMap<string, StoredGrave>,
    private readonly options: PlanOptions,
  ) {}

  private graveOf(key: string) {
    let grave = this.graves.get(key);
    if (!grave) {
      const s = this.stored.get(key);
      if (!s) return null;
      grave = { gender: s.gender, full: s.full, burials: [...s.burials], isNew: false };
      for (const b of s.burials) this.seen.add(burialKey(key, b.nameKey, b));
      this.graves.set(key, grave);
    }
    return grave;
  }

  /** Plans one more row, after the ones before it. */
  add(raw: RawBurialRow): void {
    const { report, options, seen, burials, newGraves, newGraveOf, graves } = this;
    report.rowsRead++;
    const checked = checkBurialRow(raw, options.today, options.defaultSection);
    if (!checked.ok) {
      report.refused.push({ line: checked.line, message: checked.message });
      return;
    }
    const row = checked.row;
    const key = graveKey(row.gender, row.number);
    let grave = this.graveOf(key);
    if (!grave) {
      if (options.createGraves !== 'always' && !row.createGrave) {
        report.refused.push({
          line: row.line,
          message: t('import.graveUnknown', {
            number: row.gender === 'bones' ? row.number : formatNumber(Number(row.number)),
            section: t(`gender.${row.gender}`),
          }),
        });
        return;
      }
      grave = { gender: row.gender, full: false, burials: [], isNew: true };
      graves.set(key, grave);
      const created = { key, gender: row.gender, number: row.number, full: false };
      newGraves.push(created);
      newGraveOf.set(key, created);
      report.gravesCreated++;
    }
    // The full mark of a file applies to the graves it creates, after all their burials.
    if (row.full && grave.isNew) newGraveOf.get(key)!.full = true;
    const burial = row.burial;
    if (!burial) return;
    const dup = burialKey(key, burial.nameKey, burial);
    if (seen.has(dup)) {
      report.duplicates++;
      report.warnings.push({ line: row.line, message: t('import.duplicate') });
      return;
    }
    const verdict = checkBurialInHistory(grave, burial, options.today, options.restingPeriodDays);
    if (!verdict.ok) {
      report.refused.push({ line: row.line, message: t(verdict.reason.key, verdict.reason.params) });
      return;
    }
    for (const w of verdict.warnings) report.warnings.push({ line: row.line, message: t(w.key, w.params) });
    seen.add(dup);
    grave.burials.push({ name: burial.name, date: burial.date, precision: burial.precision });
    burials.push({
      line: row.line,
      graveKey: key,
      name: burial.name,
      nameKey: burial.nameKey,
      date: burial.date,
      precision: burial.precision,
      notes: burial.notes,
      warning: verdict.warnings[0] ?? null,
    });
    report.burialsAdded++;
  }

  plan(): BurialPlan {
    return { report: this.report, newGraves: this.newGraves, burials: this.burials };
  }
}

/** The plan of all these rows at once (the console's check of typed rows, small batches). */
export function planBurials(
  rows: readonly RawBurialRow[],
  stored: ReadonlyMap<string, StoredGrave>,
  options: PlanOptions,
): BurialPlan {
  const planner = new BurialPlanner(stored, options);
  for (const raw of rows) planner.add(raw);
  return planner.plan();
}
